/** The profile form's rules; the password rule is the shared one from @pacs/common. */
import * as yup from 'yup';
import { passwordProblems, type PasswordConfig } from '@pacs/common';
import { VALIDATION } from '../../lib/validation-messages.ts';

export interface ProfileValues {
  Name: string;
  Title: string;
  Password: string;
  ConfirmPassword: string;
  CurrentPassword: string;
}

export function profileSchema(policy: PasswordConfig) {
  return yup.object({
    Name: yup.string().trim().required(VALIDATION.required.id),
    Title: yup.string(),
    Password: yup.string().test('policy', VALIDATION.password_policy.id, (value) => !value || passwordProblems(value, policy).length === 0),
    ConfirmPassword: yup
      .string()
      .test('match', VALIDATION.password_mismatch.id, (value, context) => !context.parent.Password || value === context.parent.Password),
    CurrentPassword: yup
      .string()
      .test('required-with-password', VALIDATION.required.id, (value, context) => !context.parent.Password || Boolean(value)),
  });
}
