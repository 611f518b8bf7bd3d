/**
 * The settings form's values and rules. The rules are @pacs/common's (`autoDeleteFieldProblem`),
 * the same the adapter applies; here they explain early, in the user's language. A rule of 0 is
 * shown as an empty box, and an empty box is sent as "no rule".
 */
import * as yup from 'yup';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { AUTO_DELETE_COLUMNS, MESSAGES, autoDeleteFieldProblem, autoDeleteSettingsFrom, type AutoDeleteField } from '@pacs/common';
import { AUTO_DELETE_MESSAGES as M } from './messages.ts';
import type { AutoDeleteColumn, AutoDeleteSettings } from './types.ts';

export interface AutoDeleteValues {
  Enabled: boolean;
  DeleteNow: boolean;
  Hour: string;
  Lifetime: string;
  NumberOfStudies: string;
  Capacity: string;
  LifetimeColumn: AutoDeleteColumn;
  NumberOfStudiesColumn: AutoDeleteColumn;
  CapacityColumn: AutoDeleteColumn;
  KeepDraftReports: boolean;
  KeepShared: boolean;
}

const empty = (value: number) => (value > 0 ? String(value) : '');

export function autoDeleteValues(settings: AutoDeleteSettings): AutoDeleteValues {
  return {
    Enabled: settings.Enabled,
    DeleteNow: settings.DeleteNow,
    Hour: String(settings.Hour),
    Lifetime: empty(settings.Lifetime),
    NumberOfStudies: empty(settings.NumberOfStudies),
    Capacity: empty(settings.Capacity),
    LifetimeColumn: settings.LifetimeColumn,
    NumberOfStudiesColumn: settings.NumberOfStudiesColumn,
    CapacityColumn: settings.CapacityColumn,
    KeepDraftReports: settings.KeepDraftReports,
    KeepShared: settings.KeepShared,
  };
}

/** Values the schema accepted, as settings (read by the same rule the adapter uses). */
export function autoDeleteInput(values: AutoDeleteValues): AutoDeleteSettings {
  return autoDeleteSettingsFrom(values);
}

const INVALID: Partial<Record<AutoDeleteField, MessageDescriptor>> = {
  Hour: M.hour,
  Lifetime: M.lifetime_invalid,
  NumberOfStudies: M.number_of_studies_invalid,
  Capacity: M.capacity_invalid,
  LifetimeColumn: M.column,
  NumberOfStudiesColumn: M.column,
  CapacityColumn: M.column,
};

function rule(intl: Pick<IntlShape, 'formatMessage'>, field: AutoDeleteField) {
  return yup.string().test(field, (value, context) => {
    const problem = autoDeleteFieldProblem(field, value);
    if (!problem) return true;
    const message = problem === MESSAGES.required ? M.required : (INVALID[field] ?? M.required);
    return context.createError({ message: intl.formatMessage(message) });
  });
}

export function autoDeleteSchema(intl: Pick<IntlShape, 'formatMessage'>) {
  return yup.object({
    Hour: rule(intl, 'Hour'),
    Lifetime: rule(intl, 'Lifetime'),
    NumberOfStudies: rule(intl, 'NumberOfStudies'),
    Capacity: rule(intl, 'Capacity'),
    LifetimeColumn: rule(intl, 'LifetimeColumn'),
    NumberOfStudiesColumn: rule(intl, 'NumberOfStudiesColumn'),
    CapacityColumn: rule(intl, 'CapacityColumn'),
  });
}

export function columnOptions(intl: Pick<IntlShape, 'formatMessage'>): { value: AutoDeleteColumn; label: string }[] {
  return AUTO_DELETE_COLUMNS.map((value) => ({
    value,
    label: intl.formatMessage(value === 'StudyDate' ? M.column_study_date : M.column_created_at),
  }));
}

/**
 * A history entry's Settings JSON in words: the rules that were set, where studies went, what was
 * kept. Settings stored by an older version read with today's defaults for what they lack.
 */
export function settingsSummary(json: string, intl: Pick<IntlShape, 'formatMessage'>): string[] {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    stored = {};
  }
  const settings = autoDeleteSettingsFrom(stored);
  const column = (value: AutoDeleteColumn) => intl.formatMessage(value === 'StudyDate' ? M.column_study_date : M.column_created_at);
  const lines: string[] = [];
  if (settings.Lifetime > 0)
    lines.push(intl.formatMessage(M.summary_lifetime, { days: settings.Lifetime, column: column(settings.LifetimeColumn) }));
  if (settings.NumberOfStudies > 0)
    lines.push(
      intl.formatMessage(M.summary_number_of_studies, { count: settings.NumberOfStudies, column: column(settings.NumberOfStudiesColumn) }),
    );
  if (settings.Capacity > 0)
    lines.push(intl.formatMessage(M.summary_capacity, { gb: settings.Capacity, column: column(settings.CapacityColumn) }));
  if (lines.length === 0) lines.push(intl.formatMessage(M.summary_no_rule));
  lines.push(intl.formatMessage(settings.DeleteNow ? M.summary_delete_now : M.summary_to_bin));
  if (settings.KeepDraftReports) lines.push(intl.formatMessage(M.summary_keep_draft));
  if (settings.KeepShared) lines.push(intl.formatMessage(M.summary_keep_shared));
  lines.push(
    settings.Enabled
      ? intl.formatMessage(M.summary_daily, { hour: String(settings.Hour).padStart(2, '0') })
      : intl.formatMessage(M.summary_daily_off),
  );
  return lines;
}
