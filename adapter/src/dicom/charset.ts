/**
 * Decoding of DICOM string values under Specific Character Set (0008,0005).
 *
 * PS3.3 C.12.1.1.2 lists the Defined Terms; PS3.5 §6.1 and Annexes H, I, J and K give the rules.
 * Three families:
 * - single-byte sets (ISO_IR 100 …, or their `ISO 2022 IR nnn` forms): the default repertoire in
 *   G0 (bytes 0x00–0x7F) and one ISO 8859-style set in G1 (bytes 0xA0–0xFF);
 * - ISO 2022 code extensions: escape sequences designate another set into G0 (JIS X 0208,
 *   JIS X 0212) or G1 (any single-byte set, KS X 1001, GB 2312) until the next escape or until a
 *   delimiter resets the state to the one of value 1 (PS3.5 §6.1.2.5.3);
 * - multi-byte sets without code extensions (ISO_IR 192, GB18030, GBK): one decoder for the whole
 *   value.
 *
 * Node's `TextDecoder` (full ICU) does the table work; what it does not fit is mapped here: the
 * ISO 2022 state machine, JIS X 0201 and TIS 620, and ISO 8859-1 and -9, whose WHATWG labels
 * decode as windows-1252 and windows-1254.
 */
import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';

/**
 * Sets that can sit in G0 (bytes 0x21–0x7E). JIS X 0201 Romaji (`ESC ( J`, and G0 of ISO_IR 13)
 * is read as ASCII: it differs only at 0x5C (¥) and 0x7E (‾), and DICOM keeps 0x5C as the value
 * separator, as every other reader does.
 */
type G0 = 'ascii' | 'jisx0208' | 'jisx0212';

/** Sets that can sit in G1 (bytes 0xA0–0xFF): a table of the 128 high bytes, or a 94×94 set. */
type G1 = { kind: 'single'; id: SingleByteId } | { kind: 'double'; decoder: 'euc-kr' | 'gbk' } | null;

type SingleByteId =
  'latin1' | 'latin2' | 'latin3' | 'latin4' | 'cyrillic' | 'arabic' | 'greek' | 'hebrew' | 'latin5' | 'latin9' | 'katakana' | 'thai';

interface Iso2022State {
  g0: G0;
  g1: G1;
}

/** The ISO 8859 parts that WHATWG decodes faithfully (0x80–0x9F as C1 controls). */
const WHATWG_TABLES: Partial<Record<SingleByteId, string>> = {
  latin2: 'iso-8859-2',
  latin3: 'iso-8859-3',
  latin4: 'iso-8859-4',
  cyrillic: 'iso-8859-5',
  arabic: 'iso-8859-6',
  greek: 'iso-8859-7',
  hebrew: 'iso-8859-8',
  latin9: 'iso-8859-15',
};

/** Single-byte Defined Terms by ISO-IR number, and the final byte of their G1 escape `ESC - F`. */
const SINGLE_BYTE: Record<string, { id: SingleByteId; escape: string }> = {
  '100': { id: 'latin1', escape: '-A' },
  '101': { id: 'latin2', escape: '-B' },
  '109': { id: 'latin3', escape: '-C' },
  '110': { id: 'latin4', escape: '-D' },
  '144': { id: 'cyrillic', escape: '-L' },
  '127': { id: 'arabic', escape: '-G' },
  '126': { id: 'greek', escape: '-F' },
  '138': { id: 'hebrew', escape: '-H' },
  '148': { id: 'latin5', escape: '-M' },
  '203': { id: 'latin9', escape: '-b' },
  '13': { id: 'katakana', escape: ')I' },
  '166': { id: 'thai', escape: '-T' },
};

/** Multi-byte code extensions (PS3.3 Table C.12-4): which G set they designate. */
const MULTI_BYTE: Record<string, Partial<Iso2022State>> = {
  '87': { g0: 'jisx0208' },
  '159': { g0: 'jisx0212' },
  '149': { g1: { kind: 'double', decoder: 'euc-kr' } },
  '58': { g1: { kind: 'double', decoder: 'gbk' } },
};

