/** Sign-in security settings and account locks (`/authconfig`, `/authlock`, `/passwordconfig`; spec 1 §3). */

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

/** One row of `GET /connected/users`: a web connection (a session seen in the last 5 minutes; spec 1 §3). */
export interface WebConnection {
  Account: string;
  Name: string;
  IPAddress: string;
  AccessedAt: string;
}
