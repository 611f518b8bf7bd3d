/**
 * The modality worklist (issue 17; spec 2 §2 mwm dialogs, §3 "Worklist columns", "Worklist
 * response", "MWM entry", §4 worklist status, §7 "Worklist", §9 "MWM limit"): the wire types of
 * `/mwm/*`, the entry's rules (once for the adapter, which refuses, and the client, which
 * explains) and the search grammar of `GET /mwm/search`.
 *
 * The spec does not show the create and update payloads: they follow the DICOM Modality Worklist
 * attributes (PS3.4 K.6.1.2, the Scheduled Procedure Step of the Basic Worklist Information Model),
 * so what a user types is what a modality's C-FIND answers. An entry is keyed by the
 * StudyInstanceUID generated when it is scheduled (`UID`): the images the modality sends carry it,
 * and the study links back to its order.
 */
import { editProblem, toDicomDate, toDicomTime } from './edit.ts';
import {
  formatDateRange,
  matchPattern,
  parseDateRange,
  parseOrderTerms,
  queryValues,
  searchableTerm,
  SEARCH_PERIODS,
  type OrderTerm,
  type SearchPeriod,
} from './study-search.ts';
import { isAeTitle, isDicomUid, MESSAGES } from './validation.ts';

/** Worklist status (spec 2 §4): none → in_progress → completed; disabled and deleted by hand. */
export const WORKLIST_STATUSES = ['none', 'in_progress', 'completed', 'disabled', 'deleted'] as const;
export type WorklistStatus = (typeof WORKLIST_STATUSES)[number];

/** Statuses whose entries a modality's C-FIND answers (each has a worklist file). */
export const WORKLIST_SCHEDULED_STATUSES: readonly WorklistStatus[] = ['none', 'in_progress'];

/** Statuses an update may set by hand: an entry is taken off the modalities' list and put back. */
export const WORKLIST_SETTABLE_STATUSES: readonly WorklistStatus[] = ['none', 'disabled'];

export function isWorklistStatus(value: unknown): value is WorklistStatus {
  return typeof value === 'string' && (WORKLIST_STATUSES as readonly string[]).includes(value);
}

/** Spec 2 §9: MWM limit 100. */
export const WORKLIST_DEFAULT_LIMIT = 100;
export const WORKLIST_MAX_LIMIT = 1000;

/** The Scheduled Procedure Step (0040,0100), one per entry. */
export interface ScheduledProcedureStep {
  /** CS, upper-cased: CT, MR, US, ... */
  Modality: string;
  /** The AE title of the modality meant to perform it; '' for any. */
  ScheduledStationAETitle: string;
  /** DICOM DA (YYYYMMDD); the input may also be yyyy-mm-dd and the other spec 1 §5 forms. */
  ScheduledProcedureStepStartDate: string;
  /** DICOM TM (HHMMSS); the input may also be hh:mm:ss. '' for none. */
  ScheduledProcedureStepStartTime: string;
  ScheduledPerformingPhysicianName: string;
  ScheduledProcedureStepDescription: string;
  ScheduledProcedureStepID: string;
}

/** `POST /mwm/create` (JSON). The patient is typed in; picking a patient record fills the same fields. */
export interface WorklistEntryInput {
  PatientID: string;
  PatientName: string;
  PatientBirthDate: string;
  /** M, F, O or ''. */
  PatientSex: string;
  /** DICOM AS (`045Y`) or ''. */
  PatientAge: string;
  AccessionNumber: string;
  RequestedProcedureID: string;
  RequestedProcedureDescription: string;
  ReferringPhysicianName: string;
  ScheduledProcedureStep: ScheduledProcedureStep;
}

/** `PATCH /mwm/update` (JSON): the whole entry again, by its UID; Status none or disabled. */
export interface WorklistUpdateInput extends WorklistEntryInput {
  UID: string;
  Status?: WorklistStatus;
}

/**
 * One row of `GET /mwm/search`: the entry's DICOM attributes, and the study columns of the list
 * (spec 2 §3 "Worklist columns: the study columns plus Status and Modality") filled from them.
 */
export interface WorklistItem extends WorklistEntryInput {
  /** The entry's key (spec "edited and deleted by UID"): its StudyInstanceUID. */
  UID: string;
  StudyInstanceUID: string;
  Status: WorklistStatus;
  Modality: string;
  /** The scheduled start: date, time and both as `YYYYMMDD HHMMSS`. */
  StudyDate: string;
  StudyTime: string;
  StudyDateTime: string;
  /** RequestedProcedureDescription, for the study column. */
  StudyDescription: string;
  /** ScheduledPerformingPhysicianName, for the study column. */
  PerformingPhysicianName: string;
  /** ScheduledStationAETitle, for the study column. */
  AETitle: string;
  /** The study that arrived for it (its own UID, or the one that carried its accession number); null before. */
  PerformedStudyInstanceUID: string | null;
  CreatedBy: string | null;
  CreatedAt: string;
  UpdatedAt: string;
  StartedAt: string | null;
  CompletedAt: string | null;
}