/** Escape sequences (the bytes after ESC) and the designation each makes. */
const ESCAPES = new Map<string, Partial<Iso2022State>>([
  ['(B', { g0: 'ascii' }], // ISO-IR 6
  ['(J', { g0: 'ascii' }], // JIS X 0201 Romaji (ISO-IR 14)
  ['$B', { g0: 'jisx0208' }], // ISO-IR 87
  ['$@', { g0: 'jisx0208' }], // JIS C 6226-1978, the older edition of ISO-IR 87; seen in the wild
  ['$(D', { g0: 'jisx0212' }], // ISO-IR 159
  ['$)C', MULTI_BYTE['149'] ?? {}], // KS X 1001
  ['$)A', MULTI_BYTE['58'] ?? {}], // GB 2312
  ...Object.values(SINGLE_BYTE).map(({ id, escape }): [string, Partial<Iso2022State>] => [escape, { g1: { kind: 'single', id } }]),
]);

/** Multi-byte sets that are used without code extensions: one decoder for the whole value. */
const WHOLE_VALUE: Record<string, string> = {
  'ISO_IR 192': 'utf-8',
  GB18030: 'gb18030',
  GBK: 'gbk',
};

const ESC = 0x1b;
const LATIN1_FALLBACK: G1 = { kind: 'single', id: 'latin1' };

/** VRs whose values Specific Character Set applies to (PS3.5 §6.1.2.3). Others are read as Latin-1. */
const TEXT_VRS = new Set(['SH', 'LO', 'UC', 'ST', 'LT', 'UT', 'PN']);
/** VRs that hold a single value, where a backslash is an ordinary character (PS3.5 Table 6.2-1). */
const SINGLE_VALUED = new Set(['ST', 'LT', 'UT']);
const CONTROL_DELIMITERS = [0x09, 0x0a, 0x0c, 0x0d]; // TAB, LF, FF, CR
const BACKSLASH = 0x5c;
const PN_DELIMITERS = [0x5e, 0x3d]; // ^ =

/**
 * Splits a Specific Character Set value into its Defined Terms. Value 1 may be empty (the default
 * repertoire, PS3.3 C.12.1.1.2); later empty values carry nothing and are dropped.
 */
export function parseSpecificCharacterSet(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value
    .split('\\')
    .map((term) => term.trim())
    .filter((term, index) => index === 0 || term !== '');
}

/**
 * Decodes the raw bytes of one string element (all its values, backslash-separated) to text.
 * `vr` decides which delimiters reset the ISO 2022 state and whether the character set applies
 * at all. Trailing spaces and NULs (DICOM padding) are trimmed. Unknown Defined Terms decode as
 * ISO 8859-1; this function never throws.
 */
export function decodeDicomText(bytes: Uint8Array, specificCharacterSet: string | readonly string[] | undefined, vr: string): string {
  const terms =
    typeof specificCharacterSet === 'string' || specificCharacterSet === undefined
      ? parseSpecificCharacterSet(specificCharacterSet)
      : specificCharacterSet.map((term) => term.trim());
  const upperVr = vr.toUpperCase();
  if (!TEXT_VRS.has(upperVr)) return trimPadding(decodeWith(bytes, 'latin1'));

  const first = normalizeTerm(terms[0] ?? '');
  const whole = WHOLE_VALUE[first];
  if (whole) return trimPadding(decodeWith(bytes, whole));

  const initial = initialState(first);
  const delimiters = new Set(CONTROL_DELIMITERS);
  if (!SINGLE_VALUED.has(upperVr)) delimiters.add(BACKSLASH);
  if (upperVr === 'PN') for (const byte of PN_DELIMITERS) delimiters.add(byte);
  return trimPadding(decodeIso2022(bytes, initial, fallbackG1(terms), delimiters));
}

/**
 * Decodes a value of a file that names no Specific Character Set with the site's default one
 * (spec 3 §7, the term pushed to Orthanc as its DefaultEncoding), as Orthanc reads such a file.
 * Under UTF-8, the default, bytes that are not valid UTF-8 read as ISO 8859-1: stray Latin-1 from
 * older modalities stays legible rather than becoming replacement characters.
 */
export function decodeWithDefaultCharacterSet(bytes: Uint8Array, defaultTerm: string, vr: string): string {
  if (normalizeTerm(defaultTerm) === 'ISO_IR 192' && !isUtf8(bytes)) return decodeDicomText(bytes, [], vr);
  return decodeDicomText(bytes, [defaultTerm], vr);
}

/** The three component groups of a Person Name value (PS3.5 §6.2.1.2), `^`-separated inside. */
export interface PersonName {
  alphabetic: string;
  ideographic: string;
  phonetic: string;
}

/** Splits one decoded PN value into its alphabetic, ideographic and phonetic groups. */
export function parsePersonName(value: string): PersonName {
  const [alphabetic = '', ideographic = '', phonetic = ''] = value.split('=');
  return { alphabetic, ideographic, phonetic };
}

