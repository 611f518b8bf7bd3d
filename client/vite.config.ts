/**
 * The SPA is served by the adapter under /viewer/ and built into client/dist. In development
 * Vite serves it and forwards API calls to a locally running adapter.
 *
 * Cornerstone3D 5.x needs four things here (ARCHITECTURE "Known facts"): the DICOM image loader
 * kept out of dependency pre-bundling (its decode worker is resolved through `new URL(...,
 * import.meta.url)`, which pre-bundling breaks) while dicom-parser, a CommonJS module, is
 * pre-bundled; ES-module workers; the CommonJS plugin; and the `events` package, which a vtk.js
 * module extends at load time — without it the production bundle throws "Class extends value
 * undefined". No SharedArrayBuffer, so no COOP/COEP headers.
 */
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { viteCommonjs } from '@originjs/vite-plugin-commonjs';

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

/** Whether the entry reaches `id` through static imports only (not behind a lazy screen). */
function neededByEntry(id: string, infoOf: ModuleInfoOf, seen: Set<string>): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const info = infoOf(id);
  if (!info) return false;
  return info.isEntry || info.importers.some((importer) => neededByEntry(importer, infoOf, seen));
}

/**
 * Asks the browser to fetch and compile the image viewer's chunk (Cornerstone, 5 MB) while it
 * still parses the page, whatever the route: opened by a link or a bookmark, the viewer then
 * waits neither for the app's own scripts nor for the compile, and from the study list the
 * viewer opens with its code ready. The compile runs off the main thread; after the first visit
 * the bytes come from the HTTP cache.
 */
function preloadViewer(): Plugin {
  return {
    name: 'pacs-preload-viewer',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {});
        const viewer = chunks.find(
          (chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith('/features/viewer/components/study-viewer.tsx'),
        );
        if (!viewer || viewer.type !== 'chunk') return [];
        // Chunks the page loads anyway are already in it.
        return [viewer.fileName, ...viewer.imports]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', href: `/viewer/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig({
  base: '/viewer/',
  plugins: [react(), viteCommonjs(), preloadViewer()],
  optimizeDeps: {
    exclude: ['@cornerstonejs/dicom-image-loader'],
    include: ['dicom-parser'],
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // Only libraries the entry needs go to `vendor`; the rest (Cornerstone with vtk.js and
        // the codecs, 4 MB) is left to Rollup, which puts it behind the viewer's lazy import.
        // Forcing those into named chunks made `vendor` and them import each other and loaded
        // Cornerstone on every page.
        manualChunks(id, { getModuleInfo }) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          return neededByEntry(id, getModuleInfo, new Set()) ? 'vendor' : undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/viewer/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
