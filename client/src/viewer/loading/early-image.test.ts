import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstImage } from './early-image.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A page's first image, its methods bound for the tests below. */
function firstImage() {
  const first = new FirstImage();
  return {
    fetchEarly: (url: string) => first.fetchEarly(url),
    takeEarly: (url: string) => first.takeEarly(url),
    afterFirstImage: (limitMs: number) => first.afterFirstImage(limitMs),
    firstImageSettled: () => first.firstImageSettled(),
  };
}

describe('early image download', () => {
  it('downloads a file once and hands it over once', async () => {
    const { fetchEarly, takeEarly } = firstImage();
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    const fetchMock = vi.fn(() => Promise.resolve(new Response(bytes)));
    vi.stubGlobal('fetch', fetchMock);
    fetchEarly('/viewer/api/wado?one');
    fetchEarly('/viewer/api/wado?one');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const taken = takeEarly('/viewer/api/wado?one');
    expect(new Uint8Array((await taken) ?? new ArrayBuffer(0))).toEqual(new Uint8Array([1, 2, 3]));
    expect(takeEarly('/viewer/api/wado?one')).toBeUndefined();
    // The route's prefetch asks again after the viewer took the file: no second download.
    fetchEarly('/viewer/api/wado?one');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed download so the loader asks on its own', async () => {
    const { fetchEarly, takeEarly } = firstImage();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 500 })));
    fetchEarly('/viewer/api/wado?two');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takeEarly('/viewer/api/wado?two')).toBeUndefined();
  });

  it('lets less urgent work wait for the first image, at most the given time', async () => {
    const { afterFirstImage, firstImageSettled } = firstImage();
    vi.useFakeTimers();
    let waited = false;
    void afterFirstImage(2000).then(() => (waited = true));
    await vi.advanceTimersByTimeAsync(1999);
    expect(waited).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(waited).toBe(true);
    firstImageSettled();
    let after = false;
    void afterFirstImage(60_000).then(() => (after = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(after).toBe(true);
  });
});