/** Decodes a PN element's raw bytes into one PersonName per value. */
export function decodePersonNames(bytes: Uint8Array, specificCharacterSet: string | readonly string[] | undefined): PersonName[] {
  const text = decodeDicomText(bytes, specificCharacterSet, 'PN');
  return text === '' ? [] : text.split('\\').map(parsePersonName);
}

/**
 * A form of a name (or any string) for partial, case-insensitive matching: NFKC-normalised (so
 * half-width katakana and full-width Latin match their usual forms), upper-cased, with the PN
 * structure (`^` between components, `=` between groups, `\` between values) and runs of
 * whitespace collapsed to single spaces. 'Yamada^Tarou=山田^太郎' gives 'YAMADA TAROU 山田 太郎'.
 * Apply it to both the stored name and the search term, then match with `includes`.
 */
export function toSearchable(name: string): string {
  return name
    .normalize('NFKC')
    .toUpperCase()
    .split(/[\^=\\\s]+/u)
    .filter((part) => part !== '')
    .join(' ');
}

/** Accepts the usual misspellings of Defined Terms ('ISO-IR 100', 'ISO_IR100', 'iso 2022 ir 87'). */
function normalizeTerm(term: string): string {
  const upper = term.trim().toUpperCase();
  const extension = /^ISO[\s_-]*2022[\s_-]*IR[\s_-]*(\d+)$/.exec(upper);
  if (extension) return `ISO 2022 IR ${extension[1]}`;
  const plain = /^ISO[\s_-]*IR[\s_-]*(\d+)$/.exec(upper);
  if (plain) return `ISO_IR ${plain[1]}`;
  return upper;
}

function termNumber(term: string): string | undefined {
  return /^ISO(?: 2022 |_)IR (\d+)$/.exec(normalizeTerm(term))?.[1];
}

/** The state value 1 sets up, and that every delimiter returns to. */
function initialState(first: string): Iso2022State {
  const number = termNumber(first);
  const single = number === undefined ? undefined : SINGLE_BYTE[number];
  if (single) return { g0: 'ascii', g1: { kind: 'single', id: single.id } };
  // Value 1 shall be a single-byte set; a G1 multi-byte set there is tolerated as the initial G1.
  // G0 multi-byte sets are not, or no ASCII delimiter could ever be recognised.
  const multi = number === undefined ? undefined : MULTI_BYTE[number];
  if (multi?.g1) return { g0: 'ascii', g1: multi.g1 };
  if (first === '' || number === '6') return { g0: 'ascii', g1: null };
  return { g0: 'ascii', g1: LATIN1_FALLBACK };
}

/**
 * The G1 set that high bytes fall back to while none is designated. Some devices declare
 * '\ISO 2022 IR 149' yet write EUC-KR bytes without the escape sequence; the declared G1 set reads
 * them as intended. Without any, ISO 8859-1 keeps the bytes visible.
 */
function fallbackG1(terms: readonly string[]): G1 {
  for (const term of terms.slice(1)) {
    const number = termNumber(term);
    if (number === undefined) continue;
    const g1 = MULTI_BYTE[number]?.g1 ?? (SINGLE_BYTE[number] ? { kind: 'single' as const, id: SINGLE_BYTE[number].id } : undefined);
    if (g1) return g1;
  }
  return LATIN1_FALLBACK;
}

