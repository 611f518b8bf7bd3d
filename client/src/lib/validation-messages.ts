/**
 * Validation messages as catalogue ids. Yup schemas use the ids as their messages; the form
 * fields translate them (anything else, e.g. a server message, is shown as it came).
 */
import { defineMessages } from 'react-intl';

export const VALIDATION = defineMessages({
  required: { id: 'validation.required' },
  integer: { id: 'validation.integer' },
  min_value: { id: 'validation.min_value' },
  max_value: { id: 'validation.max_value' },
  password_policy: { id: 'validation.password_policy' },
  password_mismatch: { id: 'validation.password_mismatch' },
});

export const VALIDATION_IDS: ReadonlySet<string> = new Set(Object.values(VALIDATION).map((message) => message.id));
