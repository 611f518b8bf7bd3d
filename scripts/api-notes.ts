/**
 * Writes docs/api.md from the route declarations, so the API notes are the code's own list.
 * `npx tsx scripts/api-notes.ts` rewrites it; the unit test in adapter/src/api-notes.test.ts
 * fails when it is out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiNotes } from '../adapter/src/api-notes.ts';

const target = fileURLToPath(new URL('../docs/api.md', import.meta.url));
writeFileSync(target, renderApiNotes());
console.log(`Wrote ${target}`);
