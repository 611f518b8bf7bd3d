/** Roles as `/roles/*` answer them (spec 1 §3, §6, §7). */
import type { Permissions, TeleradiologyKind } from './permissions.ts';
import type { StudyAccess, Targets } from './targets.ts';
import type { AccountName } from './accounts.ts';

/** One row of `GET /roles/all` for an administrator. */
export interface Role {
  No: number;
  Name: string;
  Title: string;
  Institution: number;
  Permissions: Permissions;
  Targets: Targets;
  Teleradiology: TeleradiologyKind | null;
  StudyAccess: StudyAccess;
  /** The accounts holding the role. */
  account_items: AccountName[];
}

/** What a sharer gets of the roles it may pick as a share target: names only. */
export type RoleName = Pick<Role, 'No' | 'Name' | 'Title' | 'Institution' | 'account_items'>;

/** What the role dialog sends. */
export type RoleInput = Omit<Role, 'No' | 'account_items'>;
