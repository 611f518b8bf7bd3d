import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeDicomText,
  decodePersonNames,
  decodeWithDefaultCharacterSet,
  parsePersonName,
  parseSpecificCharacterSet,
  toSearchable,
} from './charset.ts';
import { readRawElements, readRawSequenceItems } from './raw.ts';

/** Bytes from ASCII strings (escape sequences included) and explicit byte values. */
function bytes(...parts: (string | number[])[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') for (const char of part) out.push(char.charCodeAt(0));
    else out.push(...part);
  }
  return Uint8Array.from(out);
}

describe('parseSpecificCharacterSet', () => {
  it('splits on backslashes, trims, and keeps an empty value 1', () => {
    expect(parseSpecificCharacterSet(undefined)).toEqual([]);
    expect(parseSpecificCharacterSet('  ')).toEqual([]);
    expect(parseSpecificCharacterSet('ISO_IR 100 ')).toEqual(['ISO_IR 100']);
    expect(parseSpecificCharacterSet('\\ISO 2022 IR 87 ')).toEqual(['', 'ISO 2022 IR 87']);
    expect(parseSpecificCharacterSet('ISO 2022 IR 13\\ ISO 2022 IR 87\\')).toEqual(['ISO 2022 IR 13', 'ISO 2022 IR 87']);
  });
});

describe('decodeDicomText: single-byte sets', () => {
  // Each row: Defined Term, bytes in that set (ISO 8859 part, JIS X 0201 or TIS 620), the text.
  const cases: [string, number[], string][] = [
    ['ISO_IR 100', [0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x5e, 0x46, 0x72, 0x61, 0x6e, 0xe7, 0x6f, 0x69, 0x73], 'Müller^François'],
    ['ISO_IR 101', [0x44, 0x76, 0x6f, 0xf8, 0xe1, 0x6b, 0x5e, 0xa3, 0x75, 0x6b, 0x61, 0x73, 0x7a], 'Dvořák^Łukasz'],
    ['ISO_IR 109', [0xa1, 0x61, 0xf5, 0x61, 0x72, 0x5e, 0xd5, 0x75, 0xbf, 0x65, 0x70, 0x70, 0x69], 'Ħaġar^Ġużeppi'],
    ['ISO_IR 110', [0xd3, 0xba, 0x6e, 0x69, 0xf1, 0xb9, 0x5e, 0xab, 0x69, 0x72, 0x74, 0x73], 'Ķēniņš^Ģirts'],
    ['ISO_IR 144', [0xb8, 0xd2, 0xd0, 0xdd, 0xde, 0xd2, 0x5e, 0xbf, 0xf1, 0xe2, 0xe0], 'Иванов^Пётр'],
    ['ISO_IR 127', [0xe5, 0xcd, 0xe5, 0xcf, 0x5e, 0xd9, 0xe4, 0xea], 'محمد^علي'],
    [
      'ISO_IR 126',
      [0xd0, 0xe1, 0xf0, 0xe1, 0xe4, 0xfc, 0xf0, 0xef, 0xf5, 0xeb, 0xef, 0xf2, 0x5e, 0xcd, 0xdf, 0xea, 0xef, 0xf2],
      'Παπαδόπουλος^Νίκος',
    ],
    ['ISO_IR 138', [0xeb, 0xe4, 0xef, 0x5e, 0xee, 0xf9, 0xe4], 'כהן^משה'],
    // Latin-5 differs from Latin-1 in six places, three of them here (ğ ı ş).
    ['ISO_IR 148', [0xd6, 0x7a, 0x74, 0xfc, 0x72, 0x6b, 0x5e, 0x41, 0xf0, 0xfd, 0xfe], 'Öztürk^Ağış'],
    ['ISO_IR 203', [0xbc, 0x64, 0x69, 0x70, 0x65, 0x5e, 0xa6, 0xe1, 0x72, 0x6b, 0x61, 0x20, 0xa4], 'Œdipe^Šárka €'],
    ['ISO_IR 13', [0xd4, 0xcf, 0xc0, 0xde, 0x5e, 0xb1, 0xb2, 0xb3], 'ﾔﾏﾀﾞ^ｱｲｳ'],
    ['ISO_IR 166', [0xca, 0xc1, 0xaa, 0xd2, 0xc2, 0x5e, 0xe3, 0xa8, 0xb4, 0xd5], 'สมชาย^ใจดี'],
  ];

  it.each(cases)('%s', (term, raw, text) => {
    expect(decodeDicomText(Uint8Array.from(raw), term, 'PN')).toBe(text);
    // The code-extension form of the same set decodes the same bytes the same way.
    expect(decodeDicomText(Uint8Array.from(raw), term.replace('ISO_IR', 'ISO 2022 IR'), 'PN')).toBe(text);
  });

  it('reads ISO 8859-1 and -9 faithfully, not as windows-1252 and -1254', () => {
    expect(decodeDicomText(bytes([0x80, 0x9f]), 'ISO_IR 100', 'LO')).toBe('\u0080\u009f');
    expect(decodeDicomText(bytes([0x80, 0xdd]), 'ISO_IR 148', 'LO')).toBe('\u0080İ');
  });

  it('reads the default repertoire as ASCII, with stray high bytes kept visible as Latin-1', () => {
    expect(decodeDicomText(bytes('Doe^John'), undefined, 'PN')).toBe('Doe^John');
    expect(decodeDicomText(bytes('Doe^John'), '', 'PN')).toBe('Doe^John');
    expect(decodeDicomText(bytes('Jos', [0xe9]), 'ISO_IR 6', 'PN')).toBe('José');
  });

  it('falls back to Latin-1 for unknown terms and accepts common misspellings', () => {
    expect(decodeDicomText(bytes([0x4a, 0xe9]), 'ISO_IR 999', 'LO')).toBe('Jé');
    expect(decodeDicomText(bytes([0x4a, 0xe9]), 'WINDOWS-1252', 'LO')).toBe('Jé');
    expect(decodeDicomText(bytes([0xc4, 0xe9]), 'ISO-IR 126', 'LO')).toBe('Δι');
    expect(decodeDicomText(bytes([0xc4, 0xe9]), 'iso_ir126', 'LO')).toBe('Δι');
  });
});

