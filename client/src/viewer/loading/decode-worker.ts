/**
 * Decodes the pixels of plain grayscale files while a series downloads (file-fetcher.ts), on a
 * thread of its own: the fetch worker reads the answer and passes each file here through a
 * message port, and its files reach the main thread from here, in order, with their pixels
 * (native-decode.ts), written over the file's stored values where they fit (no second buffer per
 * file). Decoding in the fetch worker made that worker the slowest link (reading and decoding one
 * after the other); on the main thread it competed with drawing.
 */
import type { DecodeRequest, FetchAnswer } from './fetch-protocol.ts';
import { decodePlainFile } from './plain-grayscale.ts';

const scope = self as unknown as Worker;

function forward(request: DecodeRequest): void {
  const { allowFloat, ...answer } = request;
  if (!answer.buffer || allowFloat === undefined) {
    scope.postMessage(answer satisfies FetchAnswer, answer.buffer ? [answer.buffer] : []);
    return;
  }
  // In place: the file's buffer holds its pixels too, and is transferred once.
  const decoded = decodePlainFile(answer.buffer, allowFloat, { inPlace: true });
  const pixels = decoded && !decoded.inFile ? [decoded.pixelData.buffer as ArrayBuffer] : [];
  scope.postMessage({ ...answer, decoded } satisfies FetchAnswer, [answer.buffer, ...pixels]);
}

scope.addEventListener('message', (event: MessageEvent<{ port: MessagePort }>) => {
  const { port } = event.data;
  port.addEventListener('message', (message: MessageEvent<DecodeRequest>) => forward(message.data));
  port.start();
});
