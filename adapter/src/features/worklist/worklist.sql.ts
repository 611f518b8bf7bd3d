/**
 * Every SQL statement of the worklist: entries by UID, the search, the scheduled entries the
 * worklist folder must hold, and the status moves the study index's follower makes.
 */
import type { WorklistEntryInput, WorklistOrderKey, WorklistSearch, WorklistStatus, WorklistTextFilter } from '@pacs/common';
import type { Db, DbClient } from '../../db/pool.ts';
import { likePattern, orderBySql, whereBuilder, type WhereBuilder } from '../studies/studies.sql.ts';
import { searchableName } from '../../study-index/records.ts';

type Queryable = Db | DbClient;

export interface WorklistRow {
  id: string;
  study_instance_uid: string;
  status: WorklistStatus;
  patient_id: string;
  patient_name: string;
  patient_birth_date: string;
  patient_sex: string;
  patient_age: string;
  accession_number: string;
  requested_procedure_id: string;
  requested_procedure_description: string;
  referring_physician_name: string;
  modality: string;
  scheduled_station_ae_title: string;
  scheduled_date: string;
  scheduled_time: string;
  scheduled_performing_physician_name: string;
  scheduled_step_description: string;
  scheduled_step_id: string;
  performed_study_instance_uid: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

const COLUMNS = `w.id, w.study_instance_uid, w.status, w.patient_id, w.patient_name, w.patient_birth_date, w.patient_sex,
  w.patient_age, w.accession_number, w.requested_procedure_id, w.requested_procedure_description,
  w.referring_physician_name, w.modality, w.scheduled_station_ae_title, w.scheduled_date, w.scheduled_time,
  w.scheduled_performing_physician_name, w.scheduled_step_description, w.scheduled_step_id,
  w.performed_study_instance_uid, w.created_by, w.created_at, w.updated_at, w.started_at, w.completed_at`;

/** The entry's columns in insert order, from normalized input. */
function values(entry: WorklistEntryInput): unknown[] {
  const step = entry.ScheduledProcedureStep;
  return [
    entry.PatientID,
    entry.PatientName,
    searchableName(entry.PatientName),
    entry.PatientBirthDate,
    entry.PatientSex,
    entry.PatientAge,
    entry.AccessionNumber,
    entry.RequestedProcedureID,
    entry.RequestedProcedureDescription,
    entry.ReferringPhysicianName,
    step.Modality,
    step.ScheduledStationAETitle,
    step.ScheduledProcedureStepStartDate,
    step.ScheduledProcedureStepStartTime,
    step.ScheduledPerformingPhysicianName,
    step.ScheduledProcedureStepDescription,
    step.ScheduledProcedureStepID,
  ];
}

export async function insertEntry(client: Queryable, uid: string, entry: WorklistEntryInput, createdBy: string): Promise<WorklistRow> {
  const { rows } = await client.query<WorklistRow>(
    `insert into worklist_entries as w (patient_id, patient_name, search_patient_name, patient_birth_date, patient_sex,
       patient_age, accession_number, requested_procedure_id, requested_procedure_description, referring_physician_name,
       modality, scheduled_station_ae_title, scheduled_date, scheduled_time, scheduled_performing_physician_name,
       scheduled_step_description, scheduled_step_id, study_instance_uid, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
     returning ${COLUMNS}`,
    [...values(entry), uid, createdBy],
  );
  return rows[0]!;
}

/** Rewrites an entry that is not deleted; null when there is none by that UID. */
export async function updateEntry(
  client: Queryable,
  uid: string,
  entry: WorklistEntryInput,
  status: WorklistStatus | undefined,
): Promise<WorklistRow | null> {
  const { rows } = await client.query<WorklistRow>(
    `update worklist_entries w set patient_id = $1, patient_name = $2, search_patient_name = $3, patient_birth_date = $4,
       patient_sex = $5, patient_age = $6, accession_number = $7, requested_procedure_id = $8,
       requested_procedure_description = $9, referring_physician_name = $10, modality = $11,
       scheduled_station_ae_title = $12, scheduled_date = $13, scheduled_time = $14,
       scheduled_performing_physician_name = $15, scheduled_step_description = $16, scheduled_step_id = $17,
       status = coalesce($19, w.status), updated_at = now()
     where w.study_instance_uid = $18 and w.status <> 'deleted'
     returning ${COLUMNS}`,
    [...values(entry), uid, status ?? null],
  );
  return rows[0] ?? null;
}

/** Marks an entry deleted (kept for the record, out of every list); null when there is none. */
export async function markDeleted(client: Queryable, uid: string): Promise<WorklistRow | null> {
  const { rows } = await client.query<WorklistRow>(
    `update worklist_entries w set status = 'deleted', deleted_at = now(), updated_at = now()
      where w.study_instance_uid = $1 and w.status <> 'deleted' returning ${COLUMNS}`,
    [uid],
  );
  return rows[0] ?? null;
}

export async function selectEntry(db: Queryable, uid: string): Promise<WorklistRow | null> {
  const { rows } = await db.query<WorklistRow>(`select ${COLUMNS} from worklist_entries w where w.study_instance_uid = $1`, [uid]);
  return rows[0] ?? null;
}

/** Whether another entry not deleted holds this accession number. */
export async function accessionTaken(db: Queryable, accession: string, exceptUid: string | null): Promise<boolean> {
  if (accession === '') return false;
  const { rows } = await db.query(
    `select 1 from worklist_entries where accession_number = $1 and status <> 'deleted' and study_instance_uid is distinct from $2`,
    [accession, exceptUid],
  );
  return rows.length > 0;
}

/** Entries a modality's C-FIND must find: the worklist folder holds exactly their files. */
export async function selectScheduled(db: Queryable): Promise<WorklistRow[]> {
  const { rows } = await db.query<WorklistRow>(`select ${COLUMNS} from worklist_entries w where w.status in ('none', 'in_progress')`);
  return rows;
}

const TEXT_COLUMNS: Record<WorklistTextFilter, string> = {
  patientid: 'upper(w.patient_id)',
  patientname: 'w.search_patient_name',
  accessionnumber: 'upper(w.accession_number)',
  studydescription: 'upper(w.requested_procedure_description)',
  requestedprocedureid: 'upper(w.requested_procedure_id)',
  // Names are searched as the study index searches them: PN separators flattened (searchableTerm).
  referringphysicianname: `upper(regexp_replace(w.referring_physician_name, '[\\^=]+', ' ', 'g'))`,
  performingphysicianname: `upper(regexp_replace(w.scheduled_performing_physician_name, '[\\^=]+', ' ', 'g'))`,
  aetitle: 'upper(w.scheduled_station_ae_title)',
  patientsex: 'upper(w.patient_sex)',
};

export const WORKLIST_ORDER: Record<WorklistOrderKey, string[]> = {
  updatedat: ['w.updated_at'],
  createdat: ['w.created_at'],
  studydatetime: ['w.scheduled_date', 'w.scheduled_time'],
  studydate: ['w.scheduled_date'],
  studytime: ['w.scheduled_time'],
  status: ['w.status'],
  modality: ['w.modality'],
  patientid: ['w.patient_id'],
  patientname: ['w.search_patient_name'],
  patientbirthdate: ['w.patient_birth_date'],
  patientsex: ['w.patient_sex'],
  patientage: ['w.patient_age'],
  accessionnumber: ['w.accession_number'],
  studydescription: ['w.requested_procedure_description'],
  referringphysicianname: ['w.referring_physician_name'],
  performingphysicianname: ['w.scheduled_performing_physician_name'],
  aetitle: ['w.scheduled_station_ae_title'],
};

function addFilters(search: WorklistSearch, where: WhereBuilder, timeZone: string): void {
  if (search.uid !== null) where.clauses.push(`w.study_instance_uid = ${where.param(search.uid)}`);
  for (const { key, term } of search.text) {
    const column = TEXT_COLUMNS[key];
    // No wildcard: a perfect match. With wildcards: partial, forward or backward (study-search.ts).
    if (term.includes('%')) where.clauses.push(`${column} like ${where.param(likePattern(term))}`);
    else where.clauses.push(`${column} = ${where.param(term)}`);
  }
  if (search.modalities.length > 0) where.clauses.push(`w.modality = any(${where.param(search.modalities)}::text[])`);
  // Deleted entries are kept for the record; only a search that names the status finds them.
  if (search.statuses.length > 0) where.clauses.push(`w.status = any(${where.param(search.statuses)}::text[])`);
  else where.clauses.push(`w.status <> 'deleted'`);
  for (const { key, from, to } of search.dates) {
    const column = key === 'studydate' ? 'w.scheduled_date' : 'w.patient_birth_date';
    if (from) where.clauses.push(`${column} >= ${where.param(from)}`);
    if (to) where.clauses.push(`${column} <= ${where.param(to)}`);
  }
  if (search.period) {
    const today = `(now() at time zone ${where.param(timeZone)}::text)::date`;
    const day = (offset: number) => `to_char(${today} - ${offset}, 'YYYYMMDD')`;
    if (search.period === 'today') where.clauses.push(`w.scheduled_date = ${day(0)}`);
    else if (search.period === 'yesterday') where.clauses.push(`w.scheduled_date = ${day(1)}`);
    else where.clauses.push(`w.scheduled_date between ${day(6)} and ${day(0)}`);
  }
}

/** One page of entries and the number of matches. */
export async function searchEntries(
  db: Queryable,
  search: WorklistSearch,
  page: { limit: number; offset: number; timeZone: string },
): Promise<{ rows: WorklistRow[]; count: number }> {
  const where = whereBuilder();
  addFilters(search, where, page.timeZone);
  const condition = where.clauses.join(' and ');
  const order = orderBySql(search.order, WORKLIST_ORDER, 'w.id desc');
  const [items, counted] = await Promise.all([
    db.query<WorklistRow>(
      `select ${COLUMNS} from worklist_entries w where ${condition} order by ${order}
        limit ${where.param(page.limit)} offset ${where.param(page.offset)}`,
      where.params,
    ),
    db.query<{ count: number }>(`select count(*)::int as count from worklist_entries w where ${condition}`, where.params.slice(0, -2)),
  ]);
  return { rows: items.rows, count: counted.rows[0]?.count ?? 0 };
}

/** An entry whose status the study index moved, with what its file needs. */
export type MovedEntry = WorklistRow;

/**
 * The archive's side of the worklist, called by the study index inside the transaction that
 * writes a batch: entries still waiting (none) whose StudyInstanceUID or accession number a newly
 * read study carries go in_progress, and entries not yet completed whose study became stable
 * (Orthanc's StableStudy) go completed. One update each, only when the batch has such studies;
 * both use indexes (the UID's unique index, the open entries' accession index).
 */
export async function progressWorklist(
  client: DbClient,
  arrived: readonly { uid: string; accession: string }[],
  stableStudyOrthancIds: readonly string[],
): Promise<MovedEntry[]> {
  const moved: MovedEntry[] = [];
  if (arrived.length > 0) {
    const { rows } = await client.query<WorklistRow>(
      `update worklist_entries w set status = 'in_progress', started_at = now(), updated_at = now(),
         performed_study_instance_uid = a.uid
         from unnest($1::text[], $2::text[]) as a(uid, accession)
        where w.status = 'none' and (w.study_instance_uid = a.uid or (a.accession <> '' and w.accession_number = a.accession))
       returning ${COLUMNS}`,
      [arrived.map((study) => study.uid), arrived.map((study) => study.accession)],
    );
    moved.push(...rows);
  }
  if (stableStudyOrthancIds.length > 0) {
    const { rows } = await client.query<WorklistRow>(
      `update worklist_entries w set status = 'completed', completed_at = now(), updated_at = now(),
         started_at = coalesce(w.started_at, now()),
         performed_study_instance_uid = coalesce(w.performed_study_instance_uid, st.study_instance_uid)
         from studies st
        where st.orthanc_id = any($1) and w.status in ('none', 'in_progress')
          and (w.study_instance_uid = st.study_instance_uid or (st.accession_number <> '' and w.accession_number = st.accession_number))
       returning ${COLUMNS}`,
      [stableStudyOrthancIds],
    );
    moved.push(...rows);
  }
  return moved;
}
