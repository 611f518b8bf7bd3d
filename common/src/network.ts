/**
 * The DICOM network as `/providers`, `/users`, `/sendsettings`, `/dicomecho` and `/ping` answer it
 * (spec 3 §3, §5, §7), and the field rules both sides apply to a node.
 */
import { MESSAGES, isAeTitle, isIpAddress, isPort } from './validation.ts';
import type { ResourceItem } from './studies.ts';
import type { LiveAssociation } from './statistics.ts';

/** A DICOM user: a remote modality or workstation registered to store into and query a provider. */
export interface DicomUser {
  No: number;
  Provider: number;
  Connector: number | null;
  Name: string;
  AETitle: string;
  IPAddress: string;
  Port: number;
}

/** A provider: one of the archive's own listening AE titles and ports, with its DICOM users. */
export interface Provider {
  No: number;
  Name: string;
  AETitle: string;
  Port: number;
  /** True: any AE may store, query and echo. False: only the provider's DICOM users. */
  AllowAnonymousUsers: boolean;
  Institution: number;
  Connector: number | null;
  user_items: DicomUser[];
}

/** Where studies may be sent by C-STORE (the forward dialog's destinations). */
export interface SendDestination {
  No: number;
  Name: string;
  IPAddress: string;
  Port: number;
  /** The destination's AE title. */
  CalledAETitle: string;
  /** The AE title the archive introduces itself with. */
  CallingAETitle: string;
}

export type DicomUserInput = Omit<DicomUser, 'No' | 'Connector'>;
export type SendDestinationInput = Omit<SendDestination, 'No'>;
export type ProviderInput = Pick<Provider, 'Name' | 'AETitle' | 'Port' | 'AllowAnonymousUsers'>;

/** `POST /dicomecho/request`. */
export interface EchoRequest {
  IPAddress: string;
  Port: number;
  CallingAETitle: string;
  CalledAETitle: string;
}

/**
 * The answer of an echo. TcpResult: whether a TCP connection was made at all. Status '0000' when
 * the peer answered the C-ECHO with Success, else 'Failure'; Message says which failure.
 */
export interface EchoResult {
  TcpResult: boolean;
  Status: string;
  Message: string;
}

/** Failure texts of an echo (spec 1 §8 names the first two). */
export const ECHO_MESSAGES = {
  success: 'Success',
  connect_failed: 'Failed to connect',
  echo_failed: 'DICOM Echo failed',
  rejected: 'The remote AE rejected the association (check the AE titles and that it knows this archive).',
} as const;

/** How many echo requests `/ping/send` sends (spec 3 §9). */
export const PING_COUNT = 3;

/** One reply of a ping: Status 'Success' with its round trip in ms, or a failure. */
export interface PingReply {
  Status: 'Success' | 'TimedOut' | 'Unreachable';
  Address: string;
  /** Milliseconds; null when there was no reply. */
  RoundtripTime: number | null;
}

/**
 * `POST /ping/send`. Method says how: 'icmp' (the system's ping) or 'tcp' (a TCP connection to a
 * DICOM port, used where this machine may not send ICMP; a refused connection still proves the
 * host answers).
 */
export interface PingResult {
  IPAddress: string;
  Method: 'icmp' | 'tcp';
  Replies: PingReply[];
}

/** The rule of one node field, or null when the value is fine (spec 1 §5: ae_title, ip_address, port). */
export function nodeFieldProblem(field: 'AETitle' | 'IPAddress' | 'Port', value: unknown): string | null {
  if (value === undefined || value === null || value === '') return MESSAGES.required;
  const ok = field === 'AETitle' ? isAeTitle(value) : field === 'IPAddress' ? isIpAddress(value) : isPort(value);
  return ok ? null : MESSAGES.invalid;
}

/** What a forward sends: a whole study, or some of its series, or some instances of one series. */
export type ForwardItem = ResourceItem;

/** The most studies one forward may name (each becomes its own job with its own result). */
export const FORWARD_MAX_STUDIES = 200;

export type ForwardState = 'pending' | 'running' | 'success' | 'failure' | 'paused' | 'retry';

/** One instance a destination refused, with what it or Orthanc said (the destination's reason where it gave one). */
export interface ForwardRefusal {
  SOPInstanceUID: string;
  SeriesNumber: number | null;
  InstanceNumber: number | null;
  Reason: string;
}

/** Refusals in a row after which a forward stops and reports the rest as not sent. */
export const FORWARD_MAX_REFUSALS_IN_ROW = 10;

/** One study's forward: `GET /forward/all`, `POST /forward/create`. */
export interface ForwardJob {
  Id: number;
  Account: string | null;
  Destination: number | null;
  DestinationName: string;
  CalledAETitle: string;
  StudyInstanceUID: string;
  PatientName: string;
  Scope: 'study' | 'series' | 'instances';
  State: ForwardState;
  /** Percent, 0–100. */
  Progress: number;
  InstancesTotal: number;
  /** Instances the destination refused or that could not be sent. */
  InstancesFailed: number;
  /** The instances the destination refused, each named (a part of InstancesFailed). */
  Refused: ForwardRefusal[];
  /** Instances never offered because the forward stopped (the rest of InstancesFailed). */
  InstancesNotSent: number;
  /** Why the job failed ('' when it did not). */
  Error: string;
  CreatedAt: string;
  FinishedAt: string | null;
}

/**
 * The AE title suggestions (spec 3 §7 "AE titles"): the senders of stored studies and the DICOM
 * users' titles, without duplicates (same letters in any case count once, the first spelling
 * kept) and sorted case-insensitively.
 */
export function mergeAeTitles(...lists: readonly (readonly string[])[]): string[] {
  const byKey = new Map<string, string>();
  for (const title of lists.flat()) {
    const key = title.toUpperCase();
    if (title !== '' && !byKey.has(key)) byKey.set(key, title);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

/**
 * `GET /dicomconnections/state` (the DICOM connection limit dialog's table; the spec leaves its
 * route open): the licence's maximum of DICOM connections (0 = unlimited), the registered DICOM
 * users with whether one is connected now, and the open associations (null where the adapter
 * cannot read Orthanc's log).
 */
export interface DicomConnectionState {
  Maximum: number;
  Users: (DicomUser & { Connected: boolean })[];
  Associations: LiveAssociation[] | null;
}
