// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen.ts';

afterEach(cleanup);

describe('lazyScreen', () => {
  it('renders a preloaded screen at once, without its Suspense fallback', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ Page: () => <p>page</p> }), 'Page');
    await Screen.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends a screen that was not preloaded, then shows it', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ Page: () => <p>page</p> }), 'Page');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('page')).toBeTruthy();
  });

  it('tries a failed load again on the next preload', async () => {
    let calls = 0;
    const Screen = lazyScreen(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ Page: () => null })), 'Page');
    await expect(Screen.preload()).rejects.toThrow('offline');
    await expect(Screen.preload()).resolves.toBeTypeOf('function');
    expect(calls).toBe(2);
  });
});
