/**
 * Rules of the role dialog (and the lengths and messages the account and institution dialogs
 * share): the shared rules of @pacs/common (spec 1 §5) with translated messages. The server
 * checks the same rules again; these explain early.
 */
import type { IntlShape } from 'react-intl';
import * as yup from 'yup';
import { DEFAULT_INSTITUTION_NO, TELERADIOLOGY_KINDS, isNotExisting, type Permissions, type TeleradiologyKind } from '@pacs/common';
import type { Institution } from '../institutions/index.ts';
import { ACCOUNTS_ADMIN_MESSAGES as M } from './messages.ts';
import { STUDY_ACCESS, type Role, type StudyAccess, type Targets } from './types.ts';

export type Translate = Pick<IntlShape, 'formatMessage'>;

/** Lengths the server accepts (adapter input limits). */
export const LIMITS = { name: 200, accountText: 256, address: 500, phone: 50, website: 500, email: 256 } as const;

export function maxLength(intl: Translate, length: number) {
  return yup.string().max(length, intl.formatMessage(M.max_length, { length }));
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
