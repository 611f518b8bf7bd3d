/**
 * A settings form of one whole number of days (a retention period): its rule is common's, its
 * texts the feature's. The audit log and the recycle bin keep theirs with it.
 */
import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { MESSAGES } from '@pacs/common';
import { VALIDATION } from '../lib/validation-messages.ts';
import { TextField } from './form-fields.tsx';
import { SaveActions, useSaveSubmit } from './save-form.tsx';

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
  // Formik hands a number input's value back as a number once edited: read it through String().
  const { saved, submit } = useSaveSubmit((values: Record<string, string | number>) => save(Number(String(values[name]).trim())));
  const titleId = `${name}-title`;
  return (
    <Formik
      initialValues={{ [name]: String(days) as string | number }}
      validate={(values) => {
        const error = daysError(problem(String(values[name])), { min, max }, intl);
        return error ? { [name]: error } : {};
      }}
      onSubmit={submit}
      enableReinitialize
    >
      {({ isSubmitting, dirty }) => (
        <Form className="form" noValidate aria-labelledby={titleId}>
          <h2 id={titleId} className="card-title">
            <FormattedMessage {...texts.title} />
          </h2>
          <p className="muted">
            <FormattedMessage {...texts.description} />
          </p>
          <TextField
            name={name}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            label={<FormattedMessage {...texts.label} />}
            suffix={<FormattedMessage {...texts.unit} />}
          />
          <SaveActions saved={saved} dirty={dirty} busy={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}
