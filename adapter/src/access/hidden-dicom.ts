/**
 * The DICOM attributes behind the study list's hidden fields (spec 1 §6 "Hidden fields and
 * columns"), for the DICOMweb proxy: a field a teleradiology kind may not see in the list must not
 * come back through QIDO, metadata or whole files either (docs/decisions.md "Hidden fields through
 * DICOMweb").
 *
 * Each hidden list field stands for the attributes that carry the same fact: a Company may not see
 * the patient's name, so it sees none of the patient's names. Fields with no DICOM attribute of
 * their own (Institution, the registered institution's number; ReportStatus; assignment fields)
 * hide nothing here. AETitle is the sending AE title: in a file, the meta header's source AE title.
 */
import { hiddenStudyFields, type Edition, type TeleradiologyKind } from '@pacs/common';
import { AppError } from '../http/errors.ts';

/** Hidden list field → the attributes (tag, keyword) that reveal it. */
const FIELD_ATTRIBUTES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  PatientName: [
    ['00100010', 'PatientName'],
    ['00101001', 'OtherPatientNames'],
    ['00101005', 'PatientBirthName'],
    ['00101060', 'PatientMotherBirthName'],
  ],
  InstitutionName: [
    ['00080080', 'InstitutionName'],
    ['00080081', 'InstitutionAddress'],
    ['00081040', 'InstitutionalDepartmentName'],
  ],
  AETitle: [
    ['00020016', 'SourceApplicationEntityTitle'],
    ['00020017', 'SendingApplicationEntityTitle'],
    ['00020018', 'ReceivingApplicationEntityTitle'],
  ],
};

/** Attributes a caller may not see, by tag (8 upper-case hex digits) and by lower-case keyword. */
export interface HiddenAttributes {
  tags: ReadonlySet<string>;
  keywords: ReadonlySet<string>;
}

const NONE: HiddenAttributes = { tags: new Set(), keywords: new Set() };

/** The DICOM attributes hidden from a caller of this edition and teleradiology kind (often none). */
export function hiddenAttributes(edition: Edition, kind: TeleradiologyKind | null): HiddenAttributes {
  const fields = [...hiddenStudyFields(edition, kind)].filter((field) => field in FIELD_ATTRIBUTES);
  if (fields.length === 0) return NONE;
  const pairs = fields.flatMap((field) => FIELD_ATTRIBUTES[field] ?? []);
  return { tags: new Set(pairs.map(([tag]) => tag)), keywords: new Set(pairs.map(([, keyword]) => keyword.toLowerCase())) };
}

export function hidesAny(hidden: HiddenAttributes): boolean {
  return hidden.tags.size > 0;
}

/**
 * Whether an attribute path as QIDO and bulk data URIs spell it names a hidden attribute anywhere:
 * keywords or tags (`00100010`, `0010,0010`), sequence paths (`00081111.00100010`), lists
 * (`includefield=StudyDate,PatientName`).
 */
export function namesHidden(text: string, hidden: HiddenAttributes): boolean {
  const tokens = text.split(/[.,/\s]+/).filter(Boolean);
  return tokens.some((token, at) => {
    const next = tokens[at + 1];
    const pair = /^[0-9a-f]{4}$/i.test(token) && next !== undefined && /^[0-9a-f]{4}$/i.test(next) ? token + next : '';
    return hidden.tags.has(token.toUpperCase()) || hidden.keywords.has(token.toLowerCase()) || hidden.tags.has(pair.toUpperCase());
  });
}

/**
 * A QIDO search may neither filter on nor ask to include a hidden attribute: a filter such as
 * `PatientName=A*` would answer the hidden value by elimination. Refused with the same answer as
 * the study list's search on a hidden field.
 */
export function assertNoHiddenQuery(query: URLSearchParams, hidden: HiddenAttributes): void {
  if (!hidesAny(hidden)) return;
  for (const [key, value] of query) {
    const named = key.toLowerCase() === 'includefield' ? namesHidden(value, hidden) : namesHidden(key, hidden);
    if (named) {
      const field = key.toLowerCase() === 'includefield' ? value : key;
      throw new AppError('validation_failed', { [field]: 'This field is not available.' }, 'This field is not available.');
    }
  }
}

type DicomJsonItem = Record<string, unknown>;

/**
 * Removes hidden attributes from one DICOM JSON data set, inside sequences too (a referenced or
 * request-attributes sequence may repeat the patient's or institution's name). Returns the item.
 */
export function stripHidden<T>(item: T, hidden: HiddenAttributes): T {
  if (!hidesAny(hidden) || typeof item !== 'object' || item === null) return item;
  const dataSet = item as DicomJsonItem;
  for (const tag of Object.keys(dataSet)) {
    if (hidden.tags.has(tag.toUpperCase())) {
      delete dataSet[tag];
      continue;
    }
    const element = dataSet[tag] as { vr?: unknown; Value?: unknown } | undefined;
    if (element?.vr === 'SQ' && Array.isArray(element.Value)) for (const nested of element.Value) stripHidden(nested, hidden);
  }
  return item;
}
