/**
 * A minimal reader of raw element values from a DICOM Part 10 file (PS3.10 §7, PS3.5 §7): the
 * adapter needs the undecoded bytes of a few string elements to decode their character set
 * itself (charset.ts). It walks the top-level dataset only, skipping the contents of sequences,
 * items of undefined length and encapsulated pixel data, and returns views into the buffer.
 *
 * Handled: the 128-byte preamble and `DICM` (or no File Meta at all), group 2 in explicit VR
 * little endian, then implicit VR little endian, explicit VR little endian (also every
 * encapsulated syntax), explicit VR big endian and deflated explicit VR little endian. A truncated
 * file yields the elements read before the cut.
 */
import { inflateRawSync } from 'node:zlib';

interface Syntax {
  explicit: boolean;
  little: boolean;
}

const IMPLICIT_LE: Syntax = { explicit: false, little: true };
const EXPLICIT_LE: Syntax = { explicit: true, little: true };
const EXPLICIT_BE: Syntax = { explicit: true, little: false };

const TRANSFER_SYNTAXES: Record<string, Syntax> = {
  '1.2.840.10008.1.2': IMPLICIT_LE,
  '1.2.840.10008.1.2.1': EXPLICIT_LE,
  '1.2.840.10008.1.2.2': EXPLICIT_BE,
};
const DEFLATED = '1.2.840.10008.1.2.1.99';
const TRANSFER_SYNTAX_UID = 0x00020010;

/** VRs whose explicit header has 2 reserved bytes and a 32-bit length (PS3.5 Table 7.1-1). */
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);
const ITEM = 0xfffee000;
const ITEM_END = 0xfffee00d;
const SEQUENCE_END = 0xfffee0dd;
const UNDEFINED_LENGTH = 0xffffffff;

class Truncated extends Error {}

interface Header {
  tag: number;
  vr: string | undefined;
  length: number;
  valueStart: number;
}

interface Element extends Header {
  /** End of the value; for undefined lengths, where the closing delimiter starts. */
  valueEnd: number;
  /** Where the next element starts. */
  next: number;
}

class Reader {
  private readonly view: DataView;

