/** Every SQL statement of exports: the files to put in the archive, and the export rows. */
import type { Db, DbClient } from '../../db/pool.ts';

export interface ExportInstanceRow {
  orthanc_id: string;
  series_instance_uid: string;
  file_size: string;
}

/**
 * The study's instances, narrowed to some series and/or some instances (both null: every
 * series), in series and instance order, with their series and stored size (bigint, as text).
 */
export async function selectInstances(
  db: Db,
  studyId: number,
  seriesUids: readonly string[] | null,
  sopUids: readonly string[] | null = null,
): Promise<ExportInstanceRow[]> {
  const { rows } = await db.query<ExportInstanceRow>(
    `select i.orthanc_id, s.series_instance_uid, i.file_size::text as file_size
       from instances i join series s on s.id = i.series_id
      where s.study_id = $1 and s.trashed_at is null and i.trashed_at is null
        and (($2::text[] is null and $3::text[] is null) or s.series_instance_uid = any($2) or i.sop_instance_uid = any($3))
      order by s.series_number nulls last, s.id, i.instance_number nulls last, i.id`,
    [studyId, seriesUids, sopUids],
  );
  return rows;
}

/** The study's PatientID as indexed (anonymized exports number patients by it). */
export async function selectPatientId(db: Db, studyId: number): Promise<string> {
  const { rows } = await db.query<{ patient_id: string }>('select patient_id from studies where id = $1', [studyId]);
  return rows[0]?.patient_id ?? '';
}

export interface NewExport {
  accountId: string;
  studyInstanceUids: readonly string[];
  seriesInstanceUids: readonly string[];
  sopInstanceUids: readonly string[];
  instancesTotal: number;
  anonymization: readonly string[];
}

export async function insertExport(db: Db | DbClient, row: NewExport): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into export_jobs (account_id, study_instance_uids, series_instance_uids, sop_instance_uids, instances_total, anonymization)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [row.accountId, row.studyInstanceUids, row.seriesInstanceUids, row.sopInstanceUids, row.instancesTotal, row.anonymization],
  );
  return rows[0]!.id;
}

export type ExportState = 'completed' | 'failed' | 'cancelled';

export async function finishExport(db: Db, id: number, state: ExportState): Promise<void> {
  await db.query('update export_jobs set state = $2, finished_at = now() where id = $1', [id, state]);
}
