/**
 * Every SQL statement of the patient records: the quick search, one record by No or PatientID,
 * add, change, delete, and the import from the study index (with the configs flag it sets).
 */
import type { PatientOrderKey, PatientTerm, OrderTerm } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { visiblePatients } from '../../access/visibility.sql.ts';
import type { Db, DbClient } from '../../db/pool.ts';

type Queryable = Db | DbClient;

export interface PatientRow {
  no: string;
  patient_id: string;
  patient_name: string;
  patient_sex: string;
  patient_birth_date: string;
  patient_comments: string;
  updated_at: Date;
}

export interface PatientFields {
  id: string;
  name: string;
  searchName: string;
  sex: string;
  birthDate: string;
  comments: string;
}

/** Where a term looks: the PatientID (compared upper-cased), the searchable name, or either. */
export type PatientTermTarget = 'id' | 'name' | 'either';

export interface PatientSearchQuery {
  terms: { target: PatientTermTarget; term: PatientTerm; nameTerm: PatientTerm }[];
  order: OrderTerm<PatientOrderKey>[];
  limit: number;
  offset: number;
}

const COLUMNS = 'p.no, p.patient_id, p.patient_name, p.patient_sex, p.patient_birth_date, p.patient_comments, p.updated_at';

const ORDER_COLUMNS: Record<PatientOrderKey, string> = {
  updatedat: 'updated_at',
  patientid: 'patient_id',
  patientname: 'search_patient_name',
  patientbirthdate: 'patient_birth_date',
  patientsex: 'patient_sex',
  no: 'no',
};

/**
 * A term as a LIKE pattern (with `escape '\'`): the text upper-cased with its own `%`, `_` and
 * `\` escaped, so they match only themselves, and `%` added where the match type leaves an end open.
 */
export function likePattern(term: PatientTerm): string {
  const text = term.value.toUpperCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const open = (end: boolean) => (end ? '%' : '');
  return `${open(term.type === 'partial' || term.type === 'backward')}${text}${open(term.type === 'partial' || term.type === 'forward')}`;
}

/** The conditions and parameters of a search's terms (all must match) and of what the caller sees. */
function conditionsOf(auth: Auth, query: Pick<PatientSearchQuery, 'terms'>): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions = query.terms.map(({ target, term, nameTerm }) => {
    const id = () => {
      params.push(likePattern(term));
      return `upper(p.patient_id) like $${params.length} escape '\\'`;
    };
    const name = () => {
      params.push(likePattern(nameTerm));
      return `p.search_patient_name like $${params.length} escape '\\'`;
    };
    return target === 'id' ? id() : target === 'name' ? name() : `(${id()} or ${name()})`;
  });
  const visible = visiblePatients(auth, params.length + 1);
  if (visible) {
    conditions.push(visible.sql);
    params.push(...visible.params);
  }
  return { where: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', params };
}

