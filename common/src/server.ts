/** What the server tells about itself (`/state`, `/product/info`). */
import type { DefaultCharacterSetStatus } from './character-sets.ts';
import type { Edition } from './permissions.ts';
import { MESSAGES } from './validation.ts';

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

/** `GET /product/info`. */
export interface ProductInfo {
  Name: string;
  Version: string;
  ReleaseDate: string;
}

/** A folder the server writes to, with the figures of the file system it lives on (bytes). */
export interface FolderStatus {
  Path: string;
  Exists: boolean;
  /** Size of the file system holding the folder. */
  Capacity: number;
  /** What the folder itself takes on disk (its files' allocated blocks, as `du` counts them). */
  Used: number;
  /** Free space left on that file system for the server. */
  Available: number;
}

/** `GET /server/status` (spec 3 §3 "Server status"). */
export interface ServerStatus {
  /** The site's server name (`PATCH /server/update`); '' until one is given. */
  Name: string;
  MainFolderStatus: FolderStatus;
  LogFolderStatus: FolderStatus;
  BackupFolderStatuses: FolderStatus[];
  /** 'info', or 'verbose' when every request is logged (LOG_REQUESTS). */
  LogLevel: 'info' | 'verbose';
  /** The site's country (admin/general/localization), '' when not set. */
  Region: string;
  TimeZone: string;
  /**
   * The default specific character set in force (the DICOM term, admin/general/localization) and
   * the terms an administrator may choose: how the archive reads files that name none.
   */
  DefaultSpecificCharacterSets: DefaultCharacterSetStatus;
  WebServerStatus: {
    /** The adapter's port, whichever protocol it serves. */
    Port: number;
    HTTPUse: boolean;
    HTTPPort: number | null;
    HTTPSUse: boolean;
    HTTPSPort: number | null;
  };
  /** When the folder sizes were measured (ISO): sizes of a large archive are reused for a while. */
  MeasuredAt: string;
  /** The DICOM front receivers' spools (DICOM_FRONT=on; null when off). */
  DicomFront: DicomFrontStatus | null;
}

/** One DICOM front receiver's spool. */
export interface DicomFrontCounts {
  /** Files waiting in the spool (received, not yet in Orthanc). */
  Pending: number;
  /** Files Orthanc refused, kept in the spool's failed/ folder for an administrator. */
  Failed: number;
  /** Instances handed to Orthanc since its adapter started. */
  Stored: number;
}

/**
 * `ServerStatus.DicomFront`: the totals over the fronts reporting now, and every front (one per
 * replica that fronts an Orthanc node in a cluster; one otherwise), by port.
 */
export interface DicomFrontStatus extends DicomFrontCounts {
  Fronts: DicomFrontReport[];
}

/**
 * A front is taken for dead (not reporting) once its last report is older than this: it reports
 * every 5 s (adapter/src/features/dicom-front/front-status.ts; docs/decisions.md says why 30).
 */
export const DICOM_FRONT_STALE_SECONDS = 30;

export interface DicomFrontReport extends DicomFrontCounts {
  /** The DICOM port the front answers on. */
  Port: number;
  /** When it last reported its counts (ISO): every 5 s while it runs. */
  LastSeen: string;
  /**
   * False when it stopped or has not reported for 30 s (its replica is down): its counts are its
   * last, not in the totals, and nothing hands its spool to the archive until it is back.
   */
  Reporting: boolean;
}

export const SERVER_NAME_MAX_LENGTH = 64;

/**
 * The server name's rule (`PATCH /server/update` Name): required, at most 64 characters, printable
 * (no control characters), no leading or trailing whitespace. Answers the message, or null.
 */
export function serverNameProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return MESSAGES.required;
  if ([...value].length > SERVER_NAME_MAX_LENGTH) return MESSAGES.max_length(SERVER_NAME_MAX_LENGTH);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value) || value.trim() !== value) return MESSAGES.invalid;
  return null;
}

/** One open-source component the product ships or runs with (about/credits). */
export interface CreditEntry {
  Name: string;
  Version: string;
  /** An SPDX expression (npm) or Debian's licence short name. */
  License: string;
  Homepage: string;
  /** npm packages, or Debian packages of the server side. */
  Source: 'npm' | 'debian';
  /** Which side uses it: the browser client, the server, or both. */
  Used: ('client' | 'server')[];
}

/** `/viewer/credits.json`, generated when the client is built (scripts/credits). */
export interface Credits {
  Components: CreditEntry[];
}

/** Editions whose users see the release-notes dialog after an upgrade (spec 1 §2: PACS and PACS Cloud). */
export const RELEASE_NOTES_EDITIONS: readonly Edition[] = ['pacs', 'cloud'];
