/**
 * Every SQL statement of the study index: applying a batch (upserts keyed by Orthanc ids, counts
 * and sizes recomputed from the rows), the /changes cursor, and the skipped-change record.
 */
import type { Db, DbClient } from '../db/pool.ts';
import { touchHeartbeatMarker } from '../db/site.ts';
import type { OrthancChange } from '../orthanc/client.ts';
import { searchableName, type Batch, type StudyRecord } from './records.ts';
import { progressWorklist, type MovedEntry } from '../features/worklist/worklist.sql.ts';

type Queryable = Db | DbClient;

export async function moveCursor(client: DbClient, cursor: number): Promise<void> {
  await client.query(
    `insert into orthanc_changes_cursor (id, last_seq, applied_at) values (1, $1, now())
     on conflict (id) do update set last_seq = excluded.last_seq, updated_at = now(), applied_at = now()`,
    [cursor],
  );
}

/** The database's clock: a rebuild compares row times with it, not with this process's clock. */
export async function databaseNow(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ started: Date }>('select now() as started');
  return rows[0]!.started;
}

/** Forgets the cursor: the follower that holds the lock rebuilds when it finds none. */
export async function forgetCursor(db: Queryable): Promise<void> {
  await db.query('delete from orthanc_changes_cursor');
}

/** One follower at a time, across replicas: a session-level advisory lock on a held client. */
export async function tryAdvisoryLock(client: DbClient, key: number): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
  return rows[0]?.locked === true;
}

export async function advisoryUnlock(client: DbClient, key: number): Promise<void> {
  await client.query('select pg_advisory_unlock($1)', [key]);
}

export interface FollowerStateRow {
  last_seq: string | null;
  applied_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  now: Date;
  skipped: number;
  last_skipped_at: Date | null;
}

/** The cursor, its last error and the skipped-change count, as one row (nulls before the first rebuild). */
export async function readFollowerState(db: Queryable): Promise<FollowerStateRow> {
  const { rows } = await db.query<FollowerStateRow>(
    `select c.last_seq, c.applied_at, c.last_error, c.last_error_at, now() as now,
            (select count(*)::int from index_skipped_changes) as skipped,
            (select max(skipped_at) from index_skipped_changes) as last_skipped_at
       from (select 1) one left join orthanc_changes_cursor c on c.id = 1`,
  );
  return rows[0]!;
}

export async function recentSkippedChanges(db: Queryable, limit: number) {
  const { rows } = await db.query<{
    seq: string;
    change_type: string;
    resource_type: string;
    orthanc_id: string;
    error: string;
    skipped_at: Date;
  }>('select seq, change_type, resource_type, orthanc_id, error, skipped_at from index_skipped_changes order by id desc limit $1', [limit]);
  return rows;
}

/** Where the follower stands; null before the first rebuild. */
export async function readCursor(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ last_seq: string | number }>('select last_seq from orthanc_changes_cursor where id = 1');
  const seq = rows[0]?.last_seq;
  return seq === undefined ? null : Number(seq);
}

/** After a rebuild: deletes rows not written since `started`; returns the series whose instances went. */
export async function deleteRowsOlderThan(client: DbClient, started: Date): Promise<Set<number>> {
  const { rows } = await client.query<{ series_id: number }>('delete from instances where updated_at < $1 returning series_id', [started]);
  await client.query('delete from studies where updated_at < $1', [started]);
  return new Set(rows.map((row) => row.series_id));
}

export async function insertSkippedChange(
  client: DbClient,
  change: Pick<OrthancChange, 'Seq' | 'ChangeType' | 'ResourceType' | 'ID'>,
  message: string,
): Promise<void> {
  await client.query(`insert into index_skipped_changes (seq, change_type, resource_type, orthanc_id, error) values ($1, $2, $3, $4, $5)`, [
    change.Seq,
    change.ChangeType,
    change.ResourceType,
    change.ID,
    message,
  ]);
}

export async function noteLastError(db: Queryable, message: string): Promise<void> {
  await db.query(`update orthanc_changes_cursor set last_error = $1, last_error_at = now() where id = 1`, [message]);
}

export async function deleteSkippedBefore(db: Queryable, started: Date): Promise<void> {
  await db.query('delete from index_skipped_changes where skipped_at < $1', [started]);
}

/** Of these series, the ones indexed and not being deleted with their study in this batch. */
export async function indexedSeries(db: Queryable, seriesIds: string[], gone: string[]): Promise<string[]> {
  const { rows } = await db.query<{ orthanc_id: string }>(
    `select s.orthanc_id from series s join studies st on st.id = s.study_id
      where s.orthanc_id = any($1) and not (s.orthanc_id = any($2)) and not (st.orthanc_id = any($2))`,
    [seriesIds, gone],
  );
  return rows.map((row) => row.orthanc_id);
}

