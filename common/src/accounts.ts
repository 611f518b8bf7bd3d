/** Accounts as `/accounts/*` answer them (spec 1 §3, §5). */
import type { Permissions, TeleradiologyKind } from './permissions.ts';

/** What every account answer says of the account and its role. */
interface AccountFields {
  Id: string;
  Name: string;
  Title: string;
  /** Role number (the server's Authority field). */
  Role: number;
  RoleName: string;
  /** The role's institution. */
  Institution: number;
  /** The role's teleradiology kind. */
  Teleradiology: TeleradiologyKind | null;
  AETitle: string;
  ReferringPhysicianName: string;
}

/** One row of `GET /accounts/all`. */
export interface AdminAccount extends AccountFields {
  /** ISO time the lock began, or null. */
  LockedAt: string | null;
}

/** One row of `GET /accounts/names`: an account a sharer may pick. */
export interface AccountName {
  Id: string;
  Name: string;
}

/** `GET /accounts/signed`: the signed-in user, their role and the CSRF token for this session. */
export interface SignedAccount extends AccountFields {
  InstitutionName: string;
  Permissions: Permissions;
  IsGuest: boolean;
  /** Send back as the `X-CSRF-Token` header on every state-changing call. */
  CsrfToken: string;
}
