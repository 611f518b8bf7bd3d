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

/** A fresh series loader (its file fetcher and first image), its methods bound for the tests below. */
async function loader() {
  const { createSeriesLoader } = await import('./series-loader.ts');
  const created = createSeriesLoader();
  return {
    fetchFile: (url: string) => created.fetchFile(url),
    prefetchFiles: (urls: readonly string[]) => created.prefetchFiles(urls),
    prefetchSeries: (url: string, files: readonly { sop: string; url: string }[]) => created.prefetchSeries(url, files),
    decodeSeriesPixels: (options: { allowFloat: boolean }) => created.decodeSeriesPixels(options),
    takeDecodedPixels: (file: ArrayBufferLike) => created.takeDecodedPixels(file),
    firstImageSettled: () => created.firstImageSettled(),
  };
}

describe('file fetcher', () => {
  it('downloads two files at once until the first image shows, then four, in the order asked', async () => {
    const { open, asked } = controlledFetch();
    const { prefetchFiles, firstImageSettled } = await loader();
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
    const { fetchFile, prefetchFiles } = await loader();
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
  static all: FakeWorker[] = [];
  readonly asked: { id?: number; kind?: string; url?: string }[] = [];
  /** Ports handed over (the fetch and decode workers are joined by one). */
  readonly ports: { kind?: string; port: MessagePort }[] = [];
  constructor(readonly url: URL) {
    super();
    FakeWorker.all.push(this);
  }
  postMessage(message: { id?: number; kind?: string; url?: string; port?: MessagePort }): void {
    const { port, ...rest } = message;
    if (port) this.ports.push({ kind: rest.kind, port });
    else this.asked.push(message);
  }
  answer(data: object): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

describe('series download', () => {
  it('hands over the files of one series answer, and fetches what it lacked one by one', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.all = [];
    const { fetchFile, prefetchSeries, firstImageSettled } = await loader();
    prefetchSeries('/series/1', [
      { sop: '1.1', url: 'file-1' },
      { sop: '1.2', url: 'file-2' },
    ]);
    const worker = FakeWorker.all[0]!;
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
    FakeWorker.all = [];
    const { prefetchFiles, prefetchSeries } = await loader();
    prefetchFiles(['file-1']);
    prefetchSeries('/series/1', [{ sop: '1.1', url: 'file-1' }]);
    expect(FakeWorker.all[0]!.asked).toEqual([{ id: 0, kind: 'file', url: 'file-1' }]);
  });

  it('has series decoded on the way once the renderer is known, and hands the pixels over once', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.all = [];
    const { decodeSeriesPixels, fetchFile, prefetchSeries, takeDecodedPixels, firstImageSettled } = await loader();
    decodeSeriesPixels({ allowFloat: true });
    prefetchSeries('/series/1', [{ sop: '1.1', url: 'file-1' }]);
    firstImageSettled();
    await tick();
    const [fetcher, decoder] = FakeWorker.all;
    expect(String(decoder?.url)).toMatch(/decode-worker/);
    // The two workers are joined by a port when they start.
    expect(decoder!.ports[0]!.port).toBeInstanceOf(MessagePort);
    expect(fetcher!.ports[0]!.kind).toBe('decoder');
    expect(fetcher!.ports[0]!.port).toBeInstanceOf(MessagePort);
    expect(fetcher!.asked).toEqual([{ id: 0, kind: 'series', url: '/series/1', decode: { allowFloat: true } }]);
    const file = new Uint8Array([1]).buffer;
    const decoded = { pixelData: new Int16Array([-1024]), smallest: -1024, largest: -1024, scaled: true };
    // The files of a decoded series come from the decode worker.
    decoder!.answer({ id: 0, sop: '1.1', buffer: file, decoded });
    const received = await fetchFile('file-1');
    expect(received).toBe(file);
    expect(takeDecodedPixels(received)).toBe(decoded);
    expect(takeDecodedPixels(received)).toBeUndefined();
    for (const { port } of [...decoder!.ports, ...fetcher!.ports]) port.close();
  });

  it('downloads one by one the few files of a series still wanted, not the whole series again', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.all = [];
    const { prefetchFiles, prefetchSeries, firstImageSettled } = await loader();
    firstImageSettled();
    prefetchFiles(['file-1', 'file-2', 'file-3']);
    prefetchSeries('/series/1', [
      { sop: '1.1', url: 'file-1' },
      { sop: '1.2', url: 'file-2' },
      { sop: '1.3', url: 'file-3' },
      { sop: '1.4', url: 'file-4' },
    ]);
    await tick();
    expect(FakeWorker.all[0]!.asked.map((message) => [message.kind, message.url])).toEqual([
      ['file', 'file-1'],
      ['file', 'file-2'],
      ['file', 'file-3'],
      ['file', 'file-4'],
    ]);
  });
});
