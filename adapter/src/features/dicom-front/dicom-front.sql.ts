/**
 * Every SQL statement of the DICOM front receiver: who sent the series it handed to Orthanc (one
 * row per series, kept for ever (migration dicom_front_series_senders): a rebuild of the study
 * index from Orthanc alone needs it as long as the series exists), and each front's status (its
 * spool's counts and heartbeat, migration dicom_front_status), which also says which fronts are
 * live for their open associations (network.sql.ts).
 */
import type { Db, DbClient } from '../../db/pool.ts';
import { DICOM_FRONT_STALE_SECONDS, type DicomFrontCounts } from '@pacs/common';
import type { SpoolIdentity } from './spool.ts';

/**
 * Written before the instance is posted to Orthanc, so the index never sees it without its
 * sender. The first sender of a series wins, as in the study index (a series' AE title is taken
 * once); later instances of the series write nothing.
 */
export async function recordSender(db: Db | DbClient, identity: SpoolIdentity): Promise<void> {
  await db.query(
    `insert into dicom_front_senders (series_instance_uid, study_instance_uid, patient_id, ae_title)
     values ($1, $2, $3, $4)
     on conflict (series_instance_uid, study_instance_uid, patient_id) do nothing`,
    [identity.seriesUid, identity.studyUid, identity.patientId, identity.callingAet],
  );
}

export interface SeriesKey {
  studyUid: string;
  seriesUid: string;
  patientId: string;
}

/** The calling AE title the front recorded for exactly this series (patient, study and series UIDs), or ''. */
export async function selectSender(db: Db | DbClient, key: SeriesKey): Promise<string> {
  const { rows } = await db.query<{ ae_title: string }>(
    `select ae_title from dicom_front_senders
     where series_instance_uid = $1 and study_instance_uid = $2 and patient_id = $3`,
    [key.seriesUid, key.studyUid, key.patientId],
  );
  return rows[0]?.ae_title ?? '';
}

/**
 * The condition on a dicom_front_status row aliased `s` that its front is live: not stopped, and
 * its heartbeat younger than DICOM_FRONT_STALE_SECONDS (30). It beats every 5 s (front-status.ts),
 * so 30 s is six heartbeats missed: far above one delayed by a loaded machine or a long garbage
 * collection (the forwards' take-over waits 15 s for a 1 s heartbeat), and short enough that the
 * server screen and the live association list tell a dead replica within half a minute, about
 * the supervisor's longest wait between restarts (30 s).
 */
export const LIVE_FRONT = `(s.stopped_at is null and s.heartbeat_at > now() - make_interval(secs => ${DICOM_FRONT_STALE_SECONDS}))`;

/** A front starting: its row, reporting from now (a restart's row replaced). */
export async function startFrontStatus(db: Db | DbClient, front: string, counts: DicomFrontCounts): Promise<void> {
  await db.query(
    `insert into dicom_front_status (front, pending, failed, stored) values ($1, $2, $3, $4)
     on conflict (front) do update set pending = $2, failed = $3, stored = $4, started_at = now(), heartbeat_at = now(), stopped_at = null`,
    [front, counts.Pending, counts.Failed, counts.Stored],
  );
}

/**
 * A front's heartbeat with its counts. Answers whether its row was live just before (false: the
 * heartbeat had been late long enough for other replicas to take the front for dead and remove
 * its open associations, which the front then writes again), or null when its row is gone.
 */
export async function beatFrontStatus(db: Db | DbClient, front: string, counts: DicomFrontCounts): Promise<boolean | null> {
  // The self-join reads the row as it was before this update.
  const { rows } = await db.query<{ was_live: boolean }>(
    `update dicom_front_status t set pending = $2, failed = $3, stored = $4, heartbeat_at = now(), stopped_at = null
       from dicom_front_status s where s.front = t.front and t.front = $1
     returning ${LIVE_FRONT} as was_live`,
    [front, counts.Pending, counts.Failed, counts.Stored],
  );
  return rows[0]?.was_live ?? null;
}

/** A front stopped (the adapter shutting down): its last counts, not reporting from now. */
export async function stopFrontStatus(db: Db | DbClient, front: string, counts: DicomFrontCounts): Promise<void> {
  await db.query(
    'update dicom_front_status set pending = $2, failed = $3, stored = $4, heartbeat_at = now(), stopped_at = now() where front = $1',
    [front, counts.Pending, counts.Failed, counts.Stored],
  );
}

/** A front moved to another port, whose front took its spool over: the old one is no more. */
export async function deleteFrontStatus(db: Db | DbClient, front: string): Promise<void> {
  await db.query('delete from dicom_front_status where front = $1', [front]);
}

/**
 * Keeps the rows of dead fronts true: their open associations are removed (their replica died
 * holding them; their modalities were disconnected with it), and a front not reporting for a day
 * whose spool was empty when it last reported (a replica removed from the cluster) is forgotten.
 * A dead front whose spool holds files stays listed, not reporting, until it comes back.
 */
export async function sweepDeadFronts(db: Db | DbClient): Promise<number> {
  const { rowCount } = await db.query(
    `delete from dicom_front_open_associations a
      where not exists (select 1 from dicom_front_status s where s.front = a.front and ${LIVE_FRONT})`,
  );
  await db.query(
    `delete from dicom_front_status s
      where not ${LIVE_FRONT} and pending = 0 and failed = 0 and heartbeat_at < now() - interval '1 day'`,
  );
  return rowCount ?? 0;
}

export interface FrontStatusRow {
  front: string;
  pending: number;
  failed: number;
  stored: number;
  heartbeat_at: Date;
  live: boolean;
}

/** Every front's last counts, and whether it is live, by port. */
export async function selectFrontStatuses(db: Db | DbClient): Promise<FrontStatusRow[]> {
  const { rows } = await db.query<FrontStatusRow>(
    `select s.front, s.pending, s.failed, s.stored, s.heartbeat_at, ${LIVE_FRONT} as live
       from dicom_front_status s order by length(s.front), s.front`,
  );
  return rows;
}
