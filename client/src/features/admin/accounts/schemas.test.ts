import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { ValidationError } from 'yup';
import { DEFAULT_PASSWORD_CONFIG, MESSAGES, SHARE_GUEST_ID, type PasswordConfig } from '@pacs/common';
import { ENGLISH } from '../../../i18n/messages.ts';
import {
  accountSchema,
  accountValues,
  institutionSchema,
  institutionValues,
  roleSchema,
  roleValues,
  selectableInstitutions,
  type AccountValues,
} from './schemas.ts';
import type { Institution, Role } from './types.ts';

const intl = createIntl({ locale: 'en', messages: ENGLISH });

/** The first message per field, or {} when valid. */
async function errorsOf(schema: { validate: (value: unknown, options: object) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const result: Record<string, string> = {};
    for (const inner of error.inner) if (inner.path && !(inner.path in result)) result[inner.path] = inner.message;
    return result;
  }
}

const validAccount: AccountValues = {
  ...accountValues(),
  Id: 'dr_smith',
  Password: 'secret',
  ConfirmPassword: 'secret',
  Name: 'Dr Smith',
  Role: '2',
};

describe('account schema', () => {
  const add = accountSchema(intl, { mode: 'add', policy: DEFAULT_PASSWORD_CONFIG, otherIds: ['Admin'] });

  it('accepts a valid new account', async () => {
    await expect(errorsOf(add, validAccount)).resolves.toEqual({});
    await expect(errorsOf(add, { ...validAccount, Id: 'smith@example.org', AETitle: 'WS_1' })).resolves.toEqual({});
  });

  it('refuses ids that are not word characters or e-mail, guest ids and taken ids', async () => {
    for (const Id of ['a', 'has space', 'x/y', SHARE_GUEST_ID]) {
      await expect(errorsOf(add, { ...validAccount, Id })).resolves.toHaveProperty('Id');
    }
    await expect(errorsOf(add, { ...validAccount, Id: 'admin' })).resolves.toEqual({ Id: MESSAGES.already_exists });
    await expect(errorsOf(add, { ...validAccount, Id: '' })).resolves.toEqual({ Id: MESSAGES.required });
  });

  it('applies the password policy and the confirmation', async () => {
    const strict: PasswordConfig = { ...DEFAULT_PASSWORD_CONFIG, MinimumPasswordLength: 8, ContainsNumber: true };
    const schema = accountSchema(intl, { mode: 'add', policy: strict, otherIds: [] });
    await expect(errorsOf(schema, { ...validAccount, Password: 'longenough', ConfirmPassword: 'longenough' })).resolves.toHaveProperty(
      'Password',
    );
    await expect(errorsOf(schema, { ...validAccount, Password: 'longenough1', ConfirmPassword: 'longenough1' })).resolves.toEqual({});
    await expect(errorsOf(add, { ...validAccount, ConfirmPassword: 'other' })).resolves.toEqual({
      ConfirmPassword: 'The passwords do not match',
    });
  });

  it('checks the AE title only when given', async () => {
    await expect(errorsOf(add, { ...validAccount, AETitle: 'BAD\\AE' })).resolves.toHaveProperty('AETitle');
    await expect(errorsOf(add, { ...validAccount, AETitle: 'A'.repeat(17) })).resolves.toHaveProperty('AETitle');
  });

  it('keeps the password when editing and it is left empty', async () => {
    const edit = accountSchema(intl, { mode: 'edit', policy: DEFAULT_PASSWORD_CONFIG, otherIds: [] });
    await expect(errorsOf(edit, { ...validAccount, Id: 'x', Password: '', ConfirmPassword: '' })).resolves.toEqual({});
    await expect(errorsOf(edit, { ...validAccount, Password: 'abc', ConfirmPassword: 'abc' })).resolves.toHaveProperty('Password');
  });
});

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
const institution = (No: number, Name: string): Institution => ({ ...institutionValues(), No, Name });

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

describe('institution schema', () => {
  const schema = institutionSchema(intl, [institution(0, 'Home'), institution(1, 'North')], 1);

  it('wants a unique name and a valid e-mail when one is given', async () => {
    await expect(errorsOf(schema, { ...institutionValues(), Name: 'north' })).resolves.toEqual({});
    await expect(errorsOf(schema, { ...institutionValues(), Name: 'HOME' })).resolves.toEqual({ Name: MESSAGES.already_exists });
    await expect(errorsOf(schema, { ...institutionValues(), Name: 'South', Email: 'nope' })).resolves.toEqual({ Email: MESSAGES.email });
    await expect(errorsOf(schema, { ...institutionValues(), Name: 'South', Email: 'desk@south.example' })).resolves.toEqual({});
  });

  it('states the length limit', async () => {
    await expect(errorsOf(schema, { ...institutionValues(), Name: 'x'.repeat(201) })).resolves.toEqual({ Name: MESSAGES.max_length(200) });
  });
});
