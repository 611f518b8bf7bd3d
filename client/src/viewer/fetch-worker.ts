/**
 * Downloads whole DICOM files off the main thread (file-fetcher.ts). Receiving a response body
 * costs the thread that asked for it: with the image loader's XMLHttpRequest that was the main
 * thread, several milliseconds per 512 KB file, which made a 300-image series wait on the main
 * thread rather than the network. Here the bytes arrive in the worker and move to the main
 * thread without a copy (a transferred ArrayBuffer).
 */
interface FetchRequest {
  id: number;
  url: string;
}

const scope = self as unknown as Worker;

scope.addEventListener('message', (event: MessageEvent<FetchRequest>) => {
  const { id, url } = event.data;
  fetch(url, { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const buffer = await response.arrayBuffer();
      scope.postMessage({ id, buffer }, [buffer]);
    })
    .catch((error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }));
});