/** Orthanc ids of every indexed study not being deleted for good (reconcile compares them with Orthanc's). */
export async function indexedStudyIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ orthanc_id: string }>('select orthanc_id from studies where deleting_at is null');
  return rows.map((row) => row.orthanc_id);
}

/** Of these instances, the ones already indexed. */
export async function indexedInstances(db: Queryable, instanceIds: string[]): Promise<string[]> {
  const { rows } = await db.query<{ orthanc_id: string }>('select orthanc_id from instances where orthanc_id = any($1)', [instanceIds]);
  return rows.map((row) => row.orthanc_id);
}

/**
 * Every writer of index rows takes the studies it touches first, in id order, and their series
 * and instances after: two writers then wait for each other instead of deadlocking. Marking for
 * the bin once took an instance first and recounted its study last while writeBatch took the
 * study first, and PostgreSQL broke the deadlock by failing the delete with a 500. By row ids
 * (the recycle bin) here; by Orthanc ids for a batch below.
 */
export async function lockStudiesOf(
  client: DbClient,
  rows: { studies?: readonly number[]; series?: readonly number[]; instances?: readonly number[] },
): Promise<void> {
  await client.query(
    `select id from studies where id in (
        select unnest($1::bigint[])
        union select study_id from series where id = any($2::bigint[])
        union select s.study_id from instances i join series s on s.id = i.series_id where i.id = any($3::bigint[]))
      order by id for update`,
    [rows.studies ?? [], rows.series ?? [], rows.instances ?? []],
  );
}

/** lockStudiesOf for a batch, which deletes instances before it upserts their study: before anything else. */
async function lockStudiesOfBatch(client: DbClient, batch: Batch): Promise<void> {
  const of = (level: string) => batch.deleted.filter((each) => each.level === level).map((each) => each.orthancId);
  const studies = [...batch.studies.keys(), ...of('Study')];
  const series = [...batch.series.keys(), ...of('Series')];
  const instances = [...batch.instances.map((instance) => instance.orthancId), ...of('Instance')];
  if (studies.length + series.length + instances.length === 0) return;
  await client.query(
    `select id from studies where id in (
        select id from studies where orthanc_id = any($1::text[])
        union select study_id from series where orthanc_id = any($2::text[])
        union select s.study_id from instances i join series s on s.id = i.series_id where i.orthanc_id = any($3::text[]))
      order by id for update`,
    [studies, series, instances],
  );
}

/**
 * Applies a batch: deletions, then upserts, then counts and sizes recomputed for what was touched,
 * then the worklist entries the batch's studies start or complete (answered, for their files).
 */