/** `GET /mwm/search` (spec 2 §3 "Worklist response"). */
export interface WorklistList {
  Count: number;
  Items: WorklistItem[];
  Limit: number;
  Offset: number;
  RequestedAt: string;
}

// ---------------------------------------------------------------- the entry's rules

/** Longest value per attribute: its VR's limit (PN 64 per group, three groups: 194; LO 64; SH 16; CS 16). */
export const WORKLIST_MAX_LENGTH = {
  PatientID: 64,
  PatientName: 194,
  AccessionNumber: 16,
  RequestedProcedureID: 16,
  RequestedProcedureDescription: 64,
  ReferringPhysicianName: 194,
  Modality: 16,
  ScheduledPerformingPhysicianName: 194,
  ScheduledProcedureStepDescription: 64,
  ScheduledProcedureStepID: 16,
} as const;

type EntryField = Exclude<keyof WorklistEntryInput, 'ScheduledProcedureStep'> | keyof ScheduledProcedureStep;

/** Field → message (MESSAGES), the shape of a 400's `fields`. Step fields are named alone. */
export type WorklistProblems = Partial<Record<EntryField | 'UID' | 'Status', string>>;

function textProblem(value: unknown, max: number, required = false): string | null {
  if (typeof value !== 'string') return MESSAGES.invalid;
  if (value.length > max) return MESSAGES.max_length(max);
  // Backslash separates DICOM values; control characters have no place in these attributes.
  if (value.includes('\\') || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return MESSAGES.invalid;
  if (required && value.trim() === '') return MESSAGES.required;
  return null;
}

/**
 * What is wrong with an entry, field by field; empty when it can be scheduled. Required: PatientID,
 * PatientName, the step's Modality and start date. Dates and times take spec 1 §5 forms or DICOM's;
 * sex M/F/O; age DICOM AS (`045Y`, so `12Y` is refused); the station an AE title.
 */
export function worklistEntryProblems(input: unknown): WorklistProblems {
  const problems: WorklistProblems = {};
  const entry = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const stepValue = entry.ScheduledProcedureStep;
  const step = (typeof stepValue === 'object' && stepValue !== null && !Array.isArray(stepValue) ? stepValue : {}) as Record<
    string,
    unknown
  >;
  const text = (field: EntryField, value: unknown, max: number, required = false) => {
    const problem = textProblem(value ?? '', max, required);
    if (problem) problems[field] = problem;
  };
  const tag = (field: EntryField, as: Parameters<typeof editProblem>[0], value: unknown, required = false) => {
    const given = value ?? '';
    if (required && (typeof given !== 'string' || given.trim() === '')) problems[field] = MESSAGES.required;
    else {
      const problem = editProblem(as, given);
      if (problem) problems[field] = problem;
    }
  };
  text('PatientID', entry.PatientID, WORKLIST_MAX_LENGTH.PatientID, true);
  text('PatientName', entry.PatientName, WORKLIST_MAX_LENGTH.PatientName, true);
  tag('PatientBirthDate', 'PatientBirthDate', entry.PatientBirthDate);
  tag('PatientSex', 'PatientSex', entry.PatientSex);
  tag('PatientAge', 'PatientAge', entry.PatientAge);
  text('AccessionNumber', entry.AccessionNumber, WORKLIST_MAX_LENGTH.AccessionNumber);
  text('RequestedProcedureID', entry.RequestedProcedureID, WORKLIST_MAX_LENGTH.RequestedProcedureID);
  text('RequestedProcedureDescription', entry.RequestedProcedureDescription, WORKLIST_MAX_LENGTH.RequestedProcedureDescription);
  text('ReferringPhysicianName', entry.ReferringPhysicianName, WORKLIST_MAX_LENGTH.ReferringPhysicianName);

  const modality = step.Modality ?? '';
  if (typeof modality !== 'string' || modality.trim() === '') problems.Modality = MESSAGES.required;
  else if (!/^[A-Za-z0-9_]{1,16}$/.test(modality.trim())) problems.Modality = MESSAGES.invalid;
  const station = step.ScheduledStationAETitle ?? '';
  if (station !== '' && !isAeTitle(station)) problems.ScheduledStationAETitle = MESSAGES.invalid;
  tag('ScheduledProcedureStepStartDate', 'StudyDate', step.ScheduledProcedureStepStartDate, true);
  tag('ScheduledProcedureStepStartTime', 'StudyTime', step.ScheduledProcedureStepStartTime);
  text('ScheduledPerformingPhysicianName', step.ScheduledPerformingPhysicianName, WORKLIST_MAX_LENGTH.ScheduledPerformingPhysicianName);
  text('ScheduledProcedureStepDescription', step.ScheduledProcedureStepDescription, WORKLIST_MAX_LENGTH.ScheduledProcedureStepDescription);
  text('ScheduledProcedureStepID', step.ScheduledProcedureStepID, WORKLIST_MAX_LENGTH.ScheduledProcedureStepID);
  return problems;
}

/** The problems of an update: the entry's, the UID and the status it may set. */
export function worklistUpdateProblems(input: unknown): WorklistProblems {
  const problems = worklistEntryProblems(input);
  const entry = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  if (entry.UID === undefined || entry.UID === '') problems.UID = MESSAGES.required;
  else if (!isDicomUid(entry.UID)) problems.UID = MESSAGES.invalid;
  if (entry.Status !== undefined && !(isWorklistStatus(entry.Status) && WORKLIST_SETTABLE_STATUSES.includes(entry.Status)))
    problems.Status = MESSAGES.invalid;
  return problems;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * An entry as it is stored and written to the worklist file, from input `worklistEntryProblems`
 * accepted: text trimmed, dates YYYYMMDD, times HHMMSS, modality and sex upper-cased.
 */
export function normalizeWorklistEntry(input: WorklistEntryInput): WorklistEntryInput {
  const step = input.ScheduledProcedureStep;
  return {
    PatientID: str(input.PatientID).trim(),
    PatientName: str(input.PatientName).trim(),
    PatientBirthDate: toDicomDate(str(input.PatientBirthDate).trim()),
    PatientSex: str(input.PatientSex).trim().toUpperCase(),
    PatientAge: str(input.PatientAge).trim(),
    AccessionNumber: str(input.AccessionNumber).trim(),
    RequestedProcedureID: str(input.RequestedProcedureID).trim(),
    RequestedProcedureDescription: str(input.RequestedProcedureDescription).trim(),
    ReferringPhysicianName: str(input.ReferringPhysicianName).trim(),
    ScheduledProcedureStep: {
      Modality: str(step.Modality).trim().toUpperCase(),
      ScheduledStationAETitle: str(step.ScheduledStationAETitle),
      ScheduledProcedureStepStartDate: toDicomDate(str(step.ScheduledProcedureStepStartDate).trim()),
      ScheduledProcedureStepStartTime: toDicomTime(str(step.ScheduledProcedureStepStartTime).trim()),
      ScheduledPerformingPhysicianName: str(step.ScheduledPerformingPhysicianName).trim(),
      ScheduledProcedureStepDescription: str(step.ScheduledProcedureStepDescription).trim(),
      ScheduledProcedureStepID: str(step.ScheduledProcedureStepID).trim(),
    },
  };
}

// ---------------------------------------------------------------- the search

/**
 * Text filters of `GET /mwm/search`, with the match types as wildcards (study-search.ts):
 * `PatientID=%12%` partial, `PatientID=12` perfect. StudyDescription searches the requested
 * procedure's description, AETitle the scheduled station.
 */
export const WORKLIST_TEXT_FILTERS = [
  'patientid',
  'patientname',
  'accessionnumber',
  'studydescription',
  'requestedprocedureid',
  'referringphysicianname',
  'performingphysicianname',
  'aetitle',
  'patientsex',
] as const;
export type WorklistTextFilter = (typeof WORKLIST_TEXT_FILTERS)[number];

export const WORKLIST_ORDER_KEYS = [
  'updatedat',
  'createdat',
  'studydatetime',
  'studydate',
  'studytime',
  'status',
  'modality',
  'patientid',
  'patientname',
  'patientbirthdate',
  'patientsex',
  'patientage',
  'accessionnumber',
  'studydescription',
  'referringphysicianname',
  'performingphysicianname',
  'aetitle',
] as const;
export type WorklistOrderKey = (typeof WORKLIST_ORDER_KEYS)[number];

/** Spec 2 §9: ordered by UpdatedAt descending. */
export const WORKLIST_DEFAULT_ORDER: readonly OrderTerm<WorklistOrderKey>[] = [{ key: 'updatedat', desc: true }];

export interface WorklistSearch {
  /** One entry by its UID (the study list's link to a study's order); null for any. */
  uid: string | null;
  text: { key: WorklistTextFilter; term: string }[];
  /** Upper-cased modalities; empty: any. */
  modalities: string[];
  /** Empty: every status but deleted. */
  statuses: WorklistStatus[];
  /** On the scheduled start date (StudyDate) or the birth date, YYYYMMDD, either end open. */
  dates: { key: 'studydate' | 'patientbirthdate'; from: string | null; to: string | null }[];
  period: Exclude<SearchPeriod, 'all'> | null;
  order: OrderTerm<WorklistOrderKey>[];
}

type Parsed<T> = { ok: true; value: T } | { ok: false; problems: Record<string, string> };

/**
 * Reads a worklist search from a query object, with the study search's conventions: keys compared
 * without case, the last of a repeated filter counts, unknown keys ignored (limit and offset are
 * the route's). Modality (also ModalitiesInStudy, as the list's search bar sends it) and Status
 * take comma-separated lists; `uid` names one entry (the study list's link to a study's order).
 */
export function parseWorklistSearch(query: Record<string, unknown>): Parsed<WorklistSearch> {
  const search: WorklistSearch = { uid: null, text: [], modalities: [], statuses: [], dates: [], period: null, order: [] };
  const textKeys: readonly string[] = WORKLIST_TEXT_FILTERS;
  for (const [rawKey, rawValue] of Object.entries(query)) {
    const key = rawKey.toLowerCase();
    const value = Array.isArray(rawValue) ? rawValue[rawValue.length - 1] : rawValue;
    if (typeof value !== 'string' || value === '') continue;
    const list = () =>
      value
        .split(/[,\\]/)
        .map((item) => item.trim())
        .filter(Boolean);
    if (textKeys.includes(key)) {
      const term = searchableTerm(value, key === 'patientname' || key.endsWith('physicianname'));
      if (term !== '') search.text.push({ key: key as WorklistTextFilter, term: term.replace(/\*/g, '%') });
    } else if (key === 'uid') {
      if (!isDicomUid(value)) return { ok: false, problems: { [rawKey]: MESSAGES.invalid } };
      search.uid = value;
    } else if (key === 'modality' || key === 'modalitiesinstudy') {
      // ModalitiesInStudy: what the list's search bar sends, shared with the worklist screen.
      search.modalities = list().map((item) => item.toUpperCase());
    } else if (key === 'status') {
      const statuses = list().map((item) => item.toLowerCase());
      if (!statuses.every(isWorklistStatus)) return { ok: false, problems: { [rawKey]: MESSAGES.invalid } };
      search.statuses = statuses;
    } else if (key === 'studydate' || key === 'patientbirthdate') {
      const range = parseDateRange(value);
      if (!range) return { ok: false, problems: { [rawKey]: MESSAGES.invalid } };
      search.dates.push({ key, from: range[0], to: range[1] });
    } else if (key === 'period') {
      const period = value.toLowerCase();
      if (!(SEARCH_PERIODS as readonly string[]).includes(period)) return { ok: false, problems: { period: MESSAGES.invalid } };
      search.period = period === 'all' ? null : (period as WorklistSearch['period']);
    }
  }
  const order = parseOrderTerms(queryValues(query.orderby), WORKLIST_ORDER_KEYS);
  if (!order.ok) return order;
  search.order = order.value;
  return { ok: true, value: search };
}

/** What the client's search dialog and search bar fill in; '' or empty lists leave a filter out. */
export interface WorklistSearchForm {
  /** Text filters by their column key (PatientID, PatientName, ...) and the match type each uses. */
  text: { key: string; value: string; type: Parameters<typeof matchPattern>[1] }[];
  modalities: string[];
  statuses: WorklistStatus[];
  dateFrom: string;
  dateTo: string;
  period: SearchPeriod;
}

/** The query of `GET /mwm/search` for a search form (the client's side of `parseWorklistSearch`). */
export function worklistSearchQuery(form: WorklistSearchForm): [string, string][] {
  const query: [string, string][] = [];
  for (const { key, value, type } of form.text) {
    const pattern = matchPattern(value, type);
    if (pattern !== '') query.push([key, pattern]);
  }
  if (form.modalities.length > 0) query.push(['Modality', form.modalities.join(',')]);
  if (form.statuses.length > 0) query.push(['Status', form.statuses.join(',')]);
  const range = formatDateRange(form.dateFrom, form.dateTo);
  if (range !== '') query.push(['StudyDate', range]);
  if (form.period !== 'all') query.push(['period', form.period]);
  return query;
}
