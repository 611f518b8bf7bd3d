/**
 * Screens load lazily as separate chunks; a chunk that has not arrived within 120 s fails with a
 * ChunkLoadError (spec 1 §2, §8) so the route's error screen can offer a reload.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@pacs/common';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : 'Loading chunk failed'));
      },
    );
  });
}

/**
 * `React.lazy` over a named export, with the chunk timeout. `preload()` starts the chunk before
 * the route renders (main.tsx does for a viewer link); a screen whose module is already there
 * when its route first renders is rendered directly: a lazy component suspends once even then,
 * and React holds a Suspense boundary's content back 300 ms after its fallback showed.
 */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = (): Promise<ComponentType> => {
    const started = (loading ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((module) => (loaded = module[name] as ComponentType)));
    // A failed load is tried again by the next caller (React.lazy keeps its own failure).
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
    return started;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Screen() {
    // Chosen once: the component type must not change under a mounted screen.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  return Object.assign(Screen, { preload });
}
