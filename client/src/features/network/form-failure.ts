/** What the network dialogs do with a failed save. */
import type { FormikErrors, FormikHelpers, FormikValues } from 'formik';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { MESSAGES } from '@pacs/common';
import { isApiError } from '../../lib/api-error.ts';
import { readDialogFailure, type DialogFailure } from '../../lib/server-errors.ts';
import { ACCOUNTS_ADMIN_MESSAGES as M } from '../roles/index.ts';

/**
 * readDialogFailure, except that a 409 naming one of the form's fields (an AE title a provider
 * already has) goes under that field, like a 400 does.
 */
export function nodeDialogFailure(error: unknown, formFields: readonly string[], intl: Pick<IntlShape, 'formatMessage'>): DialogFailure {
  if (isApiError(error) && error.status === 409 && error.fields) {
    const fields: Record<string, string> = {};
    for (const [field, message] of Object.entries(error.fields)) {
      if (formFields.includes(field)) fields[field] = message === MESSAGES.already_exists ? intl.formatMessage(M.already_exists) : message;
    }
    if (Object.keys(fields).length > 0) return { fields };
  }
  return readDialogFailure(error, formFields, intl);
}

/**
 * Formik's onSubmit for a network dialog: `save` (which closes the dialog itself), and on failure
 * the server's messages under the form's fields (nodeDialogFailure) and the rest in `message`.
 */
export function useNodeDialogSubmit<Values extends FormikValues>(formFields: readonly string[], save: (values: Values) => Promise<void>) {
  const intl = useIntl();
  const [message, setMessage] = useState<string>();
  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setMessage(undefined);
    try {
      await save(values);
    } catch (error) {
      const failure = nodeDialogFailure(error, formFields, intl);
      helpers.setErrors(failure.fields as FormikErrors<Values>);
      setMessage(failure.message);
    }
  };
  return { message, submit };
}
