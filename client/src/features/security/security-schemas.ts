/** Rules for the security forms. Integers only; the server checks the same bounds again. */
import * as yup from 'yup';
import { VALIDATION } from '../../lib/validation-messages.ts';

export const AUTH_LOCK_LIMITS = { threshold: { min: 1, max: 100 }, lockTime: { min: 1, max: 525_600 } } as const;
export const PASSWORD_LENGTH_LIMITS = { min: 1, max: 256 } as const;

function integerBetween(min: number, max: number) {
  return yup
    .number()
    .typeError(VALIDATION.integer.id)
    .required(VALIDATION.required.id)
    .integer(VALIDATION.integer.id)
    .min(min, VALIDATION.min_value.id)
    .max(max, VALIDATION.max_value.id);
}

export const authLockSchema = yup.object({
  Threshold: integerBetween(AUTH_LOCK_LIMITS.threshold.min, AUTH_LOCK_LIMITS.threshold.max),
  LockTime: integerBetween(AUTH_LOCK_LIMITS.lockTime.min, AUTH_LOCK_LIMITS.lockTime.max),
});

export const passwordPolicySchema = yup.object({
  MinimumPasswordLength: integerBetween(PASSWORD_LENGTH_LIMITS.min, PASSWORD_LENGTH_LIMITS.max),
  ContainsLowercaseLetter: yup.boolean(),
  ContainsUppercaseLetter: yup.boolean(),
  ContainsNumber: yup.boolean(),
  ContainsSymbol: yup.boolean(),
});