  constructor(
    readonly bytes: Uint8Array,
    readonly syntax: Syntax,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The same bytes read in another syntax (the contents of a UN sequence are implicit LE). */
  as(syntax: Syntax): Reader {
    return syntax === this.syntax ? this : new Reader(this.bytes, syntax);
  }

  private need(offset: number, size: number): void {
    if (offset + size > this.bytes.length) throw new Truncated();
  }

  private u16(offset: number): number {
    this.need(offset, 2);
    return this.view.getUint16(offset, this.syntax.little);
  }

  private u32(offset: number): number {
    this.need(offset, 4);
    return this.view.getUint32(offset, this.syntax.little);
  }

  header(offset: number): Header {
    const tag = ((this.u16(offset) << 16) | this.u16(offset + 2)) >>> 0;
    // Items and delimiters have no VR, in every syntax.
    if (!this.syntax.explicit || tag >>> 16 === 0xfffe) return { tag, vr: undefined, length: this.u32(offset + 4), valueStart: offset + 8 };
    this.need(offset + 4, 2);
    const vr = String.fromCharCode(this.bytes[offset + 4] ?? 0, this.bytes[offset + 5] ?? 0);
    if (LONG_VRS.has(vr)) return { tag, vr, length: this.u32(offset + 8), valueStart: offset + 12 };
    return { tag, vr, length: this.u16(offset + 6), valueStart: offset + 8 };
  }

  element(offset: number): Element {
    const header = this.header(offset);
    if (header.length !== UNDEFINED_LENGTH) {
      const valueEnd = header.valueStart + header.length;
      if (valueEnd > this.bytes.length) throw new Truncated();
      return { ...header, valueEnd, next: valueEnd };
    }
    // Undefined length: a sequence, encapsulated pixel data, or a UN sequence whose contents are
    // implicit VR little endian (PS3.5 §6.2.2).
    const inner = header.vr === 'UN' ? this.as(IMPLICIT_LE) : this;
    const valueEnd = inner.skipItems(header.valueStart);
    return { ...header, valueEnd, next: valueEnd + 8 };
  }

  /** Skips items up to the Sequence Delimitation Item; returns where that delimiter starts. */
  private skipItems(offset: number): number {
    let at = offset;
    for (;;) {
      const header = this.header(at);
      if (header.tag === SEQUENCE_END) return at;
      if (header.tag === ITEM && header.length === UNDEFINED_LENGTH) at = this.datasetEnd(header.valueStart) + 8;
      else at = this.element(at).next;
    }
  }

  /** Where the Item Delimitation Item that closes a dataset of undefined length starts. */
  datasetEnd(offset: number): number {
    let at = offset;
    for (;;) {
      const header = this.header(at);
      if (header.tag === ITEM_END) return at;
      at = this.element(at).next;
    }
  }

  /** The elements of a dataset between `start` and `end`, stopping early at a truncation. */
  *elements(start: number, end: number): Generator<Element> {
    let at = start;
    while (at + 8 <= end) {
      let element: Element;
      try {
        element = this.element(at);
      } catch (error) {
        if (error instanceof Truncated) return;
        throw error;
      }
      yield element;
      at = element.next;
    }
  }

  /** The datasets of the items of a sequence value. */
  items(element: Element): { start: number; end: number }[] {
    const reader = element.vr === 'UN' ? this.as(IMPLICIT_LE) : this;
    const items: { start: number; end: number }[] = [];
    let at = element.valueStart;
    try {
      while (at + 8 <= element.valueEnd) {
        const header = reader.header(at);
        if (header.tag !== ITEM) break;
        const end = header.length === UNDEFINED_LENGTH ? reader.datasetEnd(header.valueStart) : header.valueStart + header.length;
        items.push({ start: header.valueStart, end });
        at = header.length === UNDEFINED_LENGTH ? end + 8 : end;
      }
    } catch (error) {
      if (!(error instanceof Truncated)) throw error;
    }
    return items;
  }
}

/** The File Meta group of a Part 10 file: its elements, where the dataset starts, the Transfer Syntax UID. */
function readMeta(buffer: Uint8Array): { meta: Element[]; at: number; uid: string | undefined } | undefined {
  const hasPreamble = buffer.length >= 132 && ascii(buffer, 128, 4) === 'DICM';
  const metaStart = hasPreamble ? 132 : ascii(buffer, 0, 4) === 'DICM' ? 4 : undefined;
  if (metaStart === undefined) return undefined;
  const metaReader = new Reader(buffer, EXPLICIT_LE);
  const meta: Element[] = [];
  let at = metaStart;
  for (const element of metaReader.elements(metaStart, buffer.length)) {
    if (element.tag >>> 16 !== 0x0002) break;
    meta.push(element);
    at = element.next;
  }
  const uidElement = meta.find((element) => element.tag === TRANSFER_SYNTAX_UID);
  const uid = uidElement ? ascii(buffer, uidElement.valueStart, uidElement.length).replace(/[\0 ]+$/u, '') : undefined;
  return { meta, at, uid };
}

/**
 * The Transfer Syntax UID a Part 10 file's meta header declares, read from its first bytes only
 * (the dataset is not parsed; a file's first few kilobytes are enough); undefined without one.
 */
export function fileTransferSyntax(head: Uint8Array): string | undefined {
  try {
    return readMeta(head)?.uid;
  } catch {
    return undefined;
  }
}

/** Where the dataset starts and how it is encoded. */
function openDataset(buffer: Uint8Array): { reader: Reader; start: number; meta: Element[] } {
  const found = readMeta(buffer);
  if (!found) return { reader: new Reader(buffer, guessSyntax(buffer, 0)), start: 0, meta: [] };
  const { meta, at, uid } = found;
  if (uid === DEFLATED) {
    try {
      return { reader: new Reader(new Uint8Array(inflateRawSync(buffer.subarray(at))), EXPLICIT_LE), start: 0, meta };
    } catch {
      return { reader: new Reader(new Uint8Array(0), EXPLICIT_LE), start: 0, meta };
    }
  }
  // Every encapsulated (compressed) syntax encodes the dataset in explicit VR little endian.
  let syntax = uid === undefined ? guessSyntax(buffer, at) : (TRANSFER_SYNTAXES[uid] ?? EXPLICIT_LE);
  // Some writers declare an explicit syntax but write implicit VR: no VR after the first tag.
  if (syntax.explicit && !hasVr(buffer, at)) syntax = IMPLICIT_LE;
  return { reader: new Reader(buffer, syntax), start: at, meta };
}

/** Without a Transfer Syntax UID: explicit if a VR follows the first tag; big endian if the group's high byte comes first. */
function guessSyntax(buffer: Uint8Array, offset: number): Syntax {
  if (!hasVr(buffer, offset)) return IMPLICIT_LE;
  return buffer[offset] === 0 && buffer[offset + 1] !== 0 ? EXPLICIT_BE : EXPLICIT_LE;
}

function hasVr(buffer: Uint8Array, offset: number): boolean {
  return offset + 6 > buffer.length || /^[A-Z]{2}$/u.test(ascii(buffer, offset + 4, 2));
}

function ascii(buffer: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...buffer.subarray(offset, offset + length));
}

