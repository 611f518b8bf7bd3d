/**
 * Text in report PDFs in any language: each character is drawn with a font that has it (Noto
 * Sans CJK for Latin, Greek, Cyrillic, Chinese, Japanese and Korean; Noto Sans Arabic; Noto Sans
 * Hebrew), runs are put in visual order by the Unicode bidirectional algorithm (bidi-js), and
 * fontkit shapes each run (Arabic joining). Lines wrap at spaces, and anywhere inside CJK text.
 */
import { existsSync } from 'node:fs';
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export type FontFamily = 'main' | 'arabic' | 'hebrew';

/** Installed by scripts/ensure-system.sh (Debian fonts-noto-cjk and fonts-noto-core). */
export const FONT_FILES = {
  main: { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', name: 'NotoSansCJKjp-Regular' },
  mainBold: { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', name: 'NotoSansCJKjp-Bold' },
  arabic: { file: '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf', name: undefined },
  hebrew: { file: '/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf', name: undefined },
} as const;

export function missingFonts(): string[] {
  return Object.values(FONT_FILES)
    .map((font) => font.file)
    .filter((file) => !existsSync(file));
}

/** The minimal surface of PDFKit the text layout needs (kept narrow so it is easy to fake). */
export interface TextCanvas {
  font(name: string): unknown;
  fontSize(size: number): unknown;
  widthOfString(text: string): number;
  text(text: string, x: number, y: number, options: { lineBreak: boolean }): unknown;
}

const isArabic = (code: number) =>
  (code >= 0x0600 && code <= 0x06ff) ||
  (code >= 0x0750 && code <= 0x077f) ||
  (code >= 0xfb50 && code <= 0xfdff) ||
  (code >= 0xfe70 && code <= 0xfeff);
const isHebrew = (code: number) => (code >= 0x0590 && code <= 0x05ff) || (code >= 0xfb1d && code <= 0xfb4f);

export function familyOf(char: string): FontFamily {
  const code = char.codePointAt(0) ?? 0;
  return isArabic(code) ? 'arabic' : isHebrew(code) ? 'hebrew' : 'main';
}

export function isRtlText(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (isArabic(code) || isHebrew(code)) return true;
    if (/\p{L}/u.test(char)) return false;
  }
  return false;
}

export interface Run {
  text: string;
  family: FontFamily;
  level: number;
}

/**
 * One line as runs in visual (left-to-right drawing) order. Spaces and punctuation are drawn with
 * the main font: Noto Sans Hebrew has no space glyph, and a space ends Arabic joining anyway.
 */
export function visualRuns(line: string, direction: 'ltr' | 'rtl' | 'auto' = 'auto'): Run[] {
  const { levels } = bidi.getEmbeddingLevels(line, direction);
  const chars = [...line];
  const runs: Run[] = [];
  let offset = 0;
  for (const char of chars) {
    const level = levels[offset] ?? 0;
    offset += char.length;
    const neutral = !/[\p{L}\p{M}\p{N}]/u.test(char);
    const last = runs[runs.length - 1];
    const family = neutral ? 'main' : familyOf(char);
    if (last && last.level === level && last.family === family) last.text += char;
    else runs.push({ text: char, family, level });
  }
  // Reverse runs of odd levels, from the highest level down (UAX #9 rule L2, at run granularity;
  // fontkit orders the glyphs inside a right-to-left run itself).
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = runs.reduce((low, run) => (run.level % 2 === 1 ? Math.min(low, run.level) : low), Infinity);
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      const reversed = runs.slice(i, j).reverse();
      runs.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  return runs;
}

export class TextWriter {
  constructor(
    private readonly canvas: TextCanvas,
    private readonly fonts: Record<FontFamily, { regular: string; bold: string }>,
  ) {}

  private use(family: FontFamily, size: number, bold: boolean): void {
    this.canvas.font(bold ? this.fonts[family].bold : this.fonts[family].regular);
    this.canvas.fontSize(size);
  }

  width(line: string, size: number, bold = false): number {
    return visualRuns(line).reduce((sum, run) => {
      this.use(run.family, size, bold);
      return sum + this.canvas.widthOfString(run.text);
    }, 0);
  }

  /** Breaks a paragraph into lines no wider than `width`. */
  wrap(paragraph: string, width: number, size: number, bold = false): string[] {
    const lines: string[] = [];
    for (const hard of paragraph.split(/\r?\n/)) {
      // Tokens: words with their trailing space, and single CJK characters (breakable anywhere).
      const tokens = hard.match(
        /[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[^\s\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+\s*|\s+/g,
      ) ?? [''];
      let line = '';
      for (const token of tokens) {
        const candidate = line + token;
        if (line !== '' && this.width(candidate.trimEnd(), size, bold) > width) {
          lines.push(line.trimEnd());
          line = token.trimStart();
        } else {
          line = candidate;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  /** Draws one line inside [x, x + width] with the given alignment. */
  line(text: string, x: number, y: number, width: number, size: number, align: 'left' | 'center' | 'right', bold = false): void {
    const total = this.width(text, size, bold);
    let cursor = align === 'left' ? x : align === 'right' ? x + width - total : x + (width - total) / 2;
    for (const run of visualRuns(text)) {
      this.use(run.family, size, bold);
      this.canvas.text(run.text, cursor, y, { lineBreak: false });
      cursor += this.canvas.widthOfString(run.text);
    }
  }

  /** Draws a wrapped paragraph; answers the y below it. */
  paragraph(text: string, x: number, y: number, width: number, size: number, align: 'left' | 'center' | 'right', bold = false): number {
    const height = size * 1.45;
    let cursor = y;
    for (const line of this.wrap(text, width, size, bold)) {
      this.line(line, x, cursor, width, size, align, bold);
      cursor += height;
    }
    return cursor;
  }
}