describe('decodeDicomText: multi-byte sets', () => {
  it('UTF-8, GB18030 and GBK decode the whole value', () => {
    expect(decodeDicomText(new TextEncoder().encode('Wang^XiaoDong=王^小東='), 'ISO_IR 192', 'PN')).toBe('Wang^XiaoDong=王^小東=');
    expect(decodeDicomText(bytes('Wang^XiaoDong=', [0xcd, 0xf5], '^', [0xd0, 0xa1, 0xb6, 0xab], '='), 'GB18030', 'PN')).toBe(
      'Wang^XiaoDong=王^小东=',
    );
    // A GBK trail byte may be 0x5C: it is half a character, not a value separator.
    expect(decodeDicomText(bytes([0x81, 0x5c]), 'GBK', 'LO')).toBe('乗');
  });

  it('ISO 2022 IR 87 and IR 159 switch within a component (JIS X 0208 and JIS X 0212)', () => {
    // 森 is JIS X 0208 0x3F39, 鷗 is JIS X 0212 0x6C3F, 外 is JIS X 0208 0x3330.
    const raw = bytes('Mori^Ougai=\x1b$B', [0x3f, 0x39], '\x1b(B^\x1b$(D', [0x6c, 0x3f], '\x1b$B', [0x33, 0x30], '\x1b(B');
    expect(decodeDicomText(raw, ['', 'ISO 2022 IR 87', 'ISO 2022 IR 159'], 'PN')).toBe('Mori^Ougai=森^鷗外');
  });

  it('ISO 2022 IR 58 designates GB 2312 to G1 (PS3.5 Annex K)', () => {
    const raw = bytes('Zhang^XiaoDong=\x1b$)A', [0xd5, 0xc5], '^\x1b$)A', [0xd0, 0xa1, 0xb6, 0xab], '=');
    expect(decodeDicomText(raw, '\\ISO 2022 IR 58', 'PN')).toBe('Zhang^XiaoDong=张^小东=');
  });

  it('reads EUC-KR bytes written without the escape sequence with the declared G1 set', () => {
    expect(decodeDicomText(bytes([0xb1, 0xe8, 0xc8, 0xf1, 0xc1, 0xdf]), '\\ISO 2022 IR 149', 'PN')).toBe('김희중');
  });

  it('honours escape sequences even where the character set omits code extensions', () => {
    expect(decodeDicomText(bytes('\x1b$B', [0x3b, 0x33, 0x45, 0x44], '\x1b(B'), undefined, 'PN')).toBe('山田');
  });
});

