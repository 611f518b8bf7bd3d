/** Accounts as `/accounts/*` answer them (spec 1 §3, §5). */
import type { Permissions, TeleradiologyKind } from './permissions.ts';

/** One row of `GET /accounts/all`. Institution and Teleradiology come from the role. */
export interface AdminAccount {
  Id: string;
  Name: string;
  Title: string;
  Role: number;
  RoleName: string;
  Institution: number;
  Teleradiology: TeleradiologyKind | null;
  AETitle: string;
  ReferringPhysicianName: string;
  /** ISO time the lock began, or null. */
  LockedAt: string | null;
}

/** One row of `GET /accounts/names`: an account a sharer may pick. */
export interface AccountName {
  Id: string;
  Name: string;
}

/** `GET /accounts/signed`: the signed-in user, their role and the CSRF token for this session. */
export interface SignedAccount {
  Id: string;
  Name: string;
  Title: string;
  /** Role number (the server's Authority field). */
  Role: number;
  RoleName: string;
  Institution: number;
  InstitutionName: string;
  Teleradiology: TeleradiologyKind | null;
  AETitle: string;
  ReferringPhysicianName: string;
  Permissions: Permissions;
  IsGuest: boolean;
  /** Send back as the `X-CSRF-Token` header on every state-changing call. */
  CsrfToken: string;
}
