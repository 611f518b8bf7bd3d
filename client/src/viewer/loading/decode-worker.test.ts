import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DecodeRequest, FetchAnswer } from './fetch-protocol.ts';

const PYDICOM = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

/** The worker's global scope: what it posts to the main thread is kept. */
class Scope extends EventTarget {
  readonly posted: FetchAnswer[] = [];
  postMessage(message: FetchAnswer): void {
    this.posted.push(message);
  }
}

function file(name: string): ArrayBuffer {
  const bytes = readFileSync(`${PYDICOM}/${name}`);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('decode worker', () => {
  it('passes files on in order, with the pixels of plain grayscale ones', async () => {
    const scope = new Scope();
    vi.stubGlobal('self', scope);
    await import('./decode-worker.ts');
    const channel = new MessageChannel();
    scope.dispatchEvent(new MessageEvent('message', { data: { port: channel.port2 } }));
    const send = (request: DecodeRequest) => channel.port1.postMessage(request);
    send({ id: 3, sop: '1.1', buffer: file('CT_small.dcm'), decode: { allowFloat: true } });
    // JPEG: not decoded here, passed on as it is.
    send({ id: 3, sop: '1.2', buffer: file('SC_rgb_jpeg_dcmtk.dcm'), decode: { allowFloat: true } });
    send({ id: 3, done: true, decode: { allowFloat: true } });
    await vi.waitFor(() => expect(scope.posted).toHaveLength(3));
    channel.port1.close();
    const [ct, jpeg, end] = scope.posted;
    expect(ct!.sop).toBe('1.1');
    expect(ct!.decoded?.pixelData).toBeInstanceOf(Int16Array);
    expect(ct!.decoded?.pixelData.length).toBe(128 * 128);
    expect(ct!.decoded?.rescale).toEqual({ slope: 1, intercept: -1024 });
    expect(ct!.buffer?.byteLength).toBe(file('CT_small.dcm').byteLength);
    expect(jpeg!.sop).toBe('1.2');
    expect(jpeg!.decoded).toBeUndefined();
    expect(end).toEqual({ id: 3, done: true });
  });

  it('holds a series asked for before the first image, decoded, until the release; then passes it on in batches', async () => {
    const scope = new Scope();
    vi.stubGlobal('self', scope);
    await import('./decode-worker.ts');
    const channel = new MessageChannel();
    scope.dispatchEvent(new MessageEvent('message', { data: { port: channel.port2 } }));
    const decode = { hold: true };
    for (let n = 0; n < 20; n++)
      channel.port1.postMessage({ id: 5, sop: `1.${n}`, buffer: file('CT_small.dcm'), decode } satisfies DecodeRequest);
    channel.port1.postMessage({ id: 5, done: true, decode } satisfies DecodeRequest);
    // Nothing reaches the main thread before the release, not even the end.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scope.posted).toEqual([]);
    scope.dispatchEvent(new MessageEvent('message', { data: { kind: 'release', allowFloat: false } }));
    const answers = scope.posted.flatMap((message) => message.batch ?? [message]);
    // 21 answers in two messages, in the order they came; the CT's whole-number rescale was
    // decoded before the renderer was known (the same pixels for either).
    expect(scope.posted).toHaveLength(2);
    expect(answers.map((answer) => answer.sop ?? 'end')).toEqual([...Array.from({ length: 20 }, (_, n) => `1.${n}`), 'end']);
    expect(answers[0]!.decoded?.allowFloat).toBeNull();
    expect(answers[0]!.decoded?.pixelData).toBeInstanceOf(Int16Array);
    // After the release, files pass straight on.
    channel.port1.postMessage({ id: 6, sop: '2.1', buffer: file('CT_small.dcm'), decode: { hold: true } } satisfies DecodeRequest);
    await vi.waitFor(() => expect(scope.posted).toHaveLength(3));
    expect(scope.posted[2]!.sop).toBe('2.1');
    channel.port1.close();
  });
});
