/** Every SQL statement of forwarding: the instances to send, and the forward jobs. */
import type { ForwardRefusal, ForwardState } from '@pacs/common';
import type { Db, DbClient } from '../../db/pool.ts';

/**
 * Orthanc ids of the study's instances, narrowed to some series and/or some instances (null: no
 * narrowing), in series and instance order.
 */
export async function selectInstanceIds(
  db: Db,
  studyId: number,
  seriesUids: readonly string[] | null,
  sopUids: readonly string[] | null,
): Promise<string[]> {
  const { rows } = await db.query<{ orthanc_id: string }>(
    `select i.orthanc_id from instances i join series s on s.id = i.series_id
      where s.study_id = $1 and s.trashed_at is null and i.trashed_at is null
        and ($2::text[] is null or s.series_instance_uid = any($2))
        and ($3::text[] is null or i.sop_instance_uid = any($3))
      order by s.series_number nulls last, s.id, i.instance_number nulls last, i.id`,
    [studyId, seriesUids, sopUids],
  );
  return rows.map((row) => row.orthanc_id);
}

export async function selectPatientName(db: Db, studyId: number): Promise<string> {
  const { rows } = await db.query<{ patient_name: string }>('select patient_name from studies where id = $1', [studyId]);
  return rows[0]?.patient_name ?? '';
}

export interface ForwardJobRow {
  id: number;
  account_id: string | null;
  destination: number | null;
  destination_name: string;
  called_ae_title: string;
  ip_address: string;
  port: number;
  study_instance_uid: string;
  patient_name: string;
  scope: 'study' | 'series' | 'instances';
  instances_total: number;
  state: ForwardState;
  progress: number;
  instances_failed: number;
  error: string;
  created_at: Date;
  finished_at: Date | null;
  /** The Orthanc ids in the order sent; null in lists, and for forwards made before refusals were named. */
  instance_ids: string[] | null;
  next_instance: number;
  refused: ForwardRefusal[];
  refused_in_row: number;
  instances_not_sent: number;
}

export interface NewForwardJob {
  accountId: string;
  destination: { no: number; name: string; calledAeTitle: string; ipAddress: string; port: number };
  studyInstanceUid: string;
  patientName: string;
  scope: ForwardJobRow['scope'];
  /** The Orthanc ids in the order they are sent. */
  instanceIds: readonly string[];
  /** The replica that sends it (its heartbeat starts now). */
  runner: string;
}

