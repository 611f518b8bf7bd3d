import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { MESSAGES } from '@pacs/common';
import { ENGLISH } from '../../i18n/messages.ts';
import { errorsOf } from '../../lib/schema-errors.ts';
import type { Institution } from '../institutions/index.ts';
import { roleSchema, roleValues, selectableInstitutions } from './schemas.ts';
import type { Role } from './types.ts';

const intl = createIntl({ locale: 'en', messages: ENGLISH });

const targets = { All: true, AETitle: [], InstitutionName: [], Modality: [] };
const role = (No: number, Name: string, Institution: number): Role => ({
  No,
  Name,
  Title: '',
  Institution,
  Permissions: {},
  Targets: targets,
  Teleradiology: null,
  StudyAccess: 'all',
  account_items: [],
});
const institution = (No: number, Name: string): Institution => ({
  No,
  Name,
  Address: '',
  Email: '',
  Phone: '',
  Fax: '',
  Website: '',
  Targets: targets,
});

describe('role schema', () => {
  const roles = [role(1, 'Master', 0), role(2, 'Doctor', 1)];

  it('wants a name unique within the institution', async () => {
    const schema = roleSchema(intl, roles);
    const values = { ...roleValues(undefined, 1), Name: 'doctor' };
    await expect(errorsOf(schema, values)).resolves.toEqual({ Name: MESSAGES.already_exists });
    await expect(errorsOf(schema, { ...values, Institution: '2' })).resolves.toEqual({});
    await expect(errorsOf(roleSchema(intl, roles, 2), values)).resolves.toEqual({});
    await expect(errorsOf(schema, { ...values, Name: ' ' })).resolves.toEqual({ Name: MESSAGES.required });
  });

  it('starts a new role with all targets and no permissions', () => {
    expect(roleValues(undefined, 3)).toMatchObject({ Institution: '3', StudyAccess: 'all', Permissions: {}, Targets: targets });
  });

  it('leaves institution 0 out of the choices unless the role is already there', () => {
    const all = [institution(0, 'Home'), institution(1, 'North')];
    expect(selectableInstitutions(all).map((i) => i.No)).toEqual([1]);
    expect(selectableInstitutions(all, 0).map((i) => i.No)).toEqual([0, 1]);
  });
});
