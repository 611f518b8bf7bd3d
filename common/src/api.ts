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

/** A study row of the list (spec 2 §3 "Study (list row)"), as `/studies/search` answers it. */
export interface StudyItem {
  StudyInstanceUID: string;
  StudyDate: string;
  StudyTime: string;
  StudyDateTime: string;
  UpdatedAt: string;
  IsFavorite: boolean;
  IsShared: boolean;
  ReportStatus: string;
  PatientID: string;
  PatientName: string;
  PatientBirthDate: string;
  PatientAge: string;
  PatientSex: string;
  PatientComments: string;
  ModalitiesInStudy: string[];
  BodyPartsInStudy: string[];
  StudyDescription: string;
  StudyID: string;
  NumberOfStudyRelatedSeries: number;
  NumberOfStudyRelatedInstances: number;
  AccessionNumber: string;
  Institution: number | null;
  InstitutionName: string;
  ReferringPhysicianName: string;
  PerformingPhysicianName: string;
  AETitle: string;
  Note: string;
  FileSize: number;
  CTDIvols: number[];
  TotalDLP: number | null;
}

/** `GET /series/fromstudy` (spec 2 §3 "Series columns"). */
export interface SeriesItem {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SeriesNumber: number | null;
  SeriesDescription: string;
  Modality: string;
  BodyPartExamined: string;
  SeriesDate: string;
  SeriesTime: string;
  SeriesDateTime: string;
  NumberOfSeriesRelatedInstances: number;
  UpdatedAt: string;
  CTDIvol: number | null;
  DLP: number | null;
  FileSize: number;
}

/** `GET /instances/fromseries` (spec 2 §3 "Instance columns"). */
export interface InstanceItem {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  InstanceNumber: number | null;
  NumberOfFrames: number;
  FileSize: number;
}

/** A page of a list: `/studies/search` (spec 2 §3 "Worklist response" has the same shape). */
export interface ListResponse<T> {
  Count: number;
  /** True when Count is the database's estimate (more than 10,000 matches). */
  CountIsEstimate?: boolean;
  Items: T[];
  Limit: number;
  Offset: number;
  RequestedAt: string;
}

/** One change of Orthanc's feed that the study index could not apply and passed over. */
export interface SkippedIndexChange {
  Seq: number;
  ChangeType: string;
  ResourceType: string;
  OrthancID: string;
  Error: string;
  SkippedAt: string;
}

/** `GET /server/index/status` (admin): where the study index's /changes follower stands. */
export interface IndexStatus {
  /** The last change applied; null while the index is being rebuilt from scratch. */
  Cursor: number | null;
  /** Orthanc's newest change; null when Orthanc does not answer. */
  LastChange: number | null;
  /** Changes not yet applied (LastChange − Cursor). */
  LagChanges: number | null;
  LastAppliedAt: string | null;
  SecondsSinceApplied: number | null;
  /** The follower's last error ('' when none), kept after it recovered; see LastErrorAt. */
  LastError: string;
  LastErrorAt: string | null;
  SkippedChanges: number;
  LastSkippedAt: string | null;
  /** The ten most recent skipped changes, newest first. */
  RecentSkipped: SkippedIndexChange[];
  /** The index is behind right now (see indexIsBehind); the client warns when it stays so. */
  Behind: boolean;
}
