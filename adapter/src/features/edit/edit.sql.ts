/**
 * Every SQL statement of tag editing: the current values an edit starts from, the other studies
 * of a patient the caller sees, moving index rows to the Orthanc ids a new PatientID gives, the
 * edited columns the indexer keeps once set, and the edit history.
 */
import type { EditChange, EditLevel, StudyEditRecord } from '@pacs/common';
import type { Db, DbClient } from '../../db/pool.ts';
import { visibleStudies } from '../../access/visibility.ts';
import type { Auth } from '../../access/auth.ts';

type Queryable = Db | DbClient;

export interface StudyRow {
  id: number;
  orthanc_id: string;
  study_instance_uid: string;
  patient_name: string;
  patient_id: string;
  patient_birth_date: string;
  patient_sex: string;
  patient_comments: string;
  patient_age: string;
  study_date: string;
  study_time: string;
  study_description: string;
  accession_number: string;
  study_id: string;
}

const STUDY_COLUMNS = `st.id, st.orthanc_id, st.study_instance_uid, st.patient_name, st.patient_id, st.patient_birth_date,
  st.patient_sex, st.patient_comments, st.patient_age, st.study_date, st.study_time, st.study_description,
  st.accession_number, st.study_id`;

export async function selectStudy(db: Queryable, id: number): Promise<StudyRow | undefined> {
  const { rows } = await db.query<StudyRow>(`select ${STUDY_COLUMNS} from studies st where st.id = $1`, [id]);
  return rows[0];
}

/** The studies of this PatientID the caller sees, at most `limit` (the caller asks for one more than it takes). */
export async function selectVisiblePatientStudies(db: Db, auth: Auth, patientId: string, limit: number): Promise<StudyRow[]> {
  const visible = visibleStudies(auth, 3);
  const { rows } = await db.query<StudyRow>(
    `select ${STUDY_COLUMNS} from studies st where st.patient_id = $1 and (${visible.sql}) order by st.id limit $2`,
    [patientId, limit, ...visible.params],
  );
  return rows;
}

/** Whether the index holds this study UID under this PatientID already (another study, a twin). */
export async function twinExists(db: Db, studyInstanceUid: string, patientId: string, exceptId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from studies where study_instance_uid = $1 and patient_id = $2 and id <> $3 limit 1', [
    studyInstanceUid,
    patientId,
    exceptId,
  ]);
  return rows.length > 0;
}

export interface SeriesRow {
  id: number;
  orthanc_id: string;
  series_instance_uid: string;
  series_description: string;
  series_number: number | null;
  body_part_examined: string;
}

export async function selectSeries(db: Db, studyId: number, seriesInstanceUid: string): Promise<SeriesRow | undefined> {
  const { rows } = await db.query<SeriesRow>(
    `select id, orthanc_id, series_instance_uid, series_description, series_number, body_part_examined
       from series where study_id = $1 and series_instance_uid = $2 limit 1`,
    [studyId, seriesInstanceUid],
  );
  return rows[0];
}

export interface InstanceRow {
  orthanc_id: string;
  sop_instance_uid: string;
  instance_number: number | null;
}

export async function selectInstance(db: Db, seriesId: number, sopInstanceUid: string): Promise<InstanceRow | undefined> {
  const { rows } = await db.query<InstanceRow>(
    'select orthanc_id, sop_instance_uid, instance_number from instances where series_id = $1 and sop_instance_uid = $2 limit 1',
    [seriesId, sopInstanceUid],
  );
  return rows[0];
}

/**
 * A new PatientID gave the study new Orthanc ids: the index rows keep their ids (notes, favourites,
 * reports, shares and key images hang off them) and take the new Orthanc ids, so the indexer's
 * upserts land on them. A row the /changes follower may already have made for the new Orthanc
 * study (seconds old) is dropped first.
 */
