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
  orthanc_job: string;
  instances_total: number;
  state: ForwardState;
  progress: number;
  instances_failed: number;
  error: string;
  created_at: Date;
  finished_at: Date | null;
  /** The Orthanc ids in the order sent; null for forwards made before refusals were named. */
  instance_ids: string[] | null;
  batch_start: number;
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
  orthancJob: string;
  /** The Orthanc ids in the order the job sends them. */
  instanceIds: readonly string[];
}

export async function insertJob(db: Db | DbClient, job: NewForwardJob): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into forward_jobs (account_id, destination, destination_name, called_ae_title, ip_address, port, study_instance_uid,
                               patient_name, scope, orthanc_job, instances_total, instance_ids)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
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
      job.orthancJob,
      job.instanceIds.length,
      job.instanceIds,
    ],
  );
  return rows[0]!.id;
}

/** Every column but the instance ids, which only a step reads (the list is polled every second). */
const LISTED = `id, account_id, destination, destination_name, called_ae_title, ip_address, port, study_instance_uid, patient_name,
  scope, orthanc_job, instances_total, state, progress, instances_failed, error, created_at, finished_at,
  null::text[] as instance_ids, batch_start, refused, refused_in_row, instances_not_sent`;

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

export async function selectOpenJobs(db: Db): Promise<ForwardJobRow[]> {
  const { rows } = await db.query<ForwardJobRow>(`select ${LISTED} from forward_jobs where finished_at is null order by id limit 1000`);
  return rows;
}

/**
 * Locks an unfinished forward for one step (start of the next Orthanc job, or single-instance
 * resends); undefined when it has finished or another replica is stepping it now.
 */
export async function lockOpenJob(client: DbClient, id: number): Promise<ForwardJobRow | undefined> {
  const { rows } = await client.query<ForwardJobRow>(
    'select * from forward_jobs where id = $1 and finished_at is null for update skip locked',
    [id],
  );
  return rows[0];
}

/** Locks a forward for its cancel, waiting for a step under way. */
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

/** Where a resumable forward stands: the Orthanc job now running and what was found so far. */
export interface JobPlace {
  orthancJob: string;
  batchStart: number;
  refused: readonly ForwardRefusal[];
  refusedInRow: number;
  instancesNotSent: number;
}

export async function updateJob(db: Db | DbClient, id: number, progress: JobProgress, place?: JobPlace): Promise<void> {
  await db.query(
    `update forward_jobs set state = $2, progress = $3, instances_failed = $4, error = $5,
            finished_at = case when $6 then coalesce(finished_at, now()) else null end,
            orthanc_job = coalesce($7, orthanc_job), batch_start = coalesce($8, batch_start),
            refused = coalesce($9::jsonb, refused), refused_in_row = coalesce($10, refused_in_row),
            instances_not_sent = coalesce($11, instances_not_sent)
      where id = $1`,
    [
      id,
      progress.state,
      progress.progress,
      progress.instancesFailed,
      progress.error,
      progress.finished,
      place?.orthancJob ?? null,
      place?.batchStart ?? null,
      place ? JSON.stringify(place.refused) : null,
      place?.refusedInRow ?? null,
      place?.instancesNotSent ?? null,
    ],
  );
}
