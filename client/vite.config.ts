/**
 * The SPA is served by the adapter under /viewer/ and built into client/dist. In development
 * Vite serves it and forwards API calls to a locally running adapter.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/viewer/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
  server: {
    proxy: { '/viewer/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
