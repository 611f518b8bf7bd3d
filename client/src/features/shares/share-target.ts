/**
 * The share edit's target chain (spec 3 §4): guest, or an institution, a role within it and an
 * account within that role. Changing the institution clears a role that does not belong to it;
 * changing the role clears an account that is not in it; a shortcut fills the chain upward.
 */
import type { ShareWithShortcut } from '@pacs/common';

/** What the selects hold: numbers and ids as strings, '' for none. */
export interface TargetChoice {
  Institution: string;
  Role: string;
  Account: string;
}

/** What the chain needs to know of a role. */
export interface TargetRole {
  No: number;
  Name: string;
  Institution: number;
  account_items: readonly { Id: string; Name: string }[];
}

export const NO_TARGET: TargetChoice = { Institution: '', Role: '', Account: '' };

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function roleOf(roles: readonly TargetRole[], no: string): TargetRole | undefined {
  return no === '' ? undefined : roles.find((role) => String(role.No) === no);
}

/** The roles the role select offers for a chosen institution. */
export function rolesOf(roles: readonly TargetRole[], institution: string): TargetRole[] {
  return institution === '' ? [] : roles.filter((role) => String(role.Institution) === institution);
}

/** The accounts the account select offers for a chosen role. */
export function accountsOf(roles: readonly TargetRole[], role: string): readonly { Id: string; Name: string }[] {
  return roleOf(roles, role)?.account_items ?? [];
}

export function changeRole(choice: TargetChoice, role: string, roles: readonly TargetRole[]): TargetChoice {
  const keepsAccount = choice.Account !== '' && accountsOf(roles, role).some((account) => sameId(account.Id, choice.Account));
  return { ...choice, Role: role, Account: keepsAccount ? choice.Account : '' };
}

export function changeInstitution(choice: TargetChoice, institution: string, roles: readonly TargetRole[]): TargetChoice {
  const role = roleOf(roles, choice.Role);
  const keepsRole = role !== undefined && String(role.Institution) === institution;
  return changeRole({ ...choice, Institution: institution }, keepsRole ? choice.Role : '', roles);
}

export function changeAccount(choice: TargetChoice, account: string): TargetChoice {
  return { ...choice, Account: account };
}

/**
 * A shortcut's target, with the chain filled upward: an account names its role (the one holding
 * it, when the shortcut does not say), a role names its institution.
 */
export function applyShortcut(shortcut: ShareWithShortcut, roles: readonly TargetRole[]): TargetChoice {
  const account = shortcut.Account ?? '';
  let role = shortcut.Role ? roleOf(roles, String(shortcut.Role)) : undefined;
  if (!role && account !== '') role = roles.find((candidate) => candidate.account_items.some((item) => sameId(item.Id, account)));
  const institution = role ? String(role.Institution) : shortcut.Institution ? String(shortcut.Institution) : '';
  return { Institution: institution, Role: role ? String(role.No) : '', Account: role ? account : '' };
}

/** The payload fields of a chosen target; a guest share names none. */
export function targetFields(choice: TargetChoice): { Institution: number | null; Role: number | null; Account: string | null } {
  return {
    Institution: choice.Institution === '' ? null : Number(choice.Institution),
    Role: choice.Role === '' ? null : Number(choice.Role),
    Account: choice.Account === '' ? null : choice.Account,
  };
}
