/**
 * Auto-delete (issue 16; spec 3 §3–§4, §7, §9): rules that move the oldest studies to the recycle
 * bin (or delete them for good) once a day at a set hour, or when an administrator asks. The wire
 * types of `/autodeletesettings/...` and `/autodelete/...`, and the rules of every setting, written
 * once for the adapter (which refuses) and the client (which explains).
 *
 * A rule whose value is 0 is off, and the client shows it empty. With every rule off (the default)
 * nothing is ever deleted.
 */
import type { Edition } from './permissions.ts';
import { isCloudEdition } from './permissions.ts';
import { MESSAGES } from './validation.ts';

/**
 * What a rule measures a study's age by (the spec's LifetimeColumn, NumberOfStudiesColumn,
 * CapacityColumn): `CreatedAt`, when it arrived in the archive (the default); `StudyDate`, the
 * date the study was performed (a study without a valid StudyDate falls back to its arrival).
 */
export const AUTO_DELETE_COLUMNS = ['CreatedAt', 'StudyDate'] as const;
export type AutoDeleteColumn = (typeof AUTO_DELETE_COLUMNS)[number];

/** `GET /autodeletesettings/find`, `PATCH /autodeletesettings/update`. */
export interface AutoDeleteSettings {
  /** The daily run at Hour is on. "Run now" works either way. */
  Enabled: boolean;
  /** Delete for good at once instead of moving to the recycle bin. */
  DeleteNow: boolean;
  /** The hour of the daily run, 0–23, in the site's time zone. */
  Hour: number;
  /** Days: studies older than this go. 0 = no rule. */
  Lifetime: number;
  /** Keep at most this many studies (the newest). 0 = no rule. */
  NumberOfStudies: number;
  /** GB (1024³ bytes, decimals allowed): keep the archive's disk use at most this. 0 = no rule. */
  Capacity: number;
  LifetimeColumn: AutoDeleteColumn;
  NumberOfStudiesColumn: AutoDeleteColumn;
  CapacityColumn: AutoDeleteColumn;
  /** Studies whose report is in Draft are never picked. */
  KeepDraftReports: boolean;
  /** Studies shared by a live share (study or patient share not expired) are never picked. */
  KeepShared: boolean;
}

/** The find answer: the settings, and whether auto-delete is available at all (cloud plans). */
export interface AutoDeleteSettingsFind extends AutoDeleteSettings {
  Available: boolean;
}

export const AUTO_DELETE_DEFAULTS: AutoDeleteSettings = {
  Enabled: true,
  DeleteNow: false,
  Hour: 0,
  Lifetime: 0,
  NumberOfStudies: 0,
  Capacity: 0,
  LifetimeColumn: 'CreatedAt',
  NumberOfStudiesColumn: 'CreatedAt',
  CapacityColumn: 'CreatedAt',
  KeepDraftReports: true,
  KeepShared: true,
};

export const AUTO_DELETE_LIMITS = {
  Hour: { min: 0, max: 23 },
  Lifetime: { min: 0, max: 36_500 },
  NumberOfStudies: { min: 0, max: 100_000_000 },
  Capacity: { min: 0, max: 1_000_000, decimals: 9 },
} as const;

/** Bytes in one GB of Capacity. */
export const CAPACITY_UNIT_BYTES = 1024 ** 3;

export type AutoDeleteField = keyof AutoDeleteSettings;

const BOOLEAN_FIELDS = ['Enabled', 'DeleteNow', 'KeepDraftReports', 'KeepShared'] as const;
const INTEGER_FIELDS = ['Hour', 'Lifetime', 'NumberOfStudies'] as const;
const COLUMN_FIELDS = ['LifetimeColumn', 'NumberOfStudiesColumn', 'CapacityColumn'] as const;

export const AUTO_DELETE_FIELDS: readonly AutoDeleteField[] = [...BOOLEAN_FIELDS, ...INTEGER_FIELDS, 'Capacity', ...COLUMN_FIELDS];

/** An empty value of a rule (the client's empty box) means 0; Hour has no empty value. */
const EMPTY_IS_ZERO: ReadonlySet<AutoDeleteField> = new Set(['Lifetime', 'NumberOfStudies', 'Capacity']);

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Reads one setting from a form or JSON value: the value, or the catalogue's message when it is
 * not acceptable. Empty rule values read as 0 (no rule).
 */