export async function writeBatch(client: DbClient, batch: Batch, touchedSeries = new Set<number>()): Promise<MovedEntry[]> {
  const touchedStudies = new Set<number>();
  await lockStudiesOfBatch(client, batch);

  // Deletions first: a page may delete a resource and then receive it again (a replaced instance
  // can empty its series and study); the rows read from Orthanc afterwards are the truth.
  for (const { level, orthancId } of batch.deleted) {
    if (level === 'Study') {
      await client.query('delete from studies where orthanc_id = $1', [orthancId]);
    } else if (level === 'Series') {
      const { rows } = await client.query<{ study_id: number }>('delete from series where orthanc_id = $1 returning study_id', [orthancId]);
      for (const row of rows) touchedStudies.add(row.study_id);
    } else if (level === 'Instance') {
      const { rows } = await client.query<{ series_id: number }>('delete from instances where orthanc_id = $1 returning series_id', [
        orthancId,
      ]);
      for (const row of rows) touchedSeries.add(row.series_id);
    }
  }

  for (const study of batch.studies.values()) {
    await client.query(
      `insert into studies (orthanc_id, study_instance_uid, patient_id, patient_name, search_patient_name,
         patient_birth_date, patient_sex, patient_age, patient_comments, study_date, study_time,
         accession_number, study_description, study_id, referring_physician_name,
         performing_physician_name, institution_name, ae_title)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       on conflict (orthanc_id) do update set
         patient_id = excluded.patient_id, patient_name = excluded.patient_name,
         search_patient_name = excluded.search_patient_name, patient_birth_date = excluded.patient_birth_date,
         patient_sex = excluded.patient_sex,
         patient_age = coalesce(nullif(studies.patient_age, ''), excluded.patient_age),
         patient_comments = coalesce(nullif(studies.patient_comments, ''), excluded.patient_comments),
         study_date = excluded.study_date, study_time = excluded.study_time,
         accession_number = excluded.accession_number, study_description = excluded.study_description,
         study_id = excluded.study_id, referring_physician_name = excluded.referring_physician_name,
         performing_physician_name = coalesce(nullif(studies.performing_physician_name, ''), excluded.performing_physician_name)`,
      // institution_name and ae_title are absent above on purpose: they decide who may see the
      // study, so they stay those of its first instance, even when empty (docs/decisions.md).
      [
        study.orthancId,
        study.studyInstanceUid,
        study.patientId,
        study.patientName,
        searchableName(study.patientName),
        study.patientBirthDate,
        study.patientSex,
        study.patientAge,
        study.patientComments,
        study.studyDate,
        study.studyTime,
        study.accessionNumber,
        study.studyDescription,
        study.studyId,
        study.referringPhysicianName,
        study.performingPhysicianName,
        study.institutionName,
        study.aeTitle,
      ],
    );
  }

  if (batch.studies.size > 0) await addPatientRecords(client, [...batch.studies.values()]);

  for (const series of batch.series.values()) {
    const { rows } = await client.query<{ id: number; study_id: number }>(
      `insert into series (study_id, orthanc_id, series_instance_uid, series_number, series_description, modality,
         body_part_examined, series_date, series_time, performing_physician_name, institution_name, ae_title, ctdivol)
       select id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 from studies where orthanc_id = $1
       on conflict (orthanc_id) do update set
         series_number = excluded.series_number, series_description = excluded.series_description,
         modality = excluded.modality, body_part_examined = excluded.body_part_examined,
         series_date = excluded.series_date, series_time = excluded.series_time,
         performing_physician_name = excluded.performing_physician_name,
         institution_name = excluded.institution_name, ctdivol = excluded.ctdivol
       returning id, study_id`,
      [
        series.studyOrthancId,
        series.orthancId,
        series.seriesInstanceUid,
        series.seriesNumber,
        series.seriesDescription,
        series.modality,
        series.bodyPartExamined,
        series.seriesDate,
        series.seriesTime,
        series.performingPhysicianName,
        series.institutionName,
        series.aeTitle,
        series.ctdivol,
      ],
    );
    for (const row of rows) {
      touchedSeries.add(row.id);
      touchedStudies.add(row.study_id);
    }
  }

  if (batch.instances.length > 0) {
    const { rows } = await client.query<{ series_id: number; inserted: boolean }>(
      `insert into instances (series_id, orthanc_id, sop_instance_uid, instance_number, number_of_frames, file_size, file_uuid)
       select s.id, i.orthanc_id, i.sop_instance_uid, i.instance_number, i.number_of_frames, i.file_size, i.file_uuid
         from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::bigint[], $7::uuid[])
              as i(orthanc_id, series_orthanc_id, sop_instance_uid, instance_number, number_of_frames, file_size, file_uuid)
         join series s on s.orthanc_id = i.series_orthanc_id
       on conflict (orthanc_id) do update set
         instance_number = excluded.instance_number, number_of_frames = excluded.number_of_frames,
         file_size = excluded.file_size, file_uuid = excluded.file_uuid, updated_at = now()
       returning series_id, (xmax = 0) as inserted`,
      [
        batch.instances.map((i) => i.orthancId),
        batch.instances.map((i) => i.seriesOrthancId),
        batch.instances.map((i) => i.sopInstanceUid),
        batch.instances.map((i) => i.instanceNumber),
        batch.instances.map((i) => i.numberOfFrames),
        batch.instances.map((i) => i.fileSize),
        batch.instances.map((i) => i.fileUuid),
      ],
    );
    for (const row of rows) touchedSeries.add(row.series_id);
    const landed = [...new Set(rows.filter((row) => row.inserted).map((row) => row.series_id))];
    if (landed.length > 0) await restoreOnArrival(client, landed);
  }

  await recount(client, touchedSeries, touchedStudies);
  if (touchedSeries.size > 0 || touchedStudies.size > 0 || batch.deleted.length > 0) {
    await touchHeartbeatMarker(client, 'study');
  }

  const arrived = [...batch.studies.values()].map((study) => ({ uid: study.studyInstanceUid, accession: study.accessionNumber }));
  const moved = await progressWorklist(client, arrived, batch.stableStudies);
  if (moved.length > 0) await touchHeartbeatMarker(client, 'mwm');
  return moved;
}

/**
 * After the patient import (configs `mwm.is_patient_imported`), a PatientID arriving in the archive
 * adds a patient record from its study's demographics, once; an existing record is never changed
 * (an administrator may have corrected it). One statement per batch. It locks the configs row
 * `for key share` whatever the flag says, and the import holds that row `for update`
 * (features/patients/patients.sql.ts lockImportFlag): a batch that comes during an import waits and
 * then reads the flag set; an import that comes after this statement waits until the batch commits,
 * so it reads the batch's studies. Values a record's checks would refuse (a malformed file's sex
 * or date, an over-long ID) are dropped, never raised: a patient record must not stop the index.
 */