describe('decodeDicomText: delimiters reset the ISO 2022 state to value 1', () => {
  // Value 1 puts Latin-1 in G1; ESC - F designates Greek. 0xC4 is Ä in Latin-1, Δ in Greek.
  const charset = ['ISO 2022 IR 100', 'ISO 2022 IR 126'];
  const greek = '\x1b-F';

  it('PN: at ^ and = and \\', () => {
    expect(decodeDicomText(bytes(greek, [0xc4], '^', [0xc4]), charset, 'PN')).toBe('Δ^Ä');
    expect(decodeDicomText(bytes(greek, [0xc4], '=', [0xc4]), charset, 'PN')).toBe('Δ=Ä');
    expect(decodeDicomText(bytes(greek, [0xc4], '\\', [0xc4]), charset, 'PN')).toBe('Δ\\Ä');
  });

  it('LO, SH, UC: at \\ and control characters, not at ^ or =', () => {
    for (const vr of ['LO', 'SH', 'UC']) {
      expect(decodeDicomText(bytes(greek, [0xc4], '^=', [0xc4]), charset, vr)).toBe('Δ^=Δ');
      expect(decodeDicomText(bytes(greek, [0xc4], '\\', [0xc4]), charset, vr)).toBe('Δ\\Ä');
      expect(decodeDicomText(bytes(greek, [0xc4], '\t', [0xc4]), charset, vr)).toBe('Δ\tÄ');
    }
  });

  it('ST, LT, UT: at CR, LF, FF and TAB; a backslash is an ordinary character there', () => {
    for (const vr of ['ST', 'LT', 'UT']) {
      expect(decodeDicomText(bytes(greek, [0xc4], '\\', [0xc4]), charset, vr)).toBe('Δ\\Δ');
      for (const control of ['\r', '\n', '\f', '\t']) {
        expect(decodeDicomText(bytes(greek, [0xc4], control, [0xc4]), charset, vr)).toBe(`Δ${control}Ä`);
      }
    }
  });

  it('resets a multi-byte G0 at a control character, and returns to JIS X 0201 after ^', () => {
    const raw = bytes('\x1b$B', [0x3b, 0x33], '\r\n', [0x3b, 0x33]);
    expect(decodeDicomText(raw, '\\ISO 2022 IR 87', 'LT')).toBe('山\r\n;3');
    // Value 1 ISO 2022 IR 13: after the delimiter, high bytes are half-width katakana again.
    const katakana = bytes('\x1b$)C', [0xb1, 0xe8], '^', [0xb1]);
    expect(decodeDicomText(katakana, ['ISO 2022 IR 13', 'ISO 2022 IR 149'], 'PN')).toBe('김^ｱ');
  });

  it('does not treat ^ or = inside a two-byte JIS X 0208 character as a delimiter', () => {
    // ま is 0x245E (the second byte is ^), 0x3D is = as a second byte of 砂 (0x3A3D).
    expect(decodeDicomText(bytes('\x1b$B', [0x24, 0x5e, 0x3a, 0x3d], '\x1b(B'), '\\ISO 2022 IR 87', 'PN')).toBe('ま砂');
  });
});

describe('decodeDicomText: padding, VRs and robustness', () => {
  it('trims trailing spaces and NULs', () => {
    expect(decodeDicomText(bytes('Doe^John '), undefined, 'PN')).toBe('Doe^John');
    expect(decodeDicomText(bytes('1.2.3', [0]), undefined, 'UI')).toBe('1.2.3');
    expect(decodeDicomText(bytes(' text  '), undefined, 'LT')).toBe(' text');
  });

  it('does not apply the character set to VRs outside SH, LO, UC, ST, LT, UT, PN', () => {
    expect(decodeDicomText(bytes([0xc4]), 'ISO_IR 126', 'CS')).toBe('Ä');
  });

  it('never throws on arbitrary bytes', () => {
    const noise = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    for (const charset of [
      '',
      'ISO_IR 192',
      'GB18030',
      '\\ISO 2022 IR 87\\ISO 2022 IR 159',
      '\\ISO 2022 IR 149',
      'nonsense',
      'ISO_IR 13',
    ]) {
      expect(typeof decodeDicomText(noise, charset, 'PN')).toBe('string');
    }
    expect(decodeDicomText(bytes('\x1b'), '\\ISO 2022 IR 87', 'PN')).toBe('');
    expect(decodeDicomText(bytes('\x1b$B', [0x3b]), '\\ISO 2022 IR 87', 'PN')).toBe(';');
  });
});