export async function moveToOrthancIds(
  client: DbClient,
  studyId: number,
  orthancStudyId: string,
  series: readonly { uid: string; orthancId: string }[],
  instances: readonly { uid: string; orthancId: string }[],
): Promise<void> {
  await client.query('delete from studies where orthanc_id = $1 and id <> $2', [orthancStudyId, studyId]);
  await client.query('update studies set orthanc_id = $2 where id = $1', [studyId, orthancStudyId]);
  await client.query(
    `update series s set orthanc_id = n.orthanc_id from unnest($2::text[], $3::text[]) as n(uid, orthanc_id)
      where s.study_id = $1 and s.series_instance_uid = n.uid`,
    [studyId, series.map((s) => s.uid), series.map((s) => s.orthancId)],
  );
  await client.query(
    `update instances i set orthanc_id = n.orthanc_id from series s, unnest($2::text[], $3::text[]) as n(uid, orthanc_id)
      where i.series_id = s.id and s.study_id = $1 and i.sop_instance_uid = n.uid`,
    [studyId, instances.map((i) => i.uid), instances.map((i) => i.orthancId)],
  );
}

/**
 * The indexer keeps a study's PatientAge and PatientComments once set (they are read from one
 * sample instance, which may lack them); an edit sets them for good.
 */
export async function setKeptColumns(
  client: DbClient,
  studyId: number,
  values: { patientAge?: string; patientComments?: string },
): Promise<void> {
  if (values.patientAge === undefined && values.patientComments === undefined) return;
  await client.query(
    `update studies set patient_age = coalesce($2, patient_age), patient_comments = coalesce($3, patient_comments), updated_at = now()
      where id = $1`,
    [studyId, values.patientAge ?? null, values.patientComments ?? null],
  );
}

export interface NewEdit {
  accountId: string;
  level: EditLevel;
  studyId: number;
  studyInstanceUid: string;
  seriesInstanceUid?: string;
  sopInstanceUid?: string;
  changes: readonly EditChange[];
}

export async function insertEdit(client: Queryable, edit: NewEdit): Promise<void> {
  await client.query(
    `insert into study_edits (account_id, level, study_id, study_instance_uid, series_instance_uid, sop_instance_uid, changes)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      edit.accountId,
      edit.level,
      edit.studyId,
      edit.studyInstanceUid,
      edit.seriesInstanceUid ?? null,
      edit.sopInstanceUid ?? null,
      JSON.stringify(edit.changes),
    ],
  );
}

/** A study's edits, newest first (at most `limit`). */
export async function selectEdits(db: Db, studyId: number, limit: number): Promise<StudyEditRecord[]> {
  const { rows } = await db.query<{
    id: number;
    account_id: string | null;
    level: EditLevel;
    study_instance_uid: string;
    series_instance_uid: string | null;
    sop_instance_uid: string | null;
    changes: EditChange[];
    created_at: Date;
  }>(
    `select id, account_id, level, study_instance_uid, series_instance_uid, sop_instance_uid, changes, created_at
       from study_edits where study_id = $1 order by id desc limit $2`,
    [studyId, limit],
  );
  return rows.map((row) => ({
    Id: row.id,
    Account: row.account_id,
    Level: row.level,
    StudyInstanceUID: row.study_instance_uid,
    SeriesInstanceUID: row.series_instance_uid,
    SOPInstanceUID: row.sop_instance_uid,
    Changes: row.changes,
    CreatedAt: row.created_at.toISOString(),
  }));
}

/**
 * One edit of a study at a time, across replicas: a session-level advisory lock held on its own
 * connection for the length of Orthanc's job. False when another edit holds it.
 */
export async function tryStudyLock(client: DbClient, studyId: number): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
    EDIT_LOCK_CLASS,
    studyId % 2_147_483_647,
  ]);
  return rows[0]?.locked === true;
}

export async function releaseStudyLock(client: DbClient, studyId: number): Promise<void> {
  await client.query('select pg_advisory_unlock($1, $2)', [EDIT_LOCK_CLASS, studyId % 2_147_483_647]);
}

const EDIT_LOCK_CLASS = 724_110_016;