async function addPatientRecords(client: DbClient, studies: StudyRecord[]): Promise<void> {
  await client.query(
    `with flag as (select c.value #>> '{mwm,is_patient_imported}' = 'true' as imported from configs c where c.key = 'app' for key share)
     insert into patients (patient_id, patient_name, search_patient_name, patient_sex, patient_birth_date)
     select distinct on (p.patient_id) p.patient_id, left(p.patient_name, 194), left(p.search_name, 194),
            case when p.patient_sex in ('M', 'F', 'O') then p.patient_sex else '' end,
            case when p.birth_date ~ '^[0-9]{8}$' then p.birth_date else '' end
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as p(patient_id, patient_name, search_name, patient_sex, birth_date)
      where coalesce((select imported from flag), false) and p.patient_id <> '' and length(p.patient_id) <= 64
     on conflict (patient_id) do nothing`,
    [
      studies.map((study) => study.patientId),
      studies.map((study) => study.patientName),
      studies.map((study) => searchableName(study.patientName)),
      studies.map((study) => study.patientSex),
      studies.map((study) => study.patientBirthDate),
    ],
  );
}

/**
 * New instances that land in a study or series in the recycle bin bring it back (a modality sends
 * again what was deleted by mistake, or a late series arrives: docs/decisions.md), with a line in
 * the study's note saying so. A study being deleted for good is not brought back.
 */
async function restoreOnArrival(client: DbClient, seriesIds: number[]): Promise<void> {
  await client.query(
    `update series set trashed_at = null, trashed_by = null where id = any($1) and trashed_at is not null and deleting_at is null`,
    [seriesIds],
  );
  const { rowCount } = await client.query(
    `update studies st set trashed_at = null, trashed_by = null,
       note = left(concat_ws(E'\n', nullif(st.note, ''), 'Restored from the recycle bin: new images arrived ' || to_char(now(), 'YYYY-MM-DD HH24:MI')), 4000)
      where st.id in (select study_id from series where id = any($1)) and st.trashed_at is not null and st.deleting_at is null`,
    [seriesIds],
  );
  if ((rowCount ?? 0) > 0) await touchHeartbeatMarker(client, 'trashbox');
}

/**
 * Counts, sizes, modalities and body parts of touched series and studies, recomputed from their
 * rows without what is in the recycle bin; rows left with no instance at all are removed (a series
 * or study whose every instance is in the bin stays, for the bin to restore).
 */
export async function recount(client: DbClient, touchedSeries: Set<number>, touchedStudies: Set<number>): Promise<void> {
  if (touchedSeries.size > 0) {
    const ids = [...touchedSeries];
    const { rows } = await client.query<{ study_id: number }>(
      `update series s set number_of_instances = c.n, file_size = c.size, updated_at = now()
         from (select x.id, count(i.id)::int as n, coalesce(sum(i.file_size), 0) as size
                 from unnest($1::bigint[]) as x(id) left join instances i on i.series_id = x.id and i.trashed_at is null group by x.id) c
        where s.id = c.id
       returning s.study_id`,
      [ids],
    );
    for (const row of rows) touchedStudies.add(row.study_id);
    const { rows: emptied } = await client.query<{ study_id: number }>(
      'delete from series s where s.id = any($1) and not exists (select 1 from instances i where i.series_id = s.id) returning s.study_id',
      [ids],
    );
    for (const row of emptied) touchedStudies.add(row.study_id);
  }

  if (touchedStudies.size > 0) {
    const ids = [...touchedStudies];
    await client.query(
      `update studies st set
         number_of_series = a.ns, number_of_instances = a.ni, file_size = a.fs,
         modalities_in_study = a.modalities, body_parts_in_study = a.body_parts, ctdivols = a.ctdivols,
         updated_at = now()
         from (select x.id, count(s.id)::int as ns, coalesce(sum(s.number_of_instances), 0)::int as ni,
                      coalesce(sum(s.file_size), 0) as fs,
                      coalesce(array_agg(distinct s.modality order by s.modality) filter (where s.modality <> ''), '{}') as modalities,
                      coalesce(array_agg(distinct s.body_part_examined order by s.body_part_examined) filter (where s.body_part_examined <> ''), '{}') as body_parts,
                      coalesce(array_agg(s.ctdivol order by s.series_number) filter (where s.ctdivol is not null), '{}') as ctdivols
                 from unnest($1::bigint[]) as x(id)
                 left join series s on s.study_id = x.id and s.trashed_at is null and s.number_of_instances > 0 group by x.id) a
        where st.id = a.id`,
      [ids],
    );
    await client.query('delete from studies st where st.id = any($1) and not exists (select 1 from series s where s.study_id = st.id)', [
      ids,
    ]);
  }
}