describe('person names and search', () => {
  it('splits values and component groups', () => {
    expect(parsePersonName('Yamada^Tarou=山田^太郎=やまだ^たろう')).toEqual({
      alphabetic: 'Yamada^Tarou',
      ideographic: '山田^太郎',
      phonetic: 'やまだ^たろう',
    });
    expect(parsePersonName('Doe^John')).toEqual({ alphabetic: 'Doe^John', ideographic: '', phonetic: '' });
    const raw = bytes('\x1b$B$d$^$@\x1b(B^\x1b$B$?$m$&\x1b(B\\A^B ');
    expect(decodePersonNames(raw, '\\ISO 2022 IR 87')).toEqual([
      { alphabetic: 'やまだ^たろう', ideographic: '', phonetic: '' },
      { alphabetic: 'A^B', ideographic: '', phonetic: '' },
    ]);
    expect(decodePersonNames(bytes(''), undefined)).toEqual([]);
  });

  it('toSearchable flattens the PN structure, upper-cases, and folds width variants', () => {
    expect(toSearchable(' Yamada^Tarou=山田^太郎=やまだ^たろう ')).toBe('YAMADA TAROU 山田 太郎 やまだ たろう');
    expect(toSearchable('Doe^John^^Dr.=')).toBe('DOE JOHN DR.');
    expect(toSearchable('ﾔﾏﾀﾞ^ﾀﾛｳ')).toBe('ヤマダ タロウ');
    expect(toSearchable('Ｄｏｅ　Jérôme')).toBe('DOE JÉRÔME');
    expect(toSearchable('')).toBe('');
  });
});

// pydicom's character set samples; several are the examples of PS3.5 Annexes H, I and J.
const CHARSET_FILES = '/usr/lib/python3/dist-packages/pydicom/data/charset_files';

describe.skipIf(!existsSync(CHARSET_FILES))('pydicom charset_files, read raw and decoded here', () => {
  function read(file: string, tags: string[]): { charset: string | undefined; text: (tag: string, vr: string) => string | undefined } {
    const elements = readRawElements(new Uint8Array(readFileSync(`${CHARSET_FILES}/${file}.dcm`)), ['0008,0005', ...tags]);
    const charsetBytes = elements.get('0008,0005');
    const charset = charsetBytes ? decodeDicomText(charsetBytes, undefined, 'CS') : undefined;
    return {
      charset,
      text: (tag, vr) => {
        const raw = elements.get(tag);
        return raw ? decodeDicomText(raw, charset, vr) : undefined;
      },
    };
  }

  // File, Specific Character Set, Patient's Name: facts checked byte by byte against FileInfo.txt.
  const names: [string, string, string][] = [
    ['chrArab', 'ISO_IR 127', 'قباني^لنزار'],
    ['chrFren', 'ISO_IR 100', 'Buc^Jérôme'],
    ['chrFrenMulti', 'ISO_IR 100', 'Buc^Jérôme'],
    ['chrGerm', 'ISO_IR 100', 'Äneas^Rüdiger'],
    ['chrGreek', 'ISO_IR 126', 'Διονυσιος'],
    ['chrH31', '\\ISO 2022 IR 87', 'Yamada^Tarou=山田^太郎=やまだ^たろう'],
    ['chrH32', 'ISO 2022 IR 13\\ISO 2022 IR 87', 'ﾔﾏﾀﾞ^ﾀﾛｳ=山田^太郎=やまだ^たろう'],
    ['chrHbrw', 'ISO_IR 138', 'שרון^דבורה'],
    ['chrI2', '\\ISO 2022 IR 149', 'Hong^Gildong=洪^吉洞=홍^길동'],
    ['chrJapMulti', '\\ISO 2022 IR 87', 'やまだ^たろう'],
    ['chrJapMultiExplicitIR6', 'ISO 2022 IR 6\\ISO 2022 IR 87', 'やまだ^たろう'],
    ['chrKoreanMulti', '\\ISO 2022 IR 149', '김희중'],
    // The file holds Latin c, e, y and p (bytes 0x63 0x65 0x79 0x70) among the Cyrillic letters.
    ['chrRuss', 'ISO_IR 144', 'Люк\u0063\u0065мб\u0079\u0070г'],
    // The trailing = (an empty phonetic group) is in the bytes, as in the PS3.5 J.1 example.
    ['chrX1', 'ISO_IR 192', 'Wang^XiaoDong=王^小東='],
    ['chrX2', 'GB18030', 'Wang^XiaoDong=王^小东='],
  ];

  it.each(names)("%s: Patient's Name", (file, charset, name) => {
    const dataset = read(file, ['0010,0010']);
    expect(dataset.charset).toBe(charset);
    expect(dataset.text('0010,0010', 'PN')).toBe(name);
  });

  it('chrJapMulti and chrJapMultiExplicitIR6: other names, history and ASCII strings', () => {
    for (const file of ['chrJapMulti', 'chrJapMultiExplicitIR6']) {
      const dataset = read(file, ['0008,0070', '0008,103E', '0010,1001', '0010,21B0', '0019,1010']);
      expect(dataset.text('0008,0070', 'LO')).toBe('Agfa-Gevaert AG');
      expect(dataset.text('0008,103E', 'LO')).toBe('Chest PA PA');
      expect(dataset.text('0010,1001', 'PN')).toBe('やまだ^たろう\\やまだ^たろう');
      expect(dataset.text('0010,21B0', 'LT')).toBe('たろう');
      expect(dataset.text('0019,1010', 'SH')?.split('\\')).toHaveLength(12);
    }
  });

  it("chrKoreanMulti: Operators' Name, other names and history", () => {
    const dataset = read('chrKoreanMulti', ['0008,1070', '0010,1001', '0010,21B0']);
    expect(dataset.text('0008,1070', 'PN')).toBe('김희중');
    expect(dataset.text('0010,1001', 'PN')).toBe('김희중\\김희중');
    expect(dataset.text('0010,21B0', 'LT')).toBe('김희중');
  });

  it('chrFrenMulti: multi-valued LO and PN', () => {
    const dataset = read('chrFrenMulti', ['0010,1000', '0010,1001', '0010,0020']);
    expect(dataset.text('0010,1000', 'LO')).toBe('eggs\\spam');
    expect(dataset.text('0010,1001', 'PN')).toBe('Buc^Jérôme\\Buc^Jérôme');
    expect(dataset.text('0010,0020', 'LO')).toBe('SCSFREN');
  });

  it('chrSQEncoding: an item with its own Specific Character Set overrides the dataset; chrSQEncoding1: an item inherits it', () => {
    for (const file of ['chrSQEncoding', 'chrSQEncoding1']) {
      const buffer = new Uint8Array(readFileSync(`${CHARSET_FILES}/${file}.dcm`));
      const top = readRawElements(buffer, ['0008,0005', '0032,1032', '0010,0010']);
      const datasetCharset = decodeDicomText(top.get('0008,0005') ?? new Uint8Array(), undefined, 'CS');
      expect(decodeDicomText(top.get('0032,1032') ?? new Uint8Array(), datasetCharset, 'PN')).toBe('Doctor^Who^^MD');
      expect(top.has('0010,0010')).toBe(false); // it sits in the sequence, not at the top level
      const [item, ...rest] = readRawSequenceItems(buffer, '0032,1064', ['0008,0005', '0010,0010']);
      expect(rest).toEqual([]);
      const itemCharset = item?.get('0008,0005');
      const charset = itemCharset ? decodeDicomText(itemCharset, undefined, 'CS') : datasetCharset;
      expect(charset).toBe('ISO 2022 IR 13\\ISO 2022 IR 87');
      expect(decodeDicomText(item?.get('0010,0010') ?? new Uint8Array(), charset, 'PN')).toBe('ﾔﾏﾀﾞ^ﾀﾛｳ=山田^太郎=やまだ^たろう');
    }
  });
});

