/**
 * A settings form of one whole number of days (a retention period): its rule is common's, its
 * texts the feature's. The audit log and the recycle bin keep theirs with it.
 */
import { FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { MESSAGES } from '@pacs/common';
import { VALIDATION } from '../lib/validation-messages.ts';
import { TextField } from './form-fields.tsx';
import { SettingsForm } from './save-form.tsx';

export interface DaysFormProps {
  /** The setting's member name, also the field's name (e.g. `RetentionDays`). */
  name: string;
  days: number;
  min: number;
  max: number;
  /** Common's rule for the typed text: null when it is valid. */
  problem: (text: string) => string | null;
  save: (days: number) => Promise<unknown>;
  texts: { title: MessageDescriptor; description: MessageDescriptor; label: MessageDescriptor; unit: MessageDescriptor };
}

/** The field's message for common's `problem`, translated (required, or the range). */
export function daysError(
  problem: string | null,
  range: { min: number; max: number },
  intl: Pick<IntlShape, 'formatMessage'>,
): string | undefined {
  if (problem === null) return undefined;
  return problem === MESSAGES.required ? VALIDATION.required.id : intl.formatMessage({ id: 'validation.days_range' }, range);
}

export function DaysForm({ name, days, min, max, problem, save, texts }: DaysFormProps) {
  const intl = useIntl();
  return (
    <SettingsForm<Record<string, string | number>>
      titleId={`${name}-title`}
      title={<FormattedMessage {...texts.title} />}
      description={<FormattedMessage {...texts.description} />}
      // Formik hands a number input's value back as a number once edited: read it through String().
      initialValues={{ [name]: String(days) }}
      validate={(values) => {
        const error = daysError(problem(String(values[name])), { min, max }, intl);
        return error ? { [name]: error } : {};
      }}
      save={(values) => save(Number(String(values[name]).trim()))}
    >
      <TextField
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        label={<FormattedMessage {...texts.label} />}
        suffix={<FormattedMessage {...texts.unit} />}
      />
    </SettingsForm>
  );
}
