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
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { viteCommonjs } from '@originjs/vite-plugin-commonjs';
import { credits } from './build/credits.ts';
import { precompress } from './build/precompress.ts';

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
 * Names the image viewer's chunk (Cornerstone, 3.1 MB; 0.7 MB brotli) and the chunks it imports in
 * a `<meta name="pacs-viewer-chunks">` of the page, without loading them: the page asks for them
 * (src/viewer/preload.ts) only where the viewer is next — on a viewer link, before the app's own
 * requests, and on the study list — so that the viewer opens with its code fetched and compiled,
 * while the sign-in page of a phone on a mobile network loads none of it.
 */
function viewerChunksMeta(): Plugin {
  return {
    name: 'pacs-viewer-chunks',
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
        const files = [viewer.fileName, ...viewer.imports].filter((file) => !html.includes(`/${file}"`));
        return [
          {
            tag: 'meta',
            attrs: { name: 'pacs-viewer-chunks', content: files.map((file) => `/viewer/${file}`).join(' ') },
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

/**
 * pdf.js's character maps and standard fonts, served from this origin under /viewer/pdfjs/ (the
 * content security policy allows nothing else): without them a PDF whose fonts are not embedded —
 * Japanese and Chinese reports often — draws blank or wrong glyphs. Only fetched when a PDF is shown.
 */
function pdfjsAssets(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folders = ['cmaps', 'standard_fonts'];
  return {
    name: 'pacs-pdfjs-assets',
    generateBundle() {
      for (const folder of folders) {
        for (const file of readdirSync(join(root, folder))) {
          this.emitFile({ type: 'asset', fileName: `pdfjs/${folder}/${file}`, source: readFileSync(join(root, folder, file)) });
        }
      }
    },
    configureServer(server) {
      server.middlewares.use('/viewer/pdfjs/', (req, res, next) => {
        const [folder, file] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
        if (!folder || !file || !folders.includes(folder) || !readdirSync(join(root, folder)).includes(file)) return next();
        res.end(readFileSync(join(root, folder, file)));
      });
    },
  };
}

/**
 * What a first visit to the viewer would evaluate for nothing (docs/decisions.md, "The viewer's
 * chunk: what a first visit evaluates"):
 * - vtk.js's rendering profiles register both the WebGL and the WebGPU classes; Cornerstone only
 *   ever makes WebGL render windows, so its two profile imports get the WebGL half alone;
 * - vtk.js's mesh file readers (with xmlbuilder2, @oozcitak/* and js-yaml), which Cornerstone
 *   imports for surfaces and meshes the viewer never shows, become a module that throws if called;
 * - dcmjs once: @cornerstonejs/metadata and @cornerstonejs/utils each pin their own copy (0.52.0),
 *   the client uses the same version, and `dedupe` makes the three one module (and one chunk with
 *   the DICOM header dialog's and the non-image view's).
 */
const unusedVtkReader = fileURLToPath(new URL('./src/viewer/unused-vtk-reader.ts', import.meta.url));
const vtkRendering = '@kitware/vtk.js/Rendering';

export default defineConfig({
  base: '/viewer/',
  plugins: [react(), viteCommonjs(), viewerChunksMeta(), pdfjsAssets(), credits(), precompress()],
  resolve: {
    dedupe: ['dcmjs'],
    alias: [
      { find: `${vtkRendering}/Profiles/Geometry.js`, replacement: `${vtkRendering}/OpenGL/Profiles/Geometry.js` },
      { find: `${vtkRendering}/Profiles/Volume.js`, replacement: `${vtkRendering}/OpenGL/Profiles/Volume.js` },
      {
        find: /^@kitware\/vtk\.js\/IO\/(Geometry\/PLYReader|Geometry\/STLReader|Misc\/OBJReader|Misc\/MTLReader|XML\/XMLPolyDataReader)\.js$/,
        replacement: unusedVtkReader,
      },
    ],
  },
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
    // `npm start` on its default HOST serves HTTPS with a self-signed certificate (README, TLS);
    // ADAPTER_URL=http://127.0.0.1:8080 for an adapter on loopback.
    proxy: { '/viewer/api': { target: process.env.ADAPTER_URL ?? 'https://127.0.0.1:8080', secure: false, changeOrigin: false } },
  },
});
