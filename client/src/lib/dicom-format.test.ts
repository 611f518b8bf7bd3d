import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDicomDate, formatDicomDateTime, formatDicomTime, formatPersonName, personNameGroups } from './dicom-format.ts';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('DICOM value formatting', () => {
  it('shows every group of a multi-group person name', () => {
    expect(personNameGroups('Yamada^Tarou=山田^太郎=やまだ^たろう')).toEqual(['Yamada Tarou', '山田 太郎', 'やまだ たろう']);
    expect(formatPersonName('Yamada^Tarou=山田^太郎=やまだ^たろう')).toBe('Yamada Tarou  山田 太郎  やまだ たろう');
    expect(formatPersonName('=山田^太郎')).toBe('山田 太郎');
    expect(formatPersonName('CompressedSamples^CT1')).toBe('CompressedSamples CT1');
    expect(formatPersonName(null)).toBe('');
  });

  it('writes dates in the configured format, YYYY-MM-DD by default', () => {
    expect(formatDicomDate('20040119')).toBe('2004-01-19');
    expect(formatDicomDate('20040119', 'DD/MM/YYYY')).toBe('19/01/2004');
    expect(formatDicomDateTime('2004-01-19T09:30:15')).toBe('2004-01-19 09:30:15');
    expect(formatDicomTime('093015.5')).toBe('09:30:15');
  });

  it('is the only formatter: the list and the viewer both import it', () => {
    const files = sources(SRC);
    const own = join(SRC, 'lib', 'dicom-format.ts');
    const definers = files
      .filter((file) => file !== own)
      .filter((file) => /function (formatPersonName|personNameGroups|formatDicomDate)\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(definers).toEqual([]);
    const importsIt = (file: string) => /from '[./]*\/lib\/dicom-format\.ts'/.test(readFileSync(join(SRC, file), 'utf8'));
    // The viewer's overlay, header and search bar; the list's cells through the list's format module.
    for (const file of [
      'features/viewer/components/viewport-cell.tsx',
      'features/viewer/components/study-header.tsx',
      'features/viewer/components/comparison-bar.tsx',
      'features/studies/format.ts',
    ]) {
      expect(importsIt(file), file).toBe(true);
    }
  });
});
