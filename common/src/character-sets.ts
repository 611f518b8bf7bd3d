/**
 * The default specific character set (spec 3 §7, PATCH /defaultspecificcharactersetssettings/update):
 * how Orthanc reads a DICOM file that names no SpecificCharacterSet (0008,0005), and the encoding
 * of its C-FIND answers, worklist answers included. On the wire it is the DICOM defined term
 * (`Name`); Orthanc 1.10 takes its own encoding name at run time (PUT /tools/default-encoding).
 */

export interface CharacterSetChoice {
  /** The DICOM defined term, e.g. `ISO_IR 192`. */
  Name: string;
  /** Orthanc's name of the encoding. */
  orthanc: string;
  /** What the term covers, in English (the client shows the term and its script). */
  label: string;
}

/** Every encoding Orthanc 1.10 supports that has a DICOM defined term; UTF-8 first, the default. */
export const CHARACTER_SETS: readonly CharacterSetChoice[] = [
  { Name: 'ISO_IR 192', orthanc: 'Utf8', label: 'Unicode (UTF-8)' },
  { Name: 'ISO_IR 6', orthanc: 'Ascii', label: 'ASCII' },
  { Name: 'ISO_IR 100', orthanc: 'Latin1', label: 'Latin alphabet No. 1' },
  { Name: 'ISO_IR 101', orthanc: 'Latin2', label: 'Latin alphabet No. 2' },
  { Name: 'ISO_IR 109', orthanc: 'Latin3', label: 'Latin alphabet No. 3' },
  { Name: 'ISO_IR 110', orthanc: 'Latin4', label: 'Latin alphabet No. 4' },
  { Name: 'ISO_IR 148', orthanc: 'Latin5', label: 'Latin alphabet No. 5 (Turkish)' },
  { Name: 'ISO_IR 144', orthanc: 'Cyrillic', label: 'Cyrillic' },
  { Name: 'ISO_IR 127', orthanc: 'Arabic', label: 'Arabic' },
  { Name: 'ISO_IR 126', orthanc: 'Greek', label: 'Greek' },
  { Name: 'ISO_IR 138', orthanc: 'Hebrew', label: 'Hebrew' },
  { Name: 'ISO_IR 166', orthanc: 'Thai', label: 'Thai' },
  { Name: 'ISO_IR 13', orthanc: 'Japanese', label: 'Japanese (JIS X 0201 katakana)' },
  { Name: 'ISO 2022 IR 87', orthanc: 'JapaneseKanji', label: 'Japanese (JIS X 0208 kanji)' },
  { Name: 'GB18030', orthanc: 'Chinese', label: 'Chinese (GB18030)' },
  { Name: 'ISO 2022 IR 58', orthanc: 'SimplifiedChinese', label: 'Chinese (GB 2312)' },
  { Name: 'ISO 2022 IR 149', orthanc: 'Korean', label: 'Korean (KS X 1001)' },
];

export const DEFAULT_CHARACTER_SET = 'ISO_IR 192';

/** The answer of GET /defaultspecificcharactersetssettings/find. */
export interface DefaultCharacterSetStatus {
  /** The term in force. */
  Name: string;
  /** The terms an administrator may choose. */
  list: { Name: string; label: string }[];
}

export function characterSetByName(name: unknown): CharacterSetChoice | undefined {
  return typeof name === 'string' ? CHARACTER_SETS.find((choice) => choice.Name === name) : undefined;
}

export function characterSetByOrthancName(name: string): CharacterSetChoice | undefined {
  const wanted = name.trim().toLowerCase();
  return CHARACTER_SETS.find((choice) => choice.orthanc.toLowerCase() === wanted);
}
