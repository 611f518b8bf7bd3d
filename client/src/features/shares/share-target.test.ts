import { describe, expect, it } from 'vitest';
import { accountsOf, applyShortcut, changeInstitution, changeRole, rolesOf, targetFields, type TargetRole } from './share-target.ts';

const roles: TargetRole[] = [
  {
    No: 10,
    Name: 'Readers',
    Institution: 2,
    account_items: [
      { Id: 'u1', Name: 'One' },
      { Id: 'u2', Name: 'Two' },
    ],
  },
  { No: 11, Name: 'Others', Institution: 2, account_items: [{ Id: 'u3', Name: 'Three' }] },
  { No: 20, Name: 'Clinic readers', Institution: 3, account_items: [{ Id: 'u4', Name: 'Four' }] },
];

describe('share target chain', () => {
  it('offers the roles of the institution and the accounts of the role', () => {
    expect(rolesOf(roles, '2').map((role) => role.No)).toEqual([10, 11]);
    expect(rolesOf(roles, '')).toEqual([]);
    expect(accountsOf(roles, '10').map((account) => account.Id)).toEqual(['u1', 'u2']);
    expect(accountsOf(roles, '')).toEqual([]);
  });

  it('changing the institution clears a role (and its account) that is not in it', () => {
    const chosen = { Institution: '2', Role: '10', Account: 'u1' };
    expect(changeInstitution(chosen, '3', roles)).toEqual({ Institution: '3', Role: '', Account: '' });
    expect(changeInstitution(chosen, '2', roles)).toEqual(chosen);
  });

  it('changing the role clears an account that is not in it', () => {
    expect(changeRole({ Institution: '2', Role: '10', Account: 'u1' }, '11', roles)).toEqual({ Institution: '2', Role: '11', Account: '' });
    expect(changeRole({ Institution: '2', Role: '10', Account: 'U2' }, '10', roles)).toEqual({
      Institution: '2',
      Role: '10',
      Account: 'U2',
    });
  });

  it('a shortcut fills the chain upward', () => {
    expect(applyShortcut({ label: 'u4', is_visible: true, Account: 'u4' }, roles)).toEqual({ Institution: '3', Role: '20', Account: 'u4' });
    expect(applyShortcut({ label: 'readers', is_visible: true, Role: 10 }, roles)).toEqual({ Institution: '2', Role: '10', Account: '' });
    expect(applyShortcut({ label: 'clinic', is_visible: true, Institution: 3 }, roles)).toEqual({
      Institution: '3',
      Role: '',
      Account: '',
    });
    // An account nobody holds any more leaves nothing half-filled.
    expect(applyShortcut({ label: 'gone', is_visible: true, Account: 'gone' }, roles)).toEqual({ Institution: '', Role: '', Account: '' });
  });

  it('sends nulls for what is not chosen', () => {
    expect(targetFields({ Institution: '', Role: '', Account: '' })).toEqual({ Institution: null, Role: null, Account: null });
    expect(targetFields({ Institution: '2', Role: '10', Account: 'u1' })).toEqual({ Institution: 2, Role: 10, Account: 'u1' });
  });
});
