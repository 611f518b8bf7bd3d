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
    send({ id: 3, sop: '1.1', buffer: file('CT_small.dcm'), allowFloat: true });
    // JPEG: not decoded here, passed on as it is.
    send({ id: 3, sop: '1.2', buffer: file('SC_rgb_jpeg_dcmtk.dcm'), allowFloat: true });
    send({ id: 3, done: true, allowFloat: true });
    await vi.waitFor(() => expect(scope.posted).toHaveLength(3));
    channel.port1.close();
    const [ct, jpeg, end] = scope.posted;
    expect(ct!.sop).toBe('1.1');
    expect(ct!.decoded?.pixelData).toBeInstanceOf(Int16Array);
    expect(ct!.decoded?.pixelData.length).toBe(128 * 128);
    expect(ct!.decoded?.rescale).toEqual({ slope: 1, intercept: -1024 });
    expect(ct!.buffer?.byteLength).toBe(file('CT_small.dcm').byteLength);
    // Written over the file's stored values: one buffer for both.
    expect(ct!.decoded?.inFile).toBe(true);
    expect(ct!.decoded?.pixelData.buffer).toBe(ct!.buffer);
    expect(jpeg!.sop).toBe('1.2');
    expect(jpeg!.decoded).toBeUndefined();
    expect(end).toEqual({ id: 3, done: true });
  });
});