export function readAutoDeleteField(
  field: AutoDeleteField,
  value: unknown,
): { value: AutoDeleteSettings[AutoDeleteField] } | { problem: string } {
  if ((BOOLEAN_FIELDS as readonly string[]).includes(field)) {
    if (value === true || value === 'true' || value === '1' || value === 1) return { value: true };
    if (value === false || value === 'false' || value === '0' || value === 0) return { value: false };
    return { problem: isEmpty(value) ? MESSAGES.required : MESSAGES.invalid };
  }
  if ((COLUMN_FIELDS as readonly string[]).includes(field)) {
    if (isEmpty(value)) return { problem: MESSAGES.required };
    return (AUTO_DELETE_COLUMNS as readonly unknown[]).includes(value)
      ? { value: value as AutoDeleteColumn }
      : { problem: MESSAGES.invalid };
  }
  if (isEmpty(value)) return EMPTY_IS_ZERO.has(field) ? { value: 0 } : { problem: MESSAGES.required };
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const limits = AUTO_DELETE_LIMITS[field as keyof typeof AUTO_DELETE_LIMITS];
  const pattern = field === 'Capacity' ? /^\d{1,7}(\.\d{1,9})?$/ : /^\d{1,9}$/;
  if (!limits || !pattern.test(text)) return { problem: MESSAGES.invalid };
  const number = Number(text);
  return number >= limits.min && number <= limits.max ? { value: number } : { problem: MESSAGES.invalid };
}

/** One setting's problem (the catalogue's message), or null when fine: what the client's form asks. */
export function autoDeleteFieldProblem(field: AutoDeleteField, value: unknown): string | null {
  const read = readAutoDeleteField(field, value);
  return 'problem' in read ? read.problem : null;
}

/**
 * Applies an update to the current settings: fields not given keep their value. Answers the new
 * settings, or the problems by field (then nothing may be saved).
 */
export function mergeAutoDeleteSettings(
  current: AutoDeleteSettings,
  input: Readonly<Record<string, unknown>>,
): { settings: AutoDeleteSettings } | { problems: Record<string, string> } {
  const next: Record<string, unknown> = { ...current };
  const problems: Record<string, string> = {};
  for (const field of AUTO_DELETE_FIELDS) {
    if (!Object.hasOwn(input, field)) continue;
    const read = readAutoDeleteField(field, input[field]);
    if ('problem' in read) problems[field] = read.problem;
    else next[field] = read.value;
  }
  return Object.keys(problems).length > 0 ? { problems } : { settings: next as unknown as AutoDeleteSettings };
}

/** Stored settings read back leniently: anything missing or no longer valid takes its default. */
export function autoDeleteSettingsFrom(stored: unknown): AutoDeleteSettings {
  const source = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...AUTO_DELETE_DEFAULTS };
  for (const field of AUTO_DELETE_FIELDS) {
    if (!Object.hasOwn(source, field)) continue;
    const read = readAutoDeleteField(field, source[field]);
    if ('value' in read) settings[field] = read.value;
  }
  return settings as unknown as AutoDeleteSettings;
}

/** Whether any rule is set: with none, a run picks nothing. */
export function hasAutoDeleteRule(settings: AutoDeleteSettings): boolean {
  return settings.Lifetime > 0 || settings.NumberOfStudies > 0 || settings.Capacity > 0;
}

/**
 * The cloud-plan hook (spec 3 §4): auto-delete is not available on the cloud basic and personal
 * plans. Plans do not exist yet (the subscription issue brings them), so today `plan` is null and
 * the answer is true.
 */
export function isAutoDeleteAvailable(edition: Edition, plan: string | null): boolean {
  return !(isCloudEdition(edition) && (plan === 'basic' || plan === 'personal'));
}

export type AutoDeleteTrigger = 'schedule' | 'manual';

/** One auto-delete run: `POST /autodelete/run` answers it, `GET /autodelete/results` lists them. */
export interface AutoDeleteRun {
  No: number;
  Trigger: AutoDeleteTrigger;
  /** Who asked (manual); null for the daily run. */
  Account: string | null;
  StartedAt: string;
  FinishedAt: string | null;
  /** The settings in force, as JSON (spec 3 §3 "History entries carry a Settings JSON"). */
  Settings: string;
  /** Studies picked: moved to the recycle bin, or deleted for good when DeleteNow was on. */
  Studies: number;
  MovedToBin: number;
  Deleted: number;
  /** Bytes of the studies picked (their DICOM files). */
  FileSize: number;
  /** Why studies were picked, by rule (a study matching several counts under the first: lifetime, number, capacity). */
  ByLifetime: number;
  ByNumberOfStudies: number;
  ByCapacity: number;
  /** Studies a rule would have picked and that were kept: a report in Draft, a live share. */
  KeptDraftReport: number;
  KeptShared: number;
  /** Orthanc's disk use when the run began (bytes), when the Capacity rule measured it. */
  DiskUsage: number | null;
  /** The recycle bin's delete run that deletes them for good (DeleteNow), see `/trashdelete/results`. */
  TrashDeleteRun: number | null;
  /** Why the run stopped early, or null. */
  Error: string | null;
}

/** `GET /autodelete/results?limit&offset`: newest first. */
export interface AutoDeleteRunList {
  Count: number;
  Items: AutoDeleteRun[];
  Limit: number;
  Offset: number;
}
