import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiNotes } from './api-notes.ts';

describe('docs/api.md', () => {
  it('matches the route declarations (run `npx tsx scripts/api-notes.ts` after changing routes)', () => {
    const written = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    expect(written).toBe(renderApiNotes());
  });
});
