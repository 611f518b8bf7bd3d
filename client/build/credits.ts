/**
 * Writes `credits.json` (about/credits) into the build, generated from the dependency tree and
 * Debian's copyright files by scripts/credits/credits.ts; the dev server answers it too.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { generateCredits } from '../../scripts/credits/credits.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function credits(): Plugin {
  return {
    name: 'pacs-credits',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'credits.json', source: JSON.stringify(generateCredits(root)) });
    },
    configureServer(server) {
      server.middlewares.use('/viewer/credits.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(generateCredits(root)));
      });
    },
  };
}
