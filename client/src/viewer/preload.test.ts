// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { preloadViewerChunks } from './preload.ts';

const preloads = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('preloadViewerChunks', () => {
  it('adds nothing on a page without the build’s list (the dev server)', () => {
    preloadViewerChunks();
    expect(preloads()).toEqual([]);
  });

  it('preloads each named chunk once, however often it is asked', () => {
    document.head.innerHTML = '<meta name="pacs-viewer-chunks" content="/viewer/assets/study-viewer-a.js /viewer/assets/defaults-b.js">';
    preloadViewerChunks();
    preloadViewerChunks();
    expect(preloads()).toEqual(['/viewer/assets/study-viewer-a.js', '/viewer/assets/defaults-b.js']);
  });
});
