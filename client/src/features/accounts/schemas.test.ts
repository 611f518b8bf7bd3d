import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { DEFAULT_PASSWORD_CONFIG, MESSAGES, SHARE_GUEST_ID, type PasswordConfig } from '@pacs/common';
import { ENGLISH } from '../../i18n/messages.ts';
import { accountSchema, accountValues, type AccountValues } from './schemas.ts';
import { errorsOf } from '../../lib/schema-errors.ts';

const intl = createIntl({ locale: 'en', messages: ENGLISH });

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
