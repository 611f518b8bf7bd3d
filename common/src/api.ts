/**
 * Shapes exchanged over `/viewer/api`. Field names follow the spec (PascalCase for server data),
 * so the client can show them without renaming.
 */
import type { Edition, Permissions, TeleradiologyKind } from './permissions.ts';
import type { UserSettings } from './settings/index.ts';

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

/** `GET /state`: public facts the client needs before anyone signs in. */
export interface ServerState {
  ProductName: string;
  Version: string;
  ReleaseDate: string;
  Edition: Edition;
  Languages: string[];
  /** Whether the adapter currently reaches its two backing services. */
  Orthanc: 'up' | 'down';
  Database: 'up' | 'down';
  ServerTime: string;
}

/** `GET /service/settings`. */
export interface SettingsResponse {
  Id: string;
  Settings: UserSettings;
}

/** `GET /authconfig/find`, `PATCH /authconfig/update`. LockTime is in minutes. */
export interface AuthConfig {
  Threshold: number;
  LockTime: number;
}

/** `GET /authlock/find?id=`: the lock state of one account. */
export interface AuthLockStatus {
  Id: string;
  LockTime: number;
  /** ISO time the lock began, or null when the account is not locked. */
  LockedAt: string | null;
  FailedAttempts: number;
}

/** One row of `GET /authlocked/month`: a lock that began this calendar month. */
export interface AuthLockEvent {
  Id: string;
  Name: string;
  LockedAt: string;
  IPAddress: string;
}

/** `GET /passwordconfig/find`, `PATCH /passwordconfig/update`. */
export interface PasswordConfig {
  MinimumPasswordLength: number;
  ContainsLowercaseLetter: boolean;
  ContainsUppercaseLetter: boolean;
  ContainsNumber: boolean;
  ContainsSymbol: boolean;
}

/** `GET /product/info`. */
export interface ProductInfo {
  Name: string;
  Version: string;
  ReleaseDate: string;
}
