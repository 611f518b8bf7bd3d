/**
 * Downloads whole DICOM files off the main thread (file-fetcher.ts). Receiving a response body
 * costs the thread that asked for it: with the image loader's XMLHttpRequest that was the main
 * thread, several milliseconds per 512 KB file, which made a 300-image series wait on the main
 * thread rather than the network. Here the bytes arrive in the worker and move to the main
 * thread without a copy (a transferred ArrayBuffer).
 *
 * Two kinds of request: one file (`kind: 'file'`, a WADO-URI URL), answered with its bytes; and
 * a whole series (`kind: 'series'`, a WADO-RS series URL), whose files are posted one by one as
 * they arrive, each with its SOP Instance UID, then `done`.
 */
import { boundaryOf, MultipartReader } from './multipart.ts';
import { SERIES_ACCEPT, type FetchAnswer, type FetchRequest } from './fetch-protocol.ts';
import { mediaStorageSopInstanceUid } from './part10.ts';

const scope = self as unknown as Worker;

async function fetchFile(id: number, url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const buffer = await response.arrayBuffer();
  scope.postMessage({ id, buffer } satisfies FetchAnswer, [buffer]);
}

async function fetchSeries(id: number, url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: SERIES_ACCEPT } });
  const boundary = boundaryOf(response.headers.get('content-type'));
  if (!response.ok || !response.body || !boundary) throw new Error(`HTTP ${response.status}`);
  const reader = new MultipartReader(boundary, (buffer) => {
    const sop = mediaStorageSopInstanceUid(buffer);
    if (sop) scope.postMessage({ id, buffer, sop } satisfies FetchAnswer, [buffer]);
  });
  const stream = response.body.getReader();
  for (;;) {
    const { done, value } = await stream.read();
    if (done) break;
    reader.push(value);
  }
  reader.finish();
  scope.postMessage({ id, done: true } satisfies FetchAnswer);
}

scope.addEventListener('message', (event: MessageEvent<FetchRequest>) => {
  const { id, kind, url } = event.data;
  (kind === 'series' ? fetchSeries(id, url) : fetchFile(id, url)).catch((error: unknown) =>
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies FetchAnswer),
  );
});
