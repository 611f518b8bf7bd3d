/** Every SQL statement of reports and their documents. */
import type { DocumentStatus } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { visibleStudies } from '../../access/visibility.sql.ts';
import type { Db, DbClient } from '../../db/pool.ts';

export const CONTENT_FIELDS = [
  'title',
  'findings',
  'impression',
  'comments',
  'row_1',
  'row_2',
  'row_3',
  'row_4',
  'row_5',
  'row_6',
  'row_7',
] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

export type DocumentRow = {
  id: number;
  report_no: number;
  account_id: string | null;
  doctor_name: string;
  status: DocumentStatus;
  updated_at: Date;
} & Record<ContentField, string>;

/** The StudyInstanceUID a report or a document belongs to. */
export async function studyUidOf(db: Db, kind: 'report' | 'document', key: number): Promise<string | undefined> {
  const { rows } = await db.query<{ uid: string }>(
    kind === 'report'
      ? 'select st.study_instance_uid as uid from reports r join studies st on st.id = r.study_id where r.no = $1'
      : 'select st.study_instance_uid as uid from documents d join reports r on r.no = d.report_no join studies st on st.id = r.study_id where d.id = $1',
    [key],
  );
  return rows[0]?.uid;
}

export async function selectReports(db: Db, studyId: number): Promise<{ no: number; name: string; created_at: Date }[]> {
  const { rows } = await db.query<{ no: number; name: string; created_at: Date }>(
    'select no, name, created_at from reports where study_id = $1 order by no',
    [studyId],
  );
  return rows;
}

/** Titles of documents on studies the caller sees. */
export async function selectTitles(db: Db, auth: Auth): Promise<string[]> {
  const visible = visibleStudies(auth, 1);
  const { rows } = await db.query<{ title: string }>(
    `select distinct d.title from documents d join reports r on r.no = d.report_no join studies st on st.id = r.study_id
      where d.title <> '' and (${visible.sql}) order by 1 limit 500`,
    visible.params,
  );
  return rows.map((row) => row.title);
}

export async function selectDocumentKeyImages(
  db: Db,
  documentId: number,
  limit = 1000,
): Promise<{ position: number; series_instance_uid: string; sop_instance_uid: string; frame: number }[]> {
  const { rows } = await db.query<{ position: number; series_instance_uid: string; sop_instance_uid: string; frame: number }>(
    'select position, series_instance_uid, sop_instance_uid, frame from document_key_images where document_id = $1 order by position limit $2',
    [documentId, limit],
  );
  return rows;
}

export async function selectDocuments(db: Db, reportNo: number): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>('select * from documents where report_no = $1 order by id desc', [reportNo]);
  return rows;
}

/** A document with its study's UID, for the PDF. */
export async function selectDocumentWithStudy(db: Db, id: number): Promise<(DocumentRow & { study_instance_uid: string }) | undefined> {
  const { rows } = await db.query<DocumentRow & { study_instance_uid: string }>(
    `select d.*, st.study_instance_uid from documents d join reports r on r.no = d.report_no join studies st on st.id = r.study_id where d.id = $1`,
    [id],
  );
  return rows[0];
}

/** The study's ReportStatus from its latest non-deleted document. */
export async function refreshReportStatus(client: DbClient, studyId: number): Promise<void> {
  await client.query(
    `update studies set report_status = coalesce((
        select d.status from documents d join reports r on r.no = d.report_no
         where r.study_id = $1 and d.status <> 'Deleted' order by d.id desc limit 1), 'Empty'),
       updated_at = now()
     where id = $1`,
    [studyId],
  );
}

export async function clearDocumentKeyImages(client: DbClient, documentId: number): Promise<void> {
  await client.query('delete from document_key_images where document_id = $1', [documentId]);
}

/** A key image of the study by its number; undefined when the study has none by that number. */
export async function selectStudyKeyImage(
  client: DbClient,
  no: number,
  studyId: number,
): Promise<{ series_instance_uid: string; sop_instance_uid: string; frame: number } | undefined> {
  const { rows } = await client.query<{ series_instance_uid: string; sop_instance_uid: string; frame: number }>(
    'select series_instance_uid, sop_instance_uid, frame from key_images where no = $1 and study_id = $2',
    [no, studyId],
  );
  return rows[0];
}

