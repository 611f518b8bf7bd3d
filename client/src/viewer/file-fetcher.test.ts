import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fetch whose answers the test releases one by one; no Worker here, so the module fetches itself. */
function controlledFetch() {
  const open: { url: string; release: () => void }[] = [];
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          asked.push(url);
          open.push({ url, release: () => resolve(new Response(new Uint8Array([url.length]))) });
        }),
    ),
  );
  return { open, asked };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('file fetcher', () => {
  it('downloads two files at once until the first image shows, then four, in the order asked', async () => {
    const { open, asked } = controlledFetch();
    const { prefetchFiles } = await import('./file-fetcher.ts');
    const { firstImageSettled } = await import('./early-image.ts');
    prefetchFiles(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    await tick();
    expect(asked).toEqual(['a', 'b']);
    firstImageSettled();
    await tick();
    await tick();
    expect(asked).toEqual(['a', 'b', 'c', 'd']);
    open.shift()!.release();
    await tick();
    await tick();
    expect(asked).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('hands a prefetched file over once, and asks again afterwards', async () => {
    const { open, asked } = controlledFetch();
    const { fetchFile, prefetchFiles } = await import('./file-fetcher.ts');
    prefetchFiles(['file-1']);
    const first = fetchFile('file-1');
    await tick();
    open.shift()!.release();
    expect(new Uint8Array(await first)).toEqual(new Uint8Array([6]));
    expect(asked).toEqual(['file-1']);
    const again = fetchFile('file-1');
    await tick();
    open.shift()!.release();
    await again;
    expect(asked).toEqual(['file-1', 'file-1']);
  });
});

/** A stand-in for the fetch worker: the test answers its series requests. */
class FakeWorker extends EventTarget {
  static last: FakeWorker | null = null;
  readonly asked: { id: number; kind: string; url: string }[] = [];
  constructor() {
    super();
    FakeWorker.last = this;
  }
  postMessage(message: { id: number; kind: string; url: string }): void {
    this.asked.push(message);
  }
  answer(data: object): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

describe('series download', () => {
  it('hands over the files of one series answer, and fetches what it lacked one by one', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { fetchFile, prefetchSeries } = await import('./file-fetcher.ts');
    const { firstImageSettled } = await import('./early-image.ts');
    prefetchSeries('/series/1', [
      { sop: '1.1', url: 'file-1' },
      { sop: '1.2', url: 'file-2' },
    ]);
    const worker = FakeWorker.last!;
    await tick();
    // The series waits for the viewer's first image.
    expect(worker.asked).toEqual([]);
    firstImageSettled();
    await tick();
    expect(worker.asked).toEqual([{ id: 0, kind: 'series', url: '/series/1' }]);
    const first = fetchFile('file-1');
    worker.answer({ id: 0, sop: '1.1', buffer: new Uint8Array([1]).buffer });
    // A part of another instance (stored since the list was read) is dropped.
    worker.answer({ id: 0, sop: '9.9', buffer: new Uint8Array([9]).buffer });
    expect(new Uint8Array(await first)).toEqual(new Uint8Array([1]));
    worker.answer({ id: 0, done: true });
    await tick();
    // file-2 was not in the answer: asked for on its own.
    expect(worker.asked[1]).toEqual({ id: 1, kind: 'file', url: 'file-2' });
    const second = fetchFile('file-2');
    worker.answer({ id: 1, buffer: new Uint8Array([2]).buffer });
    expect(new Uint8Array(await second)).toEqual(new Uint8Array([2]));
  });

  it('leaves out files already asked for', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { prefetchFiles, prefetchSeries } = await import('./file-fetcher.ts');
    prefetchFiles(['file-1']);
    prefetchSeries('/series/1', [{ sop: '1.1', url: 'file-1' }]);
    expect(FakeWorker.last!.asked).toEqual([{ id: 0, kind: 'file', url: 'file-1' }]);
  });
});
