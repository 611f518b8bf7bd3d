/**
 * A settings form that saves in place (no dialog): it says "Saved" once the server took the
 * values and until they change again, and puts a 400's field messages under their fields.
 */
import type { FormikErrors, FormikHelpers, FormikValues } from 'formik';
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
