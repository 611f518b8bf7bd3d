/** Shapes of the account calls (`/accounts/...`). */
import type { TeleradiologyKind } from '@pacs/common';

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
