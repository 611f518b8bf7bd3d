import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSeriesLoader } from './series-loader.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fetch that answers every file with one byte and records what was asked. */
function recordingFetch(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      return Promise.resolve(new Response(new Uint8Array([7])));
    }),
  );
  return asked;
}

describe('series loader', () => {
  it('downloads the first image with the download it was given, and hands it to the cache once', async () => {
    const download = vi.fn(() => Promise.resolve(new Uint8Array([1, 2]).buffer));
    const loader = createSeriesLoader({ downloadFirstImage: download });
    loader.fetchEarly('first');
    loader.fetchEarly('first');
    expect(download).toHaveBeenCalledTimes(1);
    expect(new Uint8Array((await loader.takeEarly('first')) ?? new ArrayBuffer(0))).toEqual(new Uint8Array([1, 2]));
    expect(loader.takeEarly('first')).toBeUndefined();
  });

  it('keeps its hand-offs to itself: one page loader settling its first image does not speed up another', async () => {
    vi.useFakeTimers();
    const [one, two] = [createSeriesLoader(), createSeriesLoader()];
    let oneShown = false;
    let twoShown = false;
    void one.firstImageShown().then(() => (oneShown = true));
    void two.afterFirstImage(1000).then(() => (twoShown = true));
    one.firstImageSettled();
    await vi.advanceTimersByTimeAsync(0);
    expect(oneShown).toBe(true);
    expect(twoShown).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(twoShown).toBe(true);
  });

  it('holds worker downloads back to two until its first image shows, then allows four', async () => {
    const asked: string[] = [];
    const open: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string) =>
          new Promise<Response>((resolve) => {
            asked.push(url);
            open.push(() => resolve(new Response(new Uint8Array([1]))));
          }),
      ),
    );
    const loader = createSeriesLoader();
    loader.prefetchFiles(['a', 'b', 'c', 'd', 'e']);
    await tick();
    expect(asked).toEqual(['a', 'b']);
    loader.firstImageSettled();
    await tick();
    await tick();
    expect(asked).toEqual(['a', 'b', 'c', 'd']);
    for (const release of open) release();
  });

  it('hands a prefetched file over once, then downloads it again', async () => {
    const asked = recordingFetch();
    const loader = createSeriesLoader();
    loader.firstImageSettled();
    loader.prefetchFiles(['file-1']);
    expect(new Uint8Array(await loader.fetchFile('file-1'))).toEqual(new Uint8Array([7]));
    expect(asked).toEqual(['file-1']);
    await loader.fetchFile('file-1');
    expect(asked).toEqual(['file-1', 'file-1']);
  });

  it('has no pixels to hand over for a file no worker decoded', () => {
    const loader = createSeriesLoader();
    expect(loader.takeDecodedPixels(new ArrayBuffer(4))).toBeUndefined();
  });

  it('draws no first look for a file it was not asked to download', () => {
    vi.stubGlobal('window', { location: { hash: '#/viewer' }, innerWidth: 800, innerHeight: 600, devicePixelRatio: 1 });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: vi.fn() });
    const append = vi.fn();
    vi.stubGlobal('document', { body: { append } });
    const loader = createSeriesLoader();
    loader.startFirstLook('never-fetched', 'CT');
    expect(append).not.toHaveBeenCalled();
  });

  it('remembers where the viewer drew the first image only for the file its first look was started with', () => {
    vi.stubGlobal('window', { location: { hash: '#/viewer' }, innerWidth: 800, innerHeight: 600, devicePixelRatio: 1 });
    const setItem = vi.fn();
    vi.stubGlobal('localStorage', { getItem: () => null, setItem });
    const loader = createSeriesLoader({ downloadFirstImage: () => new Promise<ArrayBuffer>(() => undefined) });
    loader.fetchEarly('first');
    loader.startFirstLook('first', 'CT');
    const element = { getBoundingClientRect: () => ({ left: 1, top: 2, width: 300, height: 200 }) } as unknown as HTMLElement;
    loader.rememberFirstLookPlace('other', element);
    expect(setItem).not.toHaveBeenCalled();
    loader.rememberFirstLookPlace('first', element);
    expect(setItem).toHaveBeenCalledWith(
      'pacs.viewer.first-look',
      JSON.stringify({ 'CT|800x600|1': { left: 1, top: 2, width: 300, height: 200 } }),
    );
  });

  it("settles the first look at once where nothing is remembered for the window, so the viewer's chunk need not wait", async () => {
    vi.stubGlobal('window', { location: { hash: '#/viewer' }, innerWidth: 800, innerHeight: 600, devicePixelRatio: 1 });
    vi.stubGlobal('localStorage', { getItem: () => JSON.stringify({ 'CT|1024x768|1': { left: 0, top: 0, width: 10, height: 10 } }) });
    vi.useFakeTimers();
    const loader = createSeriesLoader();
    let settled = false;
    void loader.firstLookSettled(60_000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('keeps the first look unsettled while a remembered place waits for its file, at most the given time', async () => {
    vi.stubGlobal('window', { location: { hash: '#/viewer' }, innerWidth: 800, innerHeight: 600, devicePixelRatio: 1 });
    vi.stubGlobal('localStorage', { getItem: () => JSON.stringify({ 'CT|800x600|1': { left: 0, top: 0, width: 10, height: 10 } }) });
    vi.useFakeTimers();
    const loader = createSeriesLoader({ downloadFirstImage: () => new Promise<ArrayBuffer>(() => undefined) });
    let settled = false;
    void loader.firstLookSettled(1000).then(() => (settled = true));
    loader.fetchEarly('first');
    loader.startFirstLook('first', 'CT');
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('settles the first look when its file is not one it draws', async () => {
    vi.stubGlobal('window', { location: { hash: '#/viewer' }, innerWidth: 800, innerHeight: 600, devicePixelRatio: 1 });
    vi.stubGlobal('localStorage', { getItem: () => JSON.stringify({ 'CT|800x600|1': { left: 0, top: 0, width: 10, height: 10 } }) });
    const loader = createSeriesLoader({ downloadFirstImage: () => Promise.resolve(new Uint8Array([1, 2, 3]).buffer) });
    loader.fetchEarly('first');
    loader.startFirstLook('first', 'CT');
    await expect(loader.firstLookSettled(60_000)).resolves.toBeUndefined();
  });

  it("holds Cornerstone's start while a first visit's decoded first look waits for the viewer's layout, at most the given time", async () => {
    vi.stubGlobal('window', { location: { hash: '#/viewer' }, innerWidth: 800, innerHeight: 600, devicePixelRatio: 1 });
    vi.stubGlobal('localStorage', { getItem: () => null });
    // The viewer is not laid out yet: no viewport element to draw over.
    vi.stubGlobal('document', { querySelector: () => null });
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
    vi.useFakeTimers();
    const bytes = readFileSync('/usr/lib/python3/dist-packages/pydicom/data/test_files/CT_small.dcm');
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    const loader = createSeriesLoader({ downloadFirstImage: () => Promise.resolve(file) });
    // No first look under way: Cornerstone starts at once.
    let released = false;
    void loader.firstLookOnLayout(300).then(() => (released = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(released).toBe(true);
    loader.fetchEarly('first');
    loader.startFirstLook('first', 'CT');
    await vi.advanceTimersByTimeAsync(0);
    released = false;
    void loader.firstLookOnLayout(300).then(() => (released = true));
    await vi.advanceTimersByTimeAsync(299);
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(released).toBe(true);
  });
});
