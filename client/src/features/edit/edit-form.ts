/**
 * The edit dialogs' logic, apart from React: which tags a target offers, the form's starting
 * values, the rules (common's `editProblem`, spec 1 §5, translated) and what a save sends.
 */
import * as yup from 'yup';
import {
  EDIT_TAG_MAX_LENGTH,
  INSTANCE_EDIT_TAGS,
  MESSAGES,
  PATIENT_EDIT_TAGS,
  SERIES_EDIT_TAGS,
  STUDY_EDIT_TAGS,
  editProblem,
  fromDicomDate,
  fromDicomTime,
  normalizeEditValue,
  type EditTag,
  type InstanceItem,
  type SeriesItem,
  type StudyItem,
} from '@pacs/common';
import { ACCOUNTS_ADMIN_MESSAGES as M, type Translate } from '../roles/index.ts';

/** What the list's selection names: one study, one series of it, or one instance of a series. */
export type EditTarget =
  | { level: 'study'; study: StudyItem }
  | { level: 'series'; study: StudyItem; series: SeriesItem }
  | { level: 'instance'; study: StudyItem; series: SeriesItem; instance: InstanceItem };

export type EditValues = Partial<Record<EditTag, string>> & { AllStudiesOfPatient?: boolean };

const isPatientTag = (tag: EditTag) => (PATIENT_EDIT_TAGS as readonly string[]).includes(tag);

/**
 * The tags the dialog offers. A study answer lacks the fields the caller's role hides (spec 1
 * §6): those are not offered, and the server refuses them too.
 */
export function editTags(target: EditTarget): { patient: EditTag[]; other: EditTag[] } {
  if (target.level === 'series') return { patient: [], other: [...SERIES_EDIT_TAGS] };
  if (target.level === 'instance') return { patient: [], other: [...INSTANCE_EDIT_TAGS] };
  const offered = STUDY_EDIT_TAGS.filter((tag) => tag in target.study);
  return { patient: offered.filter(isPatientTag), other: offered.filter((tag) => !isPatientTag(tag)) };
}

/** A stored value as the form shows it: dates and times in the inputs' forms, numbers as text. */
function shown(tag: EditTag, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (tag === 'PatientBirthDate' || tag === 'StudyDate') return fromDicomDate(text);
  if (tag === 'StudyTime') return fromDicomTime(text);
  return text;
}

export function editValues(target: EditTarget): EditValues {
  const { patient, other } = editTags(target);
  const source: Record<string, unknown> =
    target.level === 'study' ? { ...target.study } : target.level === 'series' ? { ...target.series } : { ...target.instance };
  const values: EditValues = Object.fromEntries(
    [...patient, ...other].map((tag) => [tag, shown(tag, source[tag] as string | number | null)]),
  );
  if (target.level === 'study') values.AllStudiesOfPatient = false;
  return values;
}

/** The tags whose value the user changed (compared as they would be written), with the new values. */
export function changedTags(initial: EditValues, values: EditValues): Partial<Record<EditTag, string>> {
  const changed: Partial<Record<EditTag, string>> = {};
  for (const [tag, value] of Object.entries(values) as [EditTag | 'AllStudiesOfPatient', unknown][]) {
    if (tag === 'AllStudiesOfPatient' || typeof value !== 'string') continue;
    if (normalizeEditValue(tag, value) !== normalizeEditValue(tag, initial[tag] ?? '')) changed[tag] = value;
  }
  return changed;
}

/** One tag's rule, explained in the user's language. */
export function tagRule(intl: Translate, tag: EditTag) {
  return yup.string().test('edit-tag', (value, context) => {
    const problem = editProblem(tag, value ?? '');
    if (!problem) return true;
    const message =
      problem === MESSAGES.required
        ? intl.formatMessage(M.required)
        : problem === MESSAGES.max_length(EDIT_TAG_MAX_LENGTH[tag])
          ? intl.formatMessage(M.max_length, { length: EDIT_TAG_MAX_LENGTH[tag] })
          : intl.formatMessage(M.invalid);
    return context.createError({ message });
  });
}

export function editSchema(intl: Translate, target: EditTarget) {
  const { patient, other } = editTags(target);
  return yup.object(Object.fromEntries([...patient, ...other].map((tag) => [tag, tagRule(intl, tag)])));
}
