/**
 * Rules of the account, role and institution dialogs: the shared rules of @pacs/common (spec 1
 * §5) with translated messages. The server checks the same rules again; these explain early.
 */
import type { IntlShape } from 'react-intl';
import * as yup from 'yup';
import {
  DEFAULT_INSTITUTION_NO,
  TELERADIOLOGY_KINDS,
  isAeTitle,
  isEmail,
  isIdOrEmail,
  isNotExisting,
  passwordProblems,
  type PasswordConfig,
  type Permissions,
  type TeleradiologyKind,
} from '@pacs/common';
import { ACCOUNTS_ADMIN_MESSAGES as M } from './messages.ts';
import { STUDY_ACCESS, type AdminAccount, type Institution, type Role, type StudyAccess, type Targets } from './types.ts';

type Translate = Pick<IntlShape, 'formatMessage'>;

/** Lengths the server accepts (adapter input limits). */
export const LIMITS = { name: 200, accountText: 256, address: 500, phone: 50, website: 500, email: 256 } as const;

function maxLength(intl: Translate, length: number) {
  return yup.string().max(length, intl.formatMessage(M.max_length, { length }));
}

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

export interface RoleValues {
  Name: string;
  Title: string;
  /** The institution number as the select holds it. */
  Institution: string;
  /** '' for none. */
  Teleradiology: TeleradiologyKind | '';
  StudyAccess: StudyAccess;
  Permissions: Permissions;
  Targets: Targets;
}

/** not_exist_role: a role name is unique within its institution (case-insensitive). */
export function roleSchema(intl: Translate, roles: readonly Role[], editingNo?: number) {
  const required = intl.formatMessage(M.required);
  return yup.object({
    Name: maxLength(intl, LIMITS.name)
      .trim()
      .required(required)
      .test('not-exist-role', intl.formatMessage(M.already_exists), (value, context) => {
        const institution = Number(context.parent.Institution);
        const others = roles.filter((role) => role.No !== editingNo && role.Institution === institution).map((role) => role.Name);
        return isNotExisting(value?.trim(), others);
      }),
    Title: maxLength(intl, LIMITS.name),
    Institution: yup.string().required(required),
    Teleradiology: yup.string().oneOf(['', ...TELERADIOLOGY_KINDS], intl.formatMessage(M.invalid)),
    StudyAccess: yup.string().oneOf(STUDY_ACCESS, intl.formatMessage(M.invalid)).required(required),
  });
}

export function roleValues(role: Role | undefined, defaultInstitution: number | undefined): RoleValues {
  return {
    Name: role?.Name ?? '',
    Title: role?.Title ?? '',
    Institution: role ? String(role.Institution) : defaultInstitution === undefined ? '' : String(defaultInstitution),
    Teleradiology: role?.Teleradiology ?? '',
    StudyAccess: role?.StudyAccess ?? 'all',
    Permissions: { ...(role?.Permissions ?? {}) },
    Targets: role ? structuredClone(role.Targets) : { All: true, AETitle: [], InstitutionName: [], Modality: [] },
  };
}

/** Institutions a role can be put in: every one but No 0 (spec 1 §3), unless the role is already there. */
export function selectableInstitutions(institutions: readonly Institution[], current?: number): Institution[] {
  return institutions.filter((institution) => institution.No !== DEFAULT_INSTITUTION_NO || institution.No === current);
}

export type InstitutionValues = Omit<Institution, 'No'>;

export function institutionSchema(intl: Translate, institutions: readonly Institution[], editingNo?: number) {
  const others = institutions.filter((institution) => institution.No !== editingNo).map((institution) => institution.Name);
  return yup.object({
    Name: maxLength(intl, LIMITS.name)
      .trim()
      .required(intl.formatMessage(M.required))
      .test('not-exist', intl.formatMessage(M.already_exists), (value) => isNotExisting(value?.trim(), others)),
    Address: maxLength(intl, LIMITS.address),
    Email: maxLength(intl, LIMITS.email).test('email', intl.formatMessage(M.email), (value) => !value || isEmail(value)),
    Phone: maxLength(intl, LIMITS.phone),
    Fax: maxLength(intl, LIMITS.phone),
    Website: maxLength(intl, LIMITS.website),
  });
}

export function institutionValues(institution?: Institution): InstitutionValues {
  return {
    Name: institution?.Name ?? '',
    Address: institution?.Address ?? '',
    Email: institution?.Email ?? '',
    Phone: institution?.Phone ?? '',
    Fax: institution?.Fax ?? '',
    Website: institution?.Website ?? '',
    Targets: institution ? structuredClone(institution.Targets) : { All: true, AETitle: [], InstitutionName: [], Modality: [] },
  };
}
