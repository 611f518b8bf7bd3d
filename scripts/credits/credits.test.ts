import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { debianLicence, licenceOf, npmCredits } from './credits.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('credits', () => {
  it('follows the production dependencies of each side, and leaves the build and test tools out', () => {
    const entries = npmCredits(root, { client: ['client'], server: ['adapter'] });
    const named = (name: string) => entries.find((entry) => entry.Name === name);
    expect(named('react')).toMatchObject({ License: 'MIT', Used: ['client'], Source: 'npm' });
    expect(named('express')).toMatchObject({ License: 'MIT', Used: ['server'] });
    // A dependency of a dependency is credited too (express → body-parser).
    expect(named('body-parser')?.Used).toContain('server');
    for (const tool of ['vite', 'typescript', 'vitest', 'eslint', 'playwright-core', '@pacs/common']) expect(named(tool)).toBeUndefined();
  });

  it('reads licences in their three package.json forms', () => {
    expect(licenceOf({ license: 'Apache-2.0' })).toBe('Apache-2.0');
    expect(licenceOf({ license: { type: 'BSD-3-Clause' } })).toBe('BSD-3-Clause');
    expect(licenceOf({ licenses: [{ type: 'MIT' }, { type: 'GPL-2.0' }] })).toBe('(MIT OR GPL-2.0)');
    expect(licenceOf({})).toBe('UNKNOWN');
  });

  it("reads a Debian copyright file's main licence", () => {
    const dep5 = [
      'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/',
      'Upstream-Name: X',
      '',
      'Files: debian/*',
      'License: GPL-2+',
      '',
      'Files: *',
      'Copyright: someone',
      'License: PostgreSQL',
      ' text',
    ].join('\n');
    expect(debianLicence(dep5)).toBe('PostgreSQL');
    expect(debianLicence('Upstream: Y\n\nFiles: src/*\nLicense: MIT\n')).toBe('MIT');
    expect(debianLicence('no fields at all')).toBe('UNKNOWN');
  });
});
