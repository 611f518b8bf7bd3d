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
import { defineConfig } from 'vite';
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

export default defineConfig({
  base: '/viewer/',
  plugins: [react(), viteCommonjs()],
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
