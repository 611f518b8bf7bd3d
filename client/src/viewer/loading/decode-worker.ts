/**
 * Decodes the pixels of plain grayscale files while a series downloads (file-fetcher.ts), on a
 * thread of its own: the fetch worker reads the answer and passes each file here through a
 * message port, and its files reach the main thread from here, in order, with their pixels
 * (native-decode.ts). Decoding in the fetch worker made that worker the slowest link (reading
 * and decoding one after the other); on the main thread it competed with drawing.
 *
 * A series asked for before the viewer's first image (`hold`) is decoded as it comes but kept
 * here, its end included, until the main thread's release: the main thread, busy with
 * Cornerstone's start, then takes the files in batches. Before the renderer is known, a file whose
 * pixels depend on it (a fractional rescale) is decoded at the release.
 */
import type { DecodeRelease, DecodeRequest, FetchAnswer } from './fetch-protocol.ts';
import { decodePlainFile } from './plain-grayscale.ts';

const scope = self as unknown as Worker;
/** Files passed on in one message after the release: fewer tasks for the main thread. */
const RELEASE_BATCH = 16;

let released = false;
let renderer: boolean | null = null;
/** Answers held until the release, decoded where the renderer did not matter. */
const held: { answer: FetchAnswer; later: boolean }[] = [];

function transfers(answer: FetchAnswer): Transferable[] {
  const list: Transferable[] = answer.buffer ? [answer.buffer] : [];
  if (answer.decoded) list.push(answer.decoded.pixelData.buffer);
  return list;
}

/** The answer with its pixels, or `later` when they wait for the renderer. */
function decodeAnswer(answer: FetchAnswer, allowFloat: boolean | null): { answer: FetchAnswer; later: boolean } {
  if (!answer.buffer) return { answer, later: false };
  const decoded = decodePlainFile(answer.buffer, allowFloat);
  if (decoded === 'later') return { answer, later: true };
  return { answer: decoded ? { ...answer, decoded } : answer, later: false };
}

function onRequest(request: DecodeRequest): void {
  const { decode, ...answer } = request;
  if (!decode) {
    scope.postMessage(answer satisfies FetchAnswer, transfers(answer));
    return;
  }
  const allowFloat = decode.allowFloat ?? renderer;
  const item = decodeAnswer(answer, allowFloat);
  if (decode.hold && !released) {
    held.push(item);
    return;
  }
  const ready = item.later ? decodeAnswer(item.answer, allowFloat).answer : item.answer;
  scope.postMessage(ready satisfies FetchAnswer, transfers(ready));
}

function release(message: DecodeRelease): void {
  released = true;
  renderer = message.allowFloat ?? null;
  const answers = held.splice(0).map((item) => (item.later ? decodeAnswer(item.answer, renderer).answer : item.answer));
  for (let at = 0; at < answers.length; at += RELEASE_BATCH) {
    const batch = answers.slice(at, at + RELEASE_BATCH);
    scope.postMessage({ id: batch[0]!.id, batch } satisfies FetchAnswer, batch.flatMap(transfers));
  }
}

scope.addEventListener('message', (event: MessageEvent<{ port: MessagePort } | DecodeRelease>) => {
  const message = event.data;
  if ('kind' in message) {
    release(message);
    return;
  }
  message.port.addEventListener('message', (request: MessageEvent<DecodeRequest>) => onRequest(request.data));
  message.port.start();
});
