/**
 * Downloads whole DICOM files off the main thread (file-fetcher.ts). Receiving a response body
 * costs the thread that asked for it: with the image loader's XMLHttpRequest that was the main
 * thread, several milliseconds per 512 KB file, which made a 300-image series wait on the main
 * thread rather than the network. Here the bytes arrive in the worker and move to the main
 * thread without a copy (a transferred ArrayBuffer).
 *
 * Two kinds of request: one file (`kind: 'file'`, a WADO-URI URL), answered with its bytes; and
 * a whole series (`kind: 'series'`, a WADO-RS series URL), whose files are posted one by one as
 * they arrive, each with its SOP Instance UID, then `done`. A series answer is read with a
 * byte-stream reader where the browser has one (multipart.ts). Asked to decode, the worker sends
 * a series' files, then its end or failure, through the decode worker (decode-worker.ts), which
 * adds their pixels and passes them on to the main thread in the same order.
 *
 * A series is first asked for as stored. When its parts arrive slower than a LAN brings them
 * (link-speed.ts), the answer is cut and asked for again with `Save-Data: on`: the adapter then
 * brotli-encodes it, the browser decodes it, and the files are the same bytes. Files posted before
 * the cut are not posted twice by the main thread (it takes each SOP Instance UID once).
 */
import { boundaryOf, readMultipart } from './multipart.ts';
import { SERIES_ACCEPT, type DecodeRequest, type DecoderPort, type FetchAnswer, type FetchRequest } from './fetch-protocol.ts';
import { mediaStorageSopInstanceUid } from './part10.ts';
import { LinkProbe } from './link-speed.ts';

const scope = self as unknown as Worker;
let decoder: MessagePort | null = null;

async function fetchFile(id: number, url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const buffer = await response.arrayBuffer();
  scope.postMessage({ id, buffer } satisfies FetchAnswer, [buffer]);
}

async function fetchSeries({ id, url, decode }: FetchRequest): Promise<void> {
  // Everything about a decoded series goes the same way, so its end never overtakes its files.
  const via = decode && decoder ? decoder : null;
  const post = (answer: FetchAnswer, transfer: Transferable[] = []) =>
    via
      ? via.postMessage({ ...answer, allowFloat: decode?.allowFloat } satisfies DecodeRequest, transfer)
      : scope.postMessage(answer, transfer);
  const onFile = (buffer: ArrayBuffer) => {
    const sop = mediaStorageSopInstanceUid(buffer);
    if (sop) post({ id, buffer, sop }, [buffer]);
  };
  const read = async (headers: Record<string, string>, signal: AbortSignal | undefined, onPart: (buffer: ArrayBuffer) => void) => {
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept: SERIES_ACCEPT, ...headers }, signal });
    const boundary = boundaryOf(response.headers.get('content-type'));
    if (!response.ok || !response.body || !boundary) throw new Error(`HTTP ${response.status}`);
    await readMultipart(response.body, boundary, onPart);
  };
  try {
    const probe = new LinkProbe();
    const cut = new AbortController();
    let cutOff = false;
    try {
      await read({}, cut.signal, (buffer) => {
        const size = buffer.byteLength;
        onFile(buffer);
        if (probe.slow(size, performance.now())) cut.abort();
      });
    } catch (error) {
      if (!cut.signal.aborted) throw error;
      cutOff = true;
    }
    // A slow link: the rest (and the file cut off) compressed; parts already posted are dropped.
    if (cutOff) await read({ 'save-data': 'on' }, undefined, onFile);
    post({ id, done: true });
  } catch (error) {
    post({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

scope.addEventListener('message', (event: MessageEvent<FetchRequest | DecoderPort>) => {
  const message = event.data;
  if (message.kind === 'decoder') {
    decoder = message.port;
    return;
  }
  if (message.kind === 'series') {
    void fetchSeries(message);
    return;
  }
  fetchFile(message.id, message.url).catch((error: unknown) =>
    scope.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies FetchAnswer),
  );
});
