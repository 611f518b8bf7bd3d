/**
 * How a DICOM person name (VR PN) reads wherever the product shows one: the study list and its
 * CSV, the viewer's header and overlay, the report screen and its PDF, the share lists, the
 * patient records. A PN value holds up to three component groups separated by `=`: alphabetic
 * (romaji, or half-width katakana at many Japanese sites), ideographic (kanji) and phonetic
 * (kana); within a group carets separate family, given, middle, prefix and suffix.
 *
 * The site's `patient_name.ja` (spec 2 §3, §9; default kana) picks the group shown, alone: a
 * Japanese hospital reads either the kanji or the kana of a name, not both side by side. A name
 * lacking that group shows the nearest one instead (PERSON_NAME_FALLBACK), so a name is never
 * blank while any group holds it. A name with one group, the usual case outside Japan, Korea and
 * China, reads the same whatever the choice.
 */
import type { JapaneseNameForm } from './configs/defaults.ts';

export type PersonNameForm = JapaneseNameForm;

/** The form used when a site has none (spec 2 §9: kana). */
export const DEFAULT_PERSON_NAME_FORM: PersonNameForm = 'kana';

/** The site's choice, beside the date format and time zone every formatter takes. */
export interface NameFormat {
  /** configs.patient_name.ja; undefined: DEFAULT_PERSON_NAME_FORM. */
  nameForm?: PersonNameForm | undefined;
}

const ALPHABETIC = 0;
const IDEOGRAPHIC = 1;
const PHONETIC = 2;

/**
 * The groups tried in turn for each choice. Kana falls back to the alphabetic group before the
 * kanji: both are readings (romaji, or the half-width katakana Japanese modalities often write
 * there), the kanji is not. Kanji falls back to kana, the reading of the same name, then to the
 * alphabetic group. Romaji falls back to the kana, then the kanji.
 */
export const PERSON_NAME_FALLBACK: Readonly<Record<PersonNameForm, readonly number[]>> = {
  kana: [PHONETIC, ALPHABETIC, IDEOGRAPHIC],
  kanji: [IDEOGRAPHIC, PHONETIC, ALPHABETIC],
  alphabet: [ALPHABETIC, PHONETIC, IDEOGRAPHIC],
};

/** C0 and C1 controls (an ISO 2022 escape left in a value, a stray CR): never shown. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** One component group as words: carets read as spaces, empty components dropped. */
function groupText(group: string): string {
  return group
    .replace(CONTROLS, '')
    .split('^')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** The three component groups of one name value, each as text ('' when empty or absent). */
export function personNameParts(value: string | null | undefined): [string, string, string] {
  const groups = (value ?? '').split('=');
  return [groupText(groups[ALPHABETIC] ?? ''), groupText(groups[IDEOGRAPHIC] ?? ''), groupText(groups[PHONETIC] ?? '')];
}

/** A PN attribute may hold several values separated by backslashes; each reads on its own. */
function values(value: string | null | undefined): string[] {
  return (value ?? '').split('\\');
}

function oneName(value: string, form: PersonNameForm): string {
  const parts = personNameParts(value);
  for (const index of PERSON_NAME_FALLBACK[form] ?? PERSON_NAME_FALLBACK[DEFAULT_PERSON_NAME_FORM]) {
    if (parts[index]) return parts[index];
  }
  return '';
}

/**
 * A person name as the site shows it: the chosen component group, or the nearest non-empty one;
 * several values (`A^B\C^D`) comma-separated. `Yamada^Tarou=山田^太郎=やまだ^たろう` reads
 * `やまだ たろう` (kana), `山田 太郎` (kanji) or `Yamada Tarou` (alphabet).
 */
export function formatPersonName(value: string | null | undefined, form: PersonNameForm = DEFAULT_PERSON_NAME_FORM): string {
  return values(value)
    .map((name) => oneName(name, form))
    .filter(Boolean)
    .join(', ');
}

/** Every group of a name on one line, in DICOM order (a tooltip naming what the chosen form hides). */
export function fullPersonName(value: string | null | undefined): string {
  return values(value)
    .map((name) => personNameParts(name).filter(Boolean).join(' = '))
    .filter(Boolean)
    .join(', ');
}

/**
 * A person name as a person typed it, made into a DICOM PN value (spec 2 §9 patient-name option
 * "space to caret"): with the option on, and no caret typed in a component group, each run of
 * spaces in that group becomes a caret, so `Yamada Tarou` is stored `Yamada^Tarou` (family^given)
 * and reads back the same everywhere. A group the person wrote with carets is kept as written.
 */
export function typedPersonName(value: string, spaceToCaret: boolean): string {
  if (!spaceToCaret) return value;
  return value
    .split('=')
    .map((group) => (group.includes('^') ? group : group.trim().replace(/\s+/g, '^')))
    .join('=');
}
