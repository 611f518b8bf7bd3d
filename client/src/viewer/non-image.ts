/**
 * DICOM objects that hold no image (structured reports, waveforms such as ECGs, or an image
 * object without pixel data). Cornerstone cannot display them; instead of blaming the transfer
 * syntax, the viewer reads the whole Part 10 file with dcmjs and shows what the object holds:
 * an SR's content tree as text, a waveform's channels as traces, an encapsulated document (PDF,
 * CDA, …) as the document itself, and the header otherwise.
 */
import dcmjs from 'dcmjs';
import type { WaveformChannel } from './waveform-trace.ts';

export type { WaveformChannel } from './waveform-trace.ts';

/** One attribute in DICOM JSON form (binary values reduced to a marker), as the header table reads it. */
export interface HeaderAttribute {
  vr: string;
  Value?: unknown[];
  InlineBinary?: string;
}
export type HeaderDataSet = Record<string, HeaderAttribute>;

/** One content item of a structured report, with the items it contains or that qualify it. */
export interface SrItem {
  /** CONTAINS, HAS PROPERTIES, HAS OBS CONTEXT, … ('' for the document root). */
  relationship: string;
  /** TEXT, CODE, NUM, CONTAINER, … */
  valueType: string;
  /** The concept name's meaning, '' when the item has none. */
  concept: string;
  /** The value as text ('' for a container). */
  value: string;
  children: SrItem[];
}

export interface WaveformGroup {
  label: string;
  samplingFrequency: number;
  channels: WaveformChannel[];
}

export type NonImageObject =
  | { kind: 'structured_report'; title: string; items: SrItem[]; header: HeaderDataSet }
  | { kind: 'waveform'; ecg: boolean; groups: WaveformGroup[]; header: HeaderDataSet }
  | { kind: 'encapsulated_document'; title: string; mimeType: string; document: Uint8Array; header: HeaderDataSet }
  | { kind: 'no_pixel_data'; header: HeaderDataSet };

type Natural = Record<string, unknown>;

const PIXEL_TAGS = ['7FE00010', '7FE00008', '7FE00009'];

/** ECG waveform storage classes (PS3.4 B.5): 12-lead, general, ambulatory. */
const ECG_CLASSES = new Set(['1.2.840.10008.5.1.4.1.1.9.1.1', '1.2.840.10008.5.1.4.1.1.9.1.2', '1.2.840.10008.5.1.4.1.1.9.1.3']);

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const name = value as { Alphabetic?: string; Ideographic?: string; Phonetic?: string };
    if ('Alphabetic' in name || 'Ideographic' in name || 'Phonetic' in name) {
      return [name.Alphabetic, name.Ideographic, name.Phonetic].filter(Boolean).join('=');
    }
    return '';
  }
  return String(value).trim();
}

function items(value: unknown): Natural[] {
  if (Array.isArray(value)) return value.filter((item): item is Natural => typeof item === 'object' && item !== null);
  return typeof value === 'object' && value !== null ? [value as Natural] : [];
}

function firstItem(value: unknown): Natural | undefined {
  return items(value)[0];
}

function numberOf(value: unknown, fallback: number): number {
  const first = Array.isArray(value) ? value[0] : value;
  const number = typeof first === 'number' ? first : Number(first);
  return Number.isFinite(number) ? number : fallback;
}

function codeMeaning(sequence: unknown): string {
  const code = firstItem(sequence);
  return code ? text(code.CodeMeaning) || text(code.CodeValue) : '';
}

/** A person name's groups as one line: carets read as spaces. */
function personName(value: unknown): string {
  return text(Array.isArray(value) ? value[0] : value)
    .split('=')
    .map((group) => group.split('^').filter(Boolean).join(' '))
    .filter(Boolean)
    .join('  ');
}

