/** A signed-in account for unit tests: a doctor with no permissions unless given. */
import type { SignedAccount } from '@pacs/common';

export function signedAccount(overrides: Partial<SignedAccount> = {}): SignedAccount {
  return {
    Id: 'doctor',
    Name: 'Dr Who',
    Title: '',
    Role: 3,
    RoleName: 'Doctor',
    Institution: 0,
    InstitutionName: '',
    Teleradiology: null,
    AETitle: '',
    ReferringPhysicianName: '',
    Permissions: {},
    IsGuest: false,
    CsrfToken: 't',
    ...overrides,
  };
}
