import { describe, expect, it } from 'vitest';
import { JAPANESE_NAME_FORMS } from './configs/site-rules.ts';
import { formatPersonName, fullPersonName, personNameParts, type PersonNameForm } from './person-name.ts';

const A = 'Yamada^Tarou';
const I = '山田^太郎';
const P = 'やまだ^たろう';
const TEXT = { A: 'Yamada Tarou', I: '山田 太郎', P: 'やまだ たろう' };

/** What each form shows for a name whose groups are present (true) or empty (false). */
function expected(form: PersonNameForm, has: { A: boolean; I: boolean; P: boolean }): string {
  const order = { kana: ['P', 'A', 'I'], kanji: ['I', 'P', 'A'], alphabet: ['A', 'P', 'I'] }[form] as ('A' | 'I' | 'P')[];
  const found = order.find((group) => has[group]);
  return found ? TEXT[found] : '';
}

describe('the person name formatter', () => {
  it('shows the chosen group, or the nearest non-empty one, for every combination of groups', () => {
    for (const form of JAPANESE_NAME_FORMS) {
      for (let mask = 0; mask < 8; mask += 1) {
        const has = { A: (mask & 1) !== 0, I: (mask & 2) !== 0, P: (mask & 4) !== 0 };
        const value = `${has.A ? A : ''}=${has.I ? I : ''}=${has.P ? P : ''}`;
        expect(formatPersonName(value, form), `${form} ${value}`).toBe(expected(form, has));
      }
    }
  });

  it('reads the three forms of a full Japanese name', () => {
    const name = `${A}=${I}=${P}`;
    expect(formatPersonName(name, 'kana')).toBe('やまだ たろう');
    expect(formatPersonName(name, 'kanji')).toBe('山田 太郎');
    expect(formatPersonName(name, 'alphabet')).toBe('Yamada Tarou');
    // kana is the spec's default form.
    expect(formatPersonName(name)).toBe('やまだ たろう');
    expect(fullPersonName(name)).toBe('Yamada Tarou = 山田 太郎 = やまだ たろう');
  });

  it('reads a one-group name the same whatever the form', () => {
    for (const form of JAPANESE_NAME_FORMS) {
      expect(formatPersonName('Doe^John^^Dr', form)).toBe('Doe John Dr');
      expect(formatPersonName('Müller^Jürgen', form)).toBe('Müller Jürgen');
      expect(formatPersonName('CompressedSamples^CT1', form)).toBe('CompressedSamples CT1');
    }
  });

  it('treats a group of empty components, trailing separators and missing values as empty', () => {
    for (const form of JAPANESE_NAME_FORMS) {
      expect(formatPersonName('^^', form)).toBe('');
      expect(formatPersonName('==', form)).toBe('');
      expect(formatPersonName('^^=^=^^^', form)).toBe('');
      expect(formatPersonName('', form)).toBe('');
      expect(formatPersonName(null, form)).toBe('');
      expect(formatPersonName(undefined, form)).toBe('');
    }
    // Half-width katakana in the alphabetic group (ISO_IR 13) is a reading: kana falls back to it.
    expect(formatPersonName('ﾔﾏﾀﾞ^ﾀﾛｳ=山田^太郎=', 'kana')).toBe('ﾔﾏﾀﾞ ﾀﾛｳ');
    expect(formatPersonName('ﾔﾏﾀﾞ^ﾀﾛｳ=山田^太郎=', 'kanji')).toBe('山田 太郎');
    expect(personNameParts('Wang^XiaoDong=王^小東=')).toEqual(['Wang XiaoDong', '王 小東', '']);
    expect(personNameParts('=山田^太郎')).toEqual(['', '山田 太郎', '']);
  });

  it('keeps separators inside a value from leaking and drops control characters', () => {
    // A backslash separates values of a multi-valued PN: each reads on its own.
    expect(formatPersonName('Doe^John\\Roe^Jane', 'kana')).toBe('Doe John, Roe Jane');
    expect(formatPersonName(`${A}=${I}=${P}\\Doe^John`, 'kanji')).toBe('山田 太郎, Doe John');
    // A fourth group is not DICOM; it is never shown.
    expect(formatPersonName('A^B=C^D=E^F=G^H', 'alphabet')).toBe('A B');
    // An ISO 2022 escape sequence left undecoded shows its printable rest, not the ESC byte.
    expect(formatPersonName('\u001b$B山田\u001b(B^太郎', 'alphabet')).toBe('$B山田(B 太郎');
    expect(formatPersonName('Doe\r\n^John', 'kana')).toBe('Doe John');
    // Spaces around components are not doubled.
    expect(formatPersonName(' Doe ^ John ', 'kana')).toBe('Doe John');
    // HTML stays text: the formatter never builds markup (React and the PDF escape it).
    expect(formatPersonName('<b>Doe</b>^John', 'kana')).toBe('<b>Doe</b> John');
  });

  it('falls back to the default form for an unknown stored form', () => {
    expect(formatPersonName(`${A}=${I}=${P}`, 'romaji' as PersonNameForm)).toBe('やまだ たろう');
  });
});
