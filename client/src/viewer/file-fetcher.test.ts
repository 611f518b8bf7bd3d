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
  it('downloads at most four files at once, in the order asked', async () => {
    const { open, asked } = controlledFetch();
    const { prefetchFiles } = await import('./file-fetcher.ts');
    prefetchFiles(['a', 'b', 'c', 'd', 'e', 'f']);
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
