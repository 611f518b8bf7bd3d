/**
 * Fetches and compiles the image viewer's code ahead of need, without running it: a
 * `modulepreload` link per chunk the build named in `<meta name="pacs-viewer-chunks">`
 * (vite.config.ts). Called where the viewer is next: a viewer link (main.tsx) and the study list.
 * Nothing on other pages, so the sign-in page of a phone does not download 1 MB it may never use.
 * After the first visit the chunks come from the HTTP cache (immutable, hashed names).
 */
export function preloadViewerChunks(doc: Document = document): void {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="pacs-viewer-chunks"]');
  if (!meta || meta.dataset.preloaded) return;
  meta.dataset.preloaded = 'true';
  for (const href of meta.content.split(' ').filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}