/** The value of a content item as text (PS3.3 C.17.3 value types). */
function srValue(item: Natural): string {
  switch (text(item.ValueType)) {
    case 'TEXT':
      return text(item.TextValue);
    case 'CODE':
      return codeMeaning(item.ConceptCodeSequence);
    case 'NUM': {
      const measured = firstItem(item.MeasuredValueSequence);
      if (!measured) return '';
      const units = firstItem(measured.MeasurementUnitsCodeSequence);
      // UCUM's code reads as the unit (`mm`, `cm2`); its meaning is often a category ("Length Unit").
      const unit = units ? text(units.CodeValue) || text(units.CodeMeaning) : '';
      const value = text(measured.NumericValue);
      return unit && unit !== '1' ? `${value} ${unit}` : value;
    }
    case 'DATE':
      return text(item.Date);
    case 'TIME':
      return text(item.Time);
    case 'DATETIME':
      return text(item.DateTime);
    case 'PNAME':
      return personName(item.PersonName);
    case 'UIDREF':
      return text(item.UID);
    case 'IMAGE':
    case 'COMPOSITE':
    case 'WAVEFORM': {
      const reference = firstItem(item.ReferencedSOPSequence);
      return reference ? text(reference.ReferencedSOPInstanceUID) : '';
    }
    case 'SCOORD':
    case 'SCOORD3D':
      return [text(item.GraphicType), ...(Array.isArray(item.GraphicData) ? item.GraphicData.map(text) : [])].filter(Boolean).join(' ');
    case 'TCOORD':
      return text(item.TemporalRangeType);
    default:
      return '';
  }
}

function srItems(sequence: unknown, depth = 0): SrItem[] {
  // Nesting is bounded by the file, but a hostile one could nest without end.
  if (depth > 64) return [];
  return items(sequence).map((item) => ({
    relationship: text(item.RelationshipType),
    valueType: text(item.ValueType),
    concept: codeMeaning(item.ConceptNameCodeSequence),
    value: srValue(item),
    children: srItems(item.ContentSequence, depth + 1),
  }));
}

/** The samples of one multiplex group, one Float32Array per channel (PS3.3 C.10.9). */
function waveformGroup(group: Natural, index: number): WaveformGroup | null {
  const channelCount = numberOf(group.NumberOfWaveformChannels, 0);
  const sampleCount = numberOf(group.NumberOfWaveformSamples, 0);
  const samplingFrequency = numberOf(group.SamplingFrequency, 0);
  const bits = numberOf(group.WaveformBitsAllocated, 16);
  const interpretation = text(group.WaveformSampleInterpretation) || 'SS';
  const data = Array.isArray(group.WaveformData) ? group.WaveformData[0] : group.WaveformData;
  if (!(data instanceof ArrayBuffer) || channelCount < 1 || sampleCount < 1 || samplingFrequency <= 0) return null;
  const bytes = bits / 8;
  const available = Math.floor(data.byteLength / (bytes * channelCount));
  const samples = Math.min(sampleCount, available);
  const view = new DataView(data);
  const read = (at: number): number | null => {
    switch (`${interpretation}${bits}`) {
      case 'SS16':
        return view.getInt16(at, true);
      case 'US16':
        return view.getUint16(at, true);
      case 'SB8':
        return view.getInt8(at);
      case 'UB8':
        return view.getUint8(at);
      case 'SL32':
      case 'SS32':
        return view.getInt32(at, true);
      case 'UL32':
      case 'US32':
        return view.getUint32(at, true);
      default:
        // mu-law and A-law audio are not drawn.
        return null;
    }
  };
  if (read(0) === null) return null;
  const definitions = items(group.ChannelDefinitionSequence);
  const channels: WaveformChannel[] = [];
  for (let channel = 0; channel < channelCount; channel++) {
    const definition = definitions[channel] ?? {};
    const sensitivity = numberOf(definition.ChannelSensitivity, 1) || 1;
    const correction = numberOf(definition.ChannelSensitivityCorrectionFactor, 1) || 1;
    const baseline = numberOf(definition.ChannelBaseline, 0);
    const values = new Float32Array(samples);
    // Samples are interleaved: all channels of sample 0, then of sample 1, …
    for (let sample = 0; sample < samples; sample++) {
      values[sample] = (read((sample * channelCount + channel) * bytes) ?? 0) * sensitivity * correction + baseline;
    }
    const source = firstItem(definition.ChannelSourceSequence);
    const label = text(definition.ChannelLabel) || (source ? text(source.CodeMeaning) || text(source.CodeValue) : '') || `${channel + 1}`;
    const units = firstItem(definition.ChannelSensitivityUnitsSequence);
    channels.push({ label, unit: units ? text(units.CodeValue) : '', values });
  }
  return { label: text(group.MultiplexGroupLabel) || `${index + 1}`, samplingFrequency, channels };
}

type DcmjsElement = { vr: string; Value?: unknown[]; _rawValue?: unknown };

