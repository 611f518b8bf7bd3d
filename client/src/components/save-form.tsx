/**
 * A settings form that saves in place (no dialog): it says "Saved" once the server took the
 * values and until they change again, and puts a 400's field messages under their fields.
 */
import { Form, Formik, type FormikErrors, type FormikHelpers, type FormikProps, type FormikValues } from 'formik';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { serverFieldErrors } from '../lib/form-errors.ts';
import { FormAlert } from './form-fields.tsx';

/**
 * Formik's onSubmit for `save`, and whether the last save succeeded. `rename` maps the server's
 * field names to the form's (e.g. a configs member `patient_name.ja` to the form's `ja`).
 */
export function useSaveSubmit<Values extends FormikValues>(save: (values: Values) => Promise<unknown>, rename?: Record<string, string>) {
  const [saved, setSaved] = useState(false);
  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setSaved(false);
    try {
      await save(values);
      setSaved(true);
    } catch (error) {
      const fields = serverFieldErrors(error, rename);
      if (fields) helpers.setErrors(fields as FormikErrors<Values>);
    }
  };
  return { saved, submit };
}

/** The "Saved" note (while the form is unchanged since) and the submit button. */
export function SaveActions({ saved, dirty, busy, label }: { saved: boolean; dirty: boolean; busy: boolean; label?: ReactNode }) {
  return (
    <>
      {saved && !dirty && (
        <FormAlert tone="success">
          <FormattedMessage id="common.saved" />
        </FormAlert>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {label ?? <FormattedMessage id="common.save" />}
        </button>
      </div>
    </>
  );
}

export interface SettingsFormProps<Values extends FormikValues> {
  /** The heading's element id: the form is labelled by it. */
  titleId: string;
  title: ReactNode;
  description?: ReactNode;
  initialValues: Values;
  validationSchema?: unknown;
  validate?: (values: Values) => FormikErrors<Values> | Record<string, string>;
  save: (values: Values) => Promise<unknown>;
  /** The submit button's text (Save by default). */
  saveLabel?: ReactNode;
  /** Also keeps the button disabled (e.g. while the feature is not available). */
  disabled?: boolean;
  /** The fields; a function when they depend on the values being edited. */
  children: ReactNode | ((form: FormikProps<Values>) => ReactNode);
}

/**
 * A settings card's form that saves in place: its heading and description, the fields, the
 * "Saved" note and the submit button, with `useSaveSubmit`'s handling of the server's answer.
 */
export function SettingsForm<Values extends FormikValues>(props: SettingsFormProps<Values>) {
  const { titleId, title, description, initialValues, validationSchema, validate, save, saveLabel, disabled, children } = props;
  const { saved, submit } = useSaveSubmit(save);
  return (
    <Formik<Values>
      initialValues={initialValues}
      validationSchema={validationSchema}
      validate={validate as ((values: Values) => FormikErrors<Values>) | undefined}
      onSubmit={submit}
      enableReinitialize
    >
      {(form) => (
        <Form className="form" noValidate aria-labelledby={titleId}>
          <h2 id={titleId} className="card-title">
            {title}
          </h2>
          {description && <p className="muted">{description}</p>}
          {typeof children === 'function' ? children(form) : children}
          <SaveActions saved={saved} dirty={form.dirty} busy={form.isSubmitting || disabled === true} label={saveLabel} />
        </Form>
      )}
    </Formik>
  );
}