function decodeIso2022(bytes: Uint8Array, initial: Iso2022State, fallback: G1, delimiters: ReadonlySet<number>): string {
  let { g0, g1 } = initial;
  let out = '';
  // Multi-byte characters are batched per decoder so each run is one TextDecoder call.
  let pending: number[] = [];
  let pendingDecoder = '';
  const flush = (): void => {
    if (pending.length > 0) out += decodeWith(Uint8Array.from(pending), pendingDecoder);
    pending = [];
  };
  const queue = (decoder: string, ...codes: number[]): void => {
    if (decoder !== pendingDecoder) {
      flush();
      pendingDecoder = decoder;
    }
    pending.push(...codes);
  };
  const emit = (text: string): void => {
    flush();
    out += text;
  };

  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i] ?? 0;
    if (byte === ESC) {
      const escape = readEscape(bytes, i);
      const designation = escape ? ESCAPES.get(escape) : undefined;
      if (designation?.g0) g0 = designation.g0;
      if (designation?.g1 !== undefined) g1 = designation.g1;
      // An unknown but well-formed escape is dropped; a lone ESC is skipped.
      i += escape ? escape.length + 1 : 1;
      continue;
    }
    if (byte < 0x80) {
      const next = bytes[i + 1];
      if (g0 !== 'ascii' && isGraphic94(byte) && next !== undefined && isGraphic94(next)) {
        // Two-byte G0 sets are decoded as EUC-JP, where JIS X 0208 sits at bytes | 0x80 and
        // JIS X 0212 behind the single shift 0x8F. A `^` here is half a character, not a delimiter.
        if (g0 === 'jisx0212') queue('euc-jp', 0x8f, byte | 0x80, next | 0x80);
        else queue('euc-jp', byte | 0x80, next | 0x80);
        i += 2;
        continue;
      }
      emit(String.fromCharCode(byte));
      if (delimiters.has(byte)) ({ g0, g1 } = initial);
      i += 1;
      continue;
    }
    const set = g1 ?? fallback;
    if (set?.kind === 'double') {
      const next = bytes[i + 1];
      if (next !== undefined && byte >= 0xa1 && byte <= 0xfe && next >= 0xa1 && next <= 0xfe) {
        queue(set.decoder, byte, next);
        i += 2;
        continue;
      }
      emit('\ufffd');
      i += 1;
      continue;
    }
    emit(highTable(set?.id ?? 'latin1')[byte - 0x80] ?? '\ufffd');
    i += 1;
  }
  flush();
  return out;
}

function isGraphic94(byte: number): boolean {
  return byte >= 0x21 && byte <= 0x7e;
}

/** The intermediate and final bytes of an escape sequence at `start`, or undefined if malformed. */
function readEscape(bytes: Uint8Array, start: number): string | undefined {
  let text = '';
  for (let i = start + 1; i < bytes.length && i < start + 5; i += 1) {
    const byte = bytes[i] ?? 0;
    text += String.fromCharCode(byte);
    if (byte >= 0x30 && byte <= 0x7e) return text; // final byte
    if (byte < 0x20 || byte > 0x2f) return undefined; // neither intermediate nor final
  }
  return undefined;
}

const tables = new Map<SingleByteId, readonly string[]>();

/** The characters of bytes 0x80–0xFF in a single-byte set (ASCII below that in every set). */
function highTable(id: SingleByteId): readonly string[] {
  let table = tables.get(id);
  if (!table) {
    table = buildHighTable(id);
    tables.set(id, table);
  }
  return table;
}

function buildHighTable(id: SingleByteId): string[] {
  const codes = Array.from({ length: 128 }, (_, index) => 0x80 + index);
  const label = WHATWG_TABLES[id];
  if (label) {
    const decoded = Array.from(decodeWith(Uint8Array.from(codes), label));
    if (decoded.length === 128) return decoded;
  }
  const latin5: Record<number, number> = { 0xd0: 0x011e, 0xdd: 0x0130, 0xde: 0x015e, 0xf0: 0x011f, 0xfd: 0x0131, 0xfe: 0x015f };
  return codes.map((code) => {
    switch (id) {
      case 'latin5':
        return String.fromCharCode(latin5[code] ?? code);
      case 'katakana':
        // JIS X 0201 Katakana: 0xA1–0xDF are the half-width forms U+FF61–U+FF9F.
        return code >= 0xa1 && code <= 0xdf ? String.fromCharCode(0xff61 + code - 0xa1) : '\ufffd';
      case 'thai':
        // TIS 620-2533: Thai letters at U+0E01–U+0E3A and U+0E3F–U+0E5B, the same offset.
        if (code < 0xa0) return String.fromCharCode(code);
        if (code === 0xa0) return '\u00a0';
        return code <= 0xda || (code >= 0xdf && code <= 0xfb) ? String.fromCharCode(0x0e00 + code - 0xa0) : '\ufffd';
      default:
        return String.fromCharCode(code);
    }
  });
}

const decoders = new Map<string, TextDecoder | null>();

/** Decodes with a TextDecoder label, or as ISO 8859-1 when the label is 'latin1' or unknown. */
function decodeWith(bytes: Uint8Array, label: string): string {
  if (label !== 'latin1') {
    let decoder = decoders.get(label);
    if (decoder === undefined) {
      try {
        decoder = new TextDecoder(label);
      } catch {
        decoder = null; // a Node built without full ICU: fall back rather than throw
      }
      decoders.set(label, decoder);
    }
    if (decoder) return decoder.decode(bytes);
  }
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x2000) out += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return out;
}

function trimPadding(text: string): string {
  return text.replace(/[ \0]+$/u, '');
}
