/**
 * What the site-wide nodes of the configs may hold (admin/general/localization, admin/general/option,
 * admin/client/general; spec 2 §3, §9), written once: the adapter refuses a save that breaks them
 * (400 with the catalogue's message under each member), the client builds its choices from the
 * same lists. Nodes other features own (mwm, report, share, ...) are checked by those features.
 */
import { isJsonObject } from '../json-path.ts';
import { MESSAGES } from '../validation.ts';
import { ANONYMIZATION_KEYS, DATE_FORMATS } from './defaults.ts';

export const FIRST_DAYS_OF_WEEK = ['monday', 'sunday'] as const;
export const UNITS_OF_LENGTH = ['mm', 'inch'] as const;
export const JAPANESE_NAME_FORMS = ['kana', 'kanji', 'alphabet'] as const;
/** Interface languages (the client's i18n catalogues; a unit test keeps both lists equal). */
export const LANGUAGE_CODES = ['en', 'ja', 'he', 'fa', 'bg', 'es', 'fr', 'it', 'nl', 'pl', 'zh-CN', 'ko', 'pt-BR', 'vi', 'ar'] as const;
export const HEADER_LOGO_TEXT_MAX_LENGTH = 64;
export const ANONYMIZATION_LABEL_MAX_LENGTH = 64;

/** ISO 3166-1 alpha-2 regions offered for the site's country; configs store the lower-case code. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CF CG CH CI CL CM CN CO CR ' +
  'CU CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FM FR GA GB GD GE GH GM GN GQ GR GT GW GY HK HN HR HT HU ID IE ' +
  'IL IN IQ IR IS IT JM JO JP KE KG KH KI KM KN KP KR KW KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MH MK ML MM ' +
  'MN MO MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR NZ OM PA PE PG PH PK PL PR PS PT PW PY QA RO RS RU RW SA SB SC ' +
  'SD SE SG SI SK SL SM SN SO SR SS ST SV SY SZ TD TG TH TJ TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VN VU WS ' +
  'YE ZA ZM ZW'
).split(' ');

/**
 * An IANA time zone the runtime knows (`Europe/Paris`, `Asia/Tokyo`, `UTC`): names only, no
 * offsets, at most 64 characters, and one Intl resolves (so `Mars/Base` is refused). Node and the
 * browser share ICU's zone list; PostgreSQL's is a superset.
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A region code of COUNTRY_CODES. The screens store it lower-case; older clients and scripts wrote it upper-case. */
export function isCountry(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) && COUNTRY_CODES.includes(value.toUpperCase());
}

const oneOf =
  (list: readonly string[]) =>
  (value: unknown): boolean =>
    typeof value === 'string' && list.includes(value);

const isBoolean = (value: unknown): boolean => typeof value === 'boolean';

/** Each checked member: its dotted path and its rule. Empty country and time zone mean "not answered yet". */
const RULES: readonly [string, (value: unknown) => boolean][] = [
  ['country', (value) => value === '' || isCountry(value)],
  ['time_zone', (value) => value === '' || isTimeZone(value)],
  ['date_format', oneOf(DATE_FORMATS)],
  ['first_day_of_week', oneOf(FIRST_DAYS_OF_WEEK)],
  ['unit_of_length', oneOf(UNITS_OF_LENGTH)],
  ['lang', oneOf(LANGUAGE_CODES)],
  ['patient_name.ja', oneOf(JAPANESE_NAME_FORMS)],
  ['patient_name.is_replace_space_with_caret', isBoolean],
  ['header_logo.no_text', isBoolean],
  ['header_logo.text', (value) => typeof value === 'string' && value.length <= HEADER_LOGO_TEXT_MAX_LENGTH],
  ['is_invisible_import_sample', isBoolean],
  ['is_visible_anonymization_option', isBoolean],
];

function memberAt(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.')) {
    if (!isJsonObject(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

const ANONYMIZATION_KEY_SET: ReadonlySet<string> = new Set(ANONYMIZATION_KEYS.map(([key]) => key));

/** The anonymization list: known keys, each once, a label of 1 to 64 characters, an enabled flag. */
function anonymizationProblem(list: unknown): string | undefined {
  if (!Array.isArray(list)) return MESSAGES.invalid;
  const seen = new Set<string>();
  for (const item of list) {
    if (!isJsonObject(item) || typeof item.key !== 'string' || !ANONYMIZATION_KEY_SET.has(item.key) || seen.has(item.key))
      return MESSAGES.invalid;
    seen.add(item.key);
    if (typeof item.label !== 'string' || item.label.trim() === '') return MESSAGES.required;
    if (item.label.length > ANONYMIZATION_LABEL_MAX_LENGTH) return MESSAGES.max_length(ANONYMIZATION_LABEL_MAX_LENGTH);
    if (typeof item.is_enabled !== 'boolean') return MESSAGES.invalid;
  }
  return undefined;
}

/** Whether a save at `key` may have changed the member at `path`. */
function touches(key: string, path: string): boolean {
  return key === '' || key === path || path.startsWith(`${key}.`) || key.startsWith(`${path}.`);
}

/**
 * The broken site members of a configs tree after a save at dotted `key` ('' = the whole tree):
 * member path → the catalogue's message; empty when the save may go ahead. Only members the save
 * touched are checked, so an older stored value elsewhere never blocks an unrelated save.
 */
export function siteConfigProblems(key: string, tree: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [path, rule] of RULES) {
    if (!touches(key, path)) continue;
    const value = memberAt(tree, path);
    if (value !== undefined && rule(value)) continue;
    if (path === 'header_logo.text' && typeof value === 'string') problems[path] = MESSAGES.max_length(HEADER_LOGO_TEXT_MAX_LENGTH);
    else problems[path] = MESSAGES.invalid;
  }
  if (touches(key, 'anonymization')) {
    const problem = anonymizationProblem(memberAt(tree, 'anonymization'));
    if (problem) problems.anonymization = problem;
  }
  return problems;
}