export async function searchPatients(db: Queryable, auth: Auth, query: PatientSearchQuery): Promise<{ rows: PatientRow[]; count: number }> {
  const { where, params } = conditionsOf(auth, query);
  const order = [...query.order.map((term) => `p.${ORDER_COLUMNS[term.key]} ${term.desc ? 'desc' : 'asc'}`), 'p.no desc'].join(', ');
  const [page, total] = await Promise.all([
    db.query<PatientRow>(
      `select ${COLUMNS} from patients p ${where} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, query.limit, query.offset],
    ),
    db.query<{ n: number }>(`select count(*)::int as n from patients p ${where}`, params),
  ]);
  return { rows: page.rows, count: total.rows[0]?.n ?? 0 };
}

/** One record the caller sees, by No or by PatientID; undefined when there is none. */
export async function selectPatient(
  db: Queryable,
  auth: Auth,
  key: { no: number } | { patientId: string },
): Promise<PatientRow | undefined> {
  const visible = visiblePatients(auth, 2);
  const { rows } = await db.query<PatientRow>(
    `select ${COLUMNS} from patients p where ${'no' in key ? 'p.no = $1' : 'p.patient_id = $1'}${visible ? ` and ${visible.sql}` : ''}`,
    ['no' in key ? key.no : key.patientId, ...(visible?.params ?? [])],
  );
  return rows[0];
}

/** The new record; undefined when the PatientID is taken. */
export async function insertPatient(db: Queryable, fields: PatientFields): Promise<PatientRow | undefined> {
  const { rows } = await db.query<PatientRow>(
    `insert into patients as p (patient_id, patient_name, search_patient_name, patient_sex, patient_birth_date, patient_comments)
     values ($1, $2, $3, $4, $5, $6) on conflict (patient_id) do nothing returning ${COLUMNS}`,
    [fields.id, fields.name, fields.searchName, fields.sex, fields.birthDate, fields.comments],
  );
  return rows[0];
}

/** The changed record; undefined when the caller sees none with this No. A taken PatientID raises 23505. */
export async function updatePatient(db: Queryable, auth: Auth, no: number, fields: PatientFields): Promise<PatientRow | undefined> {
  const visible = visiblePatients(auth, 8);
  const { rows } = await db.query<PatientRow>(
    `update patients p set patient_id = $2, patient_name = $3, search_patient_name = $4, patient_sex = $5,
       patient_birth_date = $6, patient_comments = $7, updated_at = now()
     where p.no = $1${visible ? ` and ${visible.sql}` : ''} returning ${COLUMNS}`,
    [no, fields.id, fields.name, fields.searchName, fields.sex, fields.birthDate, fields.comments, ...(visible?.params ?? [])],
  );
  return rows[0];
}

/** Whether another record holds this PatientID (seen by the caller or not: IDs are unique archive-wide). */
export async function patientIdTaken(db: Queryable, patientId: string, except: number | null): Promise<boolean> {
  const { rows } = await db.query('select 1 from patients where patient_id = $1 and no is distinct from $2', [patientId, except]);
  return rows.length > 0;
}

/** Whether a record the caller sees went. */
export async function deletePatient(db: Queryable, auth: Auth, no: number): Promise<boolean> {
  const visible = visiblePatients(auth, 2);
  const { rowCount } = await db.query(`delete from patients p where p.no = $1${visible ? ` and ${visible.sql}` : ''}`, [
    no,
    ...(visible?.params ?? []),
  ]);
  return (rowCount ?? 0) > 0;
}

/**
 * Holds the configs row until the import commits. Every study index batch locks it `for key share`
 * (study-index.sql.ts addPatientRecords): a batch open now is waited for, so its studies are
 * imported, and a batch that comes later waits for this commit and then reads the flag set.
 * False when no configs are stored yet.
 */
export async function lockImportFlag(client: DbClient): Promise<boolean> {
  const { rows } = await client.query(`select 1 from configs where key = 'app' for update`);
  return rows.length > 0;
}

/**
 * One record per PatientID of the study index that has none, from its most recent study (by study
 * date, then indexing time); studies in the recycle bin do not count. Values the records' checks
 * would refuse (a malformed file's sex or date) are left empty, never refused. How many were added.
 */
export async function importPatients(client: DbClient): Promise<number> {
  const { rowCount } = await client.query(
    `insert into patients (patient_id, patient_name, search_patient_name, patient_sex, patient_birth_date)
     select patient_id, patient_name, search_patient_name, patient_sex, patient_birth_date from (
       select distinct on (st.patient_id) st.patient_id, left(st.patient_name, 194) as patient_name,
              left(st.search_patient_name, 194) as search_patient_name,
              case when st.patient_sex in ('M', 'F', 'O') then st.patient_sex else '' end as patient_sex,
              case when st.patient_birth_date ~ '^[0-9]{8}$' then st.patient_birth_date else '' end as patient_birth_date
         from studies st
        where st.patient_id <> '' and length(st.patient_id) <= 64 and st.trashed_at is null and st.deleting_at is null
        order by st.patient_id, st.study_date desc, st.updated_at desc) latest
     on conflict (patient_id) do nothing`,
  );
  return rowCount ?? 0;
}

/** Sets configs `mwm.is_patient_imported` (the flag the study index reads) in the stored tree. */
export async function setImportFlag(client: DbClient): Promise<void> {
  await client.query(
    `update configs set value = jsonb_set(value, '{mwm,is_patient_imported}', 'true', true), updated_at = now()
      where key = 'app' and jsonb_typeof(value -> 'mwm') = 'object'`,
  );
}

export async function countPatients(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from patients');
  return rows[0]?.n ?? 0;
}
