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