describe('a file that names no Specific Character Set', () => {
  // 'Müller^Jürgen' in ISO 8859-1, 'Иванов^Иван' in ISO 8859-5, 'Müller' in UTF-8.
  const latin1 = bytes('M', [0xfc], 'ller^J', [0xfc], 'rgen');
  const cyrillic = bytes([0xb8, 0xd2, 0xd0, 0xdd, 0xde, 0xd2], '^', [0xb8, 0xd2, 0xd0, 0xdd]);
  const utf8 = Uint8Array.from(Buffer.from('Müller', 'utf8'));

  it("is read with the site's default character set", () => {
    expect(decodeWithDefaultCharacterSet(latin1, 'ISO_IR 100', 'PN')).toBe('Müller^Jürgen');
    expect(decodeWithDefaultCharacterSet(cyrillic, 'ISO_IR 144', 'PN')).toBe('Иванов^Иван');
    expect(decodeWithDefaultCharacterSet(cyrillic, 'ISO_IR 100', 'PN')).not.toBe('Иванов^Иван');
    // JIS X 0208 behind its escape sequence: 山田 (0x3B33 0x4544).
    expect(decodeWithDefaultCharacterSet(bytes([0x1b], '$B;3ED', [0x1b], '(B'), 'ISO 2022 IR 87', 'PN')).toBe('山田');
  });

  it('under UTF-8, the default, reads valid UTF-8 as such and stray Latin-1 bytes as Latin-1', () => {
    expect(decodeWithDefaultCharacterSet(utf8, 'ISO_IR 192', 'PN')).toBe('Müller');
    expect(decodeWithDefaultCharacterSet(latin1, 'ISO_IR 192', 'PN')).toBe('Müller^Jürgen');
  });
});
