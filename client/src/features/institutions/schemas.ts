/** Rules of the institution dialog (spec 1 §5); the server checks the same rules again. */
import * as yup from 'yup';
import { isEmail, isNotExisting } from '@pacs/common';
import { ACCOUNTS_ADMIN_MESSAGES as M, LIMITS, maxLength, type Translate } from '../roles/index.ts';
import type { Institution } from './types.ts';

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