/** Parses 'GGGGEEEE', 'GGGG,EEEE', 'GGGG-EEEE' or '(GGGG,EEEE)'. */
function parseTag(tag: string): number {
  const hex = tag.replace(/[(),\-\s]/gu, '');
  if (!/^[0-9a-fA-F]{8}$/u.test(hex)) throw new Error(`Not a DICOM tag: ${tag}`);
  return Number.parseInt(hex, 16) >>> 0;
}

function collect(reader: Reader, elements: Iterable<Element>, tags: readonly string[]): Map<string, Uint8Array> {
  const wanted = new Map<number, string[]>();
  for (const tag of tags) {
    const number = parseTag(tag);
    wanted.set(number, [...(wanted.get(number) ?? []), tag]);
  }
  const found = new Map<string, Uint8Array>();
  for (const element of elements) {
    if (wanted.size === 0) break;
    for (const key of wanted.get(element.tag) ?? []) found.set(key, reader.bytes.subarray(element.valueStart, element.valueEnd));
    wanted.delete(element.tag);
  }
  return found;
}

/**
 * The raw value bytes of the requested top-level elements of a Part 10 file (or a bare dataset),
 * keyed by the tag strings as given ('0010,0010', '00100010', '0010-0010' or '(0010,0010)').
 * File Meta (group 2) elements can be asked for too. Missing elements are absent from the map.
 */
export function readRawElements(buffer: Uint8Array, tags: string[]): Map<string, Uint8Array> {
  const { reader, start, meta } = openDataset(buffer);
  const metaTags = tags.filter((tag) => parseTag(tag) >>> 16 === 0x0002);
  const datasetTags = tags.filter((tag) => parseTag(tag) >>> 16 !== 0x0002);
  const found = collect(reader, reader.elements(start, reader.bytes.length), datasetTags);
  // File Meta values stay in `buffer` even when the dataset was inflated into another one.
  for (const [tag, bytes] of collect(new Reader(buffer, EXPLICIT_LE), meta, metaTags)) found.set(tag, bytes);
  return found;
}

/**
 * For a top-level sequence, the raw value bytes of the requested elements of each item (one map
 * per item, items in order). Nested sequences inside the items are skipped, not entered.
 */
export function readRawSequenceItems(buffer: Uint8Array, sequenceTag: string, tags: string[]): Map<string, Uint8Array>[] {
  const { reader, start } = openDataset(buffer);
  const target = parseTag(sequenceTag);
  for (const element of reader.elements(start, reader.bytes.length)) {
    if (element.tag !== target) continue;
    const inner = element.vr === 'UN' ? reader.as(IMPLICIT_LE) : reader;
    return reader.items(element).map(({ start: itemStart, end }) => collect(inner, inner.elements(itemStart, end), tags));
  }
  return [];
}