export async function insertJob(db: Db | DbClient, job: NewForwardJob): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into forward_jobs (account_id, destination, destination_name, called_ae_title, ip_address, port, study_instance_uid,
                               patient_name, scope, instances_total, instance_ids, runner, heartbeat_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now()) returning id`,
    [
      job.accountId,
      job.destination.no,
      job.destination.name,
      job.destination.calledAeTitle,
      job.destination.ipAddress,
      job.destination.port,
      job.studyInstanceUid,
      job.patientName,
      job.scope,
      job.instanceIds.length,
      job.instanceIds,
      job.runner,
    ],
  );
  return rows[0]!.id;
}

/** Every column but the instance ids, which only the sender reads (the list is polled every second). */
const LISTED = `id, account_id, destination, destination_name, called_ae_title, ip_address, port, study_instance_uid, patient_name,
  scope, instances_total, state, progress, instances_failed, error, created_at, finished_at,
  null::text[] as instance_ids, next_instance, refused, refused_in_row, instances_not_sent`;

/** The caller's forwards of the last `hours` (everyone's when `accountId` is null), newest first. */
export async function selectJobs(db: Db, accountId: string | null, hours: number): Promise<ForwardJobRow[]> {
  const { rows } = await db.query<ForwardJobRow>(
    `select ${LISTED} from forward_jobs where ($1::text is null or account_id = $1) and created_at > now() - make_interval(hours => $2)
      order by id desc limit 500`,
    [accountId, hours],
  );
  return rows;
}

export async function selectJob(db: Db, id: number): Promise<ForwardJobRow | undefined> {
  const { rows } = await db.query<ForwardJobRow>(`select ${LISTED} from forward_jobs where id = $1`, [id]);
  return rows[0];
}

/** An unfinished forward this replica sends, with its instance ids; undefined once cancelled or taken over. */
export async function selectOwnedJob(db: Db, id: number, runner: string): Promise<ForwardJobRow | undefined> {
  const { rows } = await db.query<ForwardJobRow>('select * from forward_jobs where id = $1 and runner = $2 and finished_at is null', [
    id,
    runner,
  ]);
  return rows[0];
}

/**
 * Takes over unfinished forwards whose heartbeat stopped (their replica died) or never started
 * (made before migration 034): one statement, so of several replicas sweeping only one gets each.
 */
export async function takeOverStale(db: Db, runner: string, staleSeconds: number, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `update forward_jobs set runner = $1, heartbeat_at = now()
      where id in (select id from forward_jobs
                    where finished_at is null and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $2))
                    order by id limit $3 for update skip locked)
      returning id`,
    [runner, staleSeconds, limit],
  );
  return rows.map((row) => Number(row.id));
}

/** Locks a forward for its cancel. */
export async function lockJob(client: DbClient, id: number): Promise<ForwardJobRow | undefined> {
  const { rows } = await client.query<ForwardJobRow>('select * from forward_jobs where id = $1 for update', [id]);
  return rows[0];
}

/** The UID and numbers of an instance by its Orthanc id, as a refusal names it. */
export async function selectInstancePlace(
  db: Db | DbClient,
  orthancId: string,
): Promise<{ sop_instance_uid: string; series_number: number | null; instance_number: number | null } | undefined> {
  const { rows } = await db.query<{ sop_instance_uid: string; series_number: number | null; instance_number: number | null }>(
    `select i.sop_instance_uid, s.series_number, i.instance_number from instances i join series s on s.id = i.series_id
      where i.orthanc_id = $1 limit 1`,
    [orthancId],
  );
  return rows[0];
}

export interface JobProgress {
  state: ForwardState;
  progress: number;
  instancesFailed: number;
  error: string;
  finished: boolean;
}

/** Where a forward stands: the next instance to send and what was found so far. */
export interface JobPlace {
  nextInstance: number;
  refused: readonly ForwardRefusal[];
  refusedInRow: number;
  instancesNotSent: number;
}

/**
 * Writes a forward's progress and place, and its heartbeat, while it is unfinished; with `runner`,
 * only while that replica still sends it. False when nothing was written (cancelled, taken over).
 */
export async function updateJob(
  db: Db | DbClient,
  id: number,
  progress: JobProgress,
  place: JobPlace,
  runner: string | null = null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update forward_jobs set state = $2, progress = $3, instances_failed = $4, error = $5,
            finished_at = case when $6 then now() else null end, next_instance = $7, refused = $8::jsonb,
            refused_in_row = $9, instances_not_sent = $10, heartbeat_at = now()
      where id = $1 and finished_at is null and ($11::text is null or runner = $11)`,
    [
      id,
      progress.state,
      progress.progress,
      progress.instancesFailed,
      progress.error,
      progress.finished,
      place.nextInstance,
      JSON.stringify(place.refused),
      place.refusedInRow,
      place.instancesNotSent,
      runner,
    ],
  );
  return (rowCount ?? 0) > 0;
}

/** The heartbeat of forwards this replica holds but has not started (waiting for a free sender); the ids still held. */
export async function beat(db: Db, ids: readonly number[], runner: string): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>(
    'update forward_jobs set heartbeat_at = now() where id = any($1) and runner = $2 and finished_at is null returning id',
    [ids, runner],
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * After a cancel stopped this replica's sending: the counts the cancel wrote from the last
 * heartbeat, corrected to what was answered until the sending stopped.
 */
export async function correctCancelled(db: Db, id: number, runner: string, failed: number, place: JobPlace): Promise<void> {
  await db.query(
    `update forward_jobs set next_instance = $3, refused = $4::jsonb, refused_in_row = $5, instances_not_sent = $6, instances_failed = $7,
            progress = floor(100.0 * $3 / greatest(instances_total, 1))
      where id = $1 and runner = $2 and finished_at is not null and error = 'Cancelled.' and next_instance <= $3`,
    [id, runner, place.nextInstance, JSON.stringify(place.refused), place.refusedInRow, place.instancesNotSent, failed],
  );
}
