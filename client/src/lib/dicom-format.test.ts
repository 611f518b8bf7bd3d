import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDicomDate, formatDicomDateTime, formatDicomTime, formatPersonName, fullPersonName } from './dicom-format.ts';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top-level arguments of every call of `callee` in a source text. */
function callArguments(source: string, callee: string): string[][] {
  const calls: string[][] = [];
  for (let at = source.indexOf(callee); at !== -1; at = source.indexOf(callee, at + 1)) {
    const args: string[] = [];
    let depth = 0;
    let current = '';
    for (const ch of source.slice(at + callee.length)) {
      if (depth === 0 && (ch === ',' || ch === ')')) {
        if (current.trim()) args.push(current.trim());
        current = '';
        if (ch === ')') break;
        continue;
      }
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      current += ch;
    }
    calls.push(args);
  }
  return calls;
}

describe('DICOM value formatting', () => {
  it('shows the chosen group of a multi-group person name, every group in its full form', () => {
    expect(fullPersonName('Yamada^Tarou=山田^太郎=やまだ^たろう')).toBe('Yamada Tarou = 山田 太郎 = やまだ たろう');
    expect(formatPersonName('Yamada^Tarou=山田^太郎=やまだ^たろう', 'kanji')).toBe('山田 太郎');
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
      .filter((file) => /function (formatPersonName|fullPersonName|formatDicomDate)\b/.test(readFileSync(file, 'utf8')))
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

  it('is given the site date format wherever the viewer and the report show a date', () => {
    for (const file of [
      'features/viewer/components/viewport-cell.tsx',
      'features/viewer/components/study-header.tsx',
      'features/viewer/components/comparison-bar.tsx',
      'features/viewer/components/series-thumbnails.tsx',
      'features/reports/components/report-study-header.tsx',
    ]) {
      const source = readFileSync(join(SRC, file), 'utf8');
      const calls = callArguments(source, 'formatDicomDate(');
      expect(calls.length, file).toBeGreaterThan(0);
      // One argument alone would lay the date out in the default format whatever the site chose.
      for (const args of calls) expect(args.length, `${file}: formatDicomDate(${args.join(', ')})`).toBe(2);
    }
  });

  it('is given the site name form wherever a person name is shown', () => {
    const callers = sources(SRC).filter((file) => readFileSync(file, 'utf8').includes('formatPersonName('));
    // The list, worklist, trash, shares, patients, viewer, report, edit, export and dashboard.
    expect(callers.length).toBeGreaterThanOrEqual(15);
    for (const file of callers) {
      for (const args of callArguments(readFileSync(file, 'utf8'), 'formatPersonName(')) {
        // One argument alone would show the default (kana) group whatever the site chose.
        expect(args.length, `${relative(SRC, file)}: formatPersonName(${args.join(', ')})`).toBe(2);
      }
    }
  });
});
