/**
 * Rules of the account dialog: the shared rules of @pacs/common (spec 1 §5) with translated
 * messages. The server checks the same rules again; these explain early.
 */
import * as yup from 'yup';
import { isAeTitle, isIdOrEmail, isNotExisting, passwordProblems, type PasswordConfig } from '@pacs/common';
import { ACCOUNTS_ADMIN_MESSAGES as M, LIMITS, maxLength, type Translate } from '../roles/index.ts';
import type { AdminAccount } from './types.ts';

export interface AccountValues {
  Id: string;
  Password: string;
  ConfirmPassword: string;
  Name: string;
  Title: string;
  /** The role number as the select holds it. */
  Role: string;
  AETitle: string;
  ReferringPhysicianName: string;
}

export interface AccountSchemaOptions {
  mode: 'add' | 'edit';
  policy: PasswordConfig;
  /** Ids of the other accounts: a new id must not be one of them (case-insensitive). */
  otherIds: readonly string[];
}

export function accountSchema(intl: Translate, { mode, policy, otherIds }: AccountSchemaOptions) {
  const required = intl.formatMessage(M.required);
  const id =
    mode === 'add'
      ? yup
          .string()
          .trim()
          .required(required)
          .test('id-or-email', intl.formatMessage(M.id_or_email), (value) => isIdOrEmail(value))
          .test('not-exist', intl.formatMessage(M.already_exists), (value) => isNotExisting(value?.trim(), otherIds))
      : yup.string();
  const password = yup
    .string()
    .test('policy', intl.formatMessage(M.password_policy), (value) => !value || passwordProblems(value, policy).length === 0);
  return yup.object({
    Id: id,
    Password: mode === 'add' ? password.required(required) : password,
    ConfirmPassword: yup
      .string()
      .test(
        'match',
        intl.formatMessage(M.password_mismatch),
        (value, context) => !context.parent.Password || value === context.parent.Password,
      ),
    Name: maxLength(intl, LIMITS.accountText).trim().required(required),
    Title: maxLength(intl, LIMITS.accountText),
    Role: yup.string().required(required),
    AETitle: yup.string().test('ae-title', intl.formatMessage(M.ae_title), (value) => !value || isAeTitle(value)),
    ReferringPhysicianName: maxLength(intl, LIMITS.accountText),
  });
}

export function accountValues(account?: AdminAccount): AccountValues {
  return {
    Id: account?.Id ?? '',
    Password: '',
    ConfirmPassword: '',
    Name: account?.Name ?? '',
    Title: account?.Title ?? '',
    Role: account ? String(account.Role) : '',
    AETitle: account?.AETitle ?? '',
    ReferringPhysicianName: account?.ReferringPhysicianName ?? '',
  };
}