/**
 * dcmjs reads ISO 2022 text (Japanese, with escape sequences) byte for byte; the browser's
 * ISO-2022-JP decoder turns it into readable text. Other text is left as read.
 */
function decodeIso2022(value: unknown): unknown {
  if (typeof value === 'string') {
    if (!value.includes('\x1b')) return value;
    try {
      return new TextDecoder('iso-2022-jp').decode(Uint8Array.from(value, (char) => char.charCodeAt(0) & 0xff));
    } catch {
      return value;
    }
  }
  if (typeof value === 'object' && value !== null && !(value instanceof ArrayBuffer) && !ArrayBuffer.isView(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, part]) => [key, decodeIso2022(part)]));
  }
  return value;
}

/**
 * The document an Encapsulated PDF / CDA / STL object carries (PS3.3 C.24.2), trimmed to the
 * length the object states (EncapsulatedDocumentLength: the value is padded to an even length).
 */
function encapsulatedDocument(data: Natural): { title: string; mimeType: string; document: Uint8Array } | null {
  const value = Array.isArray(data.EncapsulatedDocument) ? (data.EncapsulatedDocument[0] as unknown) : data.EncapsulatedDocument;
  const bytes =
    value instanceof ArrayBuffer
      ? new Uint8Array(value)
      : ArrayBuffer.isView(value)
        ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
        : null;
  if (!bytes) return null;
  const stated = Number(
    Array.isArray(data.EncapsulatedDocumentLength) ? data.EncapsulatedDocumentLength[0] : data.EncapsulatedDocumentLength,
  );
  const document = Number.isInteger(stated) && stated > 0 && stated <= bytes.length ? bytes.subarray(0, stated) : bytes;
  return { title: text(data.DocumentTitle), mimeType: text(data.MIMETypeOfEncapsulatedDocument).toLowerCase(), document };
}

/** The data set in DICOM JSON form for the header table; binary values read as "(binary)". */
export function headerOf(dict: Record<string, DcmjsElement>, depth = 0): HeaderDataSet {
  const header: HeaderDataSet = {};
  for (const [tag, element] of Object.entries(dict)) {
    const values = element.Value ?? [];
    if (element.vr === 'SQ') {
      header[tag] = {
        vr: 'SQ',
        Value: depth > 32 ? [] : values.map((item) => headerOf((item ?? {}) as Record<string, DcmjsElement>, depth + 1)),
      };
    } else if (values.some((value) => value instanceof ArrayBuffer || ArrayBuffer.isView(value))) {
      header[tag] = { vr: element.vr, InlineBinary: '' };
    } else if (tag === '00080005' && Array.isArray(element._rawValue)) {
      // dcmjs rewrites the character set to UTF-8 once it has decoded the text: show the file's own.
      header[tag] = { vr: element.vr, Value: element._rawValue };
    } else {
      header[tag] = { vr: element.vr, Value: values.map(decodeIso2022) };
    }
  }
  return header;
}

/**
 * What a Part 10 file holds when it is not an image: null when it has pixel data (the image
 * itself could not be decoded, and the transfer syntax is the right thing to name).
 */
export function describeDicomFile(file: ArrayBuffer): NonImageObject | null {
  // Show what can be read: dcmjs refuses some character set combinations (ISO 2022 with several
  // sets, common in Japan) unless told to go on with the first.
  const { dict } = dcmjs.data.DicomMessage.readFile(file, { ignoreErrors: true });
  const data = dcmjs.data.DicomMetaDictionary.naturalizeDataset(dict);
  const header = headerOf(dict);
  const sopClass = text(Array.isArray(data.SOPClassUID) ? data.SOPClassUID[0] : data.SOPClassUID);
  const waveforms = items(data.WaveformSequence);
  if (waveforms.length) {
    const groups = waveforms.map(waveformGroup).filter((group): group is WaveformGroup => group !== null);
    const ecg = ECG_CLASSES.has(sopClass) || text(data.Modality) === 'ECG';
    return { kind: 'waveform', ecg, groups, header };
  }
  const document = encapsulatedDocument(data);
  if (document) return { kind: 'encapsulated_document', ...document, header };
  if (data.ContentSequence !== undefined && data.ValueType !== undefined) {
    return { kind: 'structured_report', title: codeMeaning(data.ConceptNameCodeSequence), items: srItems(data.ContentSequence), header };
  }
  if (PIXEL_TAGS.some((tag) => tag in dict)) return null;
  return { kind: 'no_pixel_data', header };
}
