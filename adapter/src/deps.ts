/** What route handlers and services reach: built once at start, passed explicitly. */
import type { Config } from './config.ts';
import type { Db } from './db/pool.ts';
import type { OrthancClient } from './orthanc/client.ts';
import type { Sessions } from './access/sessions.ts';
import type { Health } from './health.ts';
import type { ChangesFollower } from './study-index/follower.ts';
import type { AuditLog } from './features/audit/audit-log.ts';
import type { AssociationFollower } from './features/network/association-follower.ts';
import type { RunningFront } from './features/dicom-front/dicom-front.service.ts';

export interface Deps {
  config: Config;
  db: Db;
  /** Reads: the one Orthanc, or the balancer over a cluster's nodes. */
  orthanc: OrthancClient;
  /** A cluster's jobs node (forwards, edits: Orthanc jobs live in one process); absent: `orthanc`. */
  orthancJobs?: OrthancClient;
  /** Every Orthanc node (each holds its own DICOM peers in memory); absent: [`orthanc`]. */
  orthancNodes?: readonly OrthancClient[];
  sessions: Sessions;
  health: Health;
  follower: ChangesFollower;
  /** The audit log's writer: `deps.audit.record(req, auth, {...})` queues one record, off the request's path. */
  audit: AuditLog;
  /** DICOM associations read from Orthanc's log (absent in unit tests: none listed). */
  associations?: AssociationFollower;
  /** The DICOM front receiver when DICOM_FRONT is on (features/dicom-front). */
  dicomFront?: RunningFront;
}

/** Where Orthanc jobs are created, polled and cancelled (docs/decisions.md, "Cluster"). */
export const jobsNode = (deps: Pick<Deps, 'orthanc' | 'orthancJobs'>): OrthancClient => deps.orthancJobs ?? deps.orthanc;

/** Every Orthanc node, for what each keeps in its own memory (the DICOM peers). */
export const everyNode = (deps: Pick<Deps, 'orthanc' | 'orthancNodes'>): readonly OrthancClient[] => deps.orthancNodes ?? [deps.orthanc];