export async function insertDocumentKeyImage(
  client: DbClient,
  documentId: number,
  position: number,
  image: { series_instance_uid: string; sop_instance_uid: string; frame: number },
): Promise<void> {
  await client.query(
    'insert into document_key_images (document_id, position, series_instance_uid, sop_instance_uid, frame) values ($1, $2, $3, $4, $5)',
    [documentId, position, image.series_instance_uid, image.sop_instance_uid, image.frame],
  );
}

export async function insertReport(client: DbClient, studyId: number, name: string): Promise<number> {
  const { rows } = await client.query<{ no: number }>('insert into reports (study_id, name) values ($1, $2) returning no', [studyId, name]);
  return rows[0]!.no;
}

export interface DocumentWrite {
  status: string | undefined;
  content: Partial<Record<ContentField, string>>;
  accountId: string;
  doctorName: string;
}

export async function insertDocument(client: DbClient, reportNo: number, write: DocumentWrite): Promise<number> {
  const values = CONTENT_FIELDS.map((field) => write.content[field] ?? '');
  const { rows } = await client.query<{ id: number }>(
    `insert into documents (report_no, account_id, doctor_name, status, ${CONTENT_FIELDS.join(', ')})
     values ($1, $2, $3, $4, ${CONTENT_FIELDS.map((_, i) => `$${i + 5}`).join(', ')}) returning id`,
    [reportNo, write.accountId, write.doctorName, write.status ?? 'Draft', ...values],
  );
  return rows[0]!.id;
}

/** Changes a document that is not deleted; answers whether one was. Only the given fields change. */
export async function updateDocument(client: DbClient, documentId: number, write: DocumentWrite): Promise<boolean> {
  // Field names come from CONTENT_FIELDS only (DocumentInput is built from it), never from the request.
  const fields = Object.keys(write.content).filter((field): field is ContentField => (CONTENT_FIELDS as readonly string[]).includes(field));
  const sets = fields.map((field, i) => `${field} = $${i + 3}`);
  const { rowCount } = await client.query(
    `update documents set status = coalesce($2, status), account_id = $${sets.length + 3}, doctor_name = $${sets.length + 4},
            ${sets.length > 0 ? `${sets.join(', ')},` : ''} updated_at = now()
      where id = $1 and status <> 'Deleted'`,
    [documentId, write.status ?? null, ...fields.map((field) => write.content[field]), write.accountId, write.doctorName],
  );
  return (rowCount ?? 0) > 0;
}

/** Marks a document deleted; answers whether one was. */
export async function markDocumentDeleted(client: DbClient, documentId: number): Promise<boolean> {
  const { rowCount } = await client.query(
    `update documents set status = 'Deleted', updated_at = now() where id = $1 and status <> 'Deleted'`,
    [documentId],
  );
  return (rowCount ?? 0) > 0;
}

/** The Orthanc id of an instance by SOPInstanceUID (of twins, the newest copy). */
export async function instanceOrthancId(db: Db, sopInstanceUid: string): Promise<string | undefined> {
  const { rows } = await db.query<{ orthanc_id: string }>(
    'select orthanc_id from instances where sop_instance_uid = $1 order by id desc limit 1',
    [sopInstanceUid],
  );
  return rows[0]?.orthanc_id;
}

/** Stores an institution's report logo; answers false when there is no such institution. */
export async function upsertInstitutionImage(
  db: Db,
  institution: number,
  name: string,
  contentType: string,
  data: Buffer,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into institution_images (institution, name, content_type, data) select no, $2, $3, $4 from institutions where no = $1
     on conflict (institution, name) do update set content_type = excluded.content_type, data = excluded.data, updated_at = now()`,
    [institution, name, contentType, data],
  );
  return (rowCount ?? 0) > 0;
}

export async function selectInstitutionImageFile(
  db: Db,
  institution: number,
  name: string,
): Promise<{ content_type: string; data: Buffer; updated_at: Date } | undefined> {
  const { rows } = await db.query<{ content_type: string; data: Buffer; updated_at: Date }>(
    'select content_type, data, updated_at from institution_images where institution = $1 and name = $2',
    [institution, name],
  );
  return rows[0];
}

/** Answers whether a logo went. */
export async function deleteInstitutionImage(db: Db, institution: number, name: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from institution_images where institution = $1 and name = $2', [institution, name]);
  return (rowCount ?? 0) > 0;
}
