/**
 * Reports and their documents. Every function takes the study's index id, which the caller got
 * from the visibility module; nothing here decides who may see what.
 */
import type { Request } from 'express';
import type { Auth } from '../../access/auth.ts';
import { transaction, type DbClient } from '../../db/pool.ts';
import { touchHeartbeatMarker } from '../../db/site.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { invalid, optionalString } from '../../http/input.ts';

export const DOCUMENT_STATUSES = ['None', 'Draft', 'Final'] as const;
const CONTENT_FIELDS = [
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
type ContentField = (typeof CONTENT_FIELDS)[number];

export interface DocumentInput {
  status?: string;
  content: Partial<Record<ContentField, string>>;
  /** Key image numbers (spec: "images repeated by No"); undefined = leave as they are. */
  images?: number[];
}

export function readDocumentInput(req: Request): DocumentInput {
  const status = optionalString(req, 'status', 'body', 10);
  if (status !== undefined && !(DOCUMENT_STATUSES as readonly string[]).includes(status)) throw invalid('status');
  const content: Partial<Record<ContentField, string>> = {};
  for (const field of CONTENT_FIELDS) {
    const value = optionalString(req, field, 'body', field === 'title' ? 500 : 100_000);
    if (value !== undefined) content[field] = value;
  }
  const raw = (req.body as Record<string, unknown>).images;
  let images: number[] | undefined;
  if (raw !== undefined) {
    const list = (Array.isArray(raw) ? raw : [raw]).filter((item) => item !== '');
    images = list.map((item) => {
      const no = Number(item);
      if (!Number.isSafeInteger(no) || no < 1) throw invalid('images');
      return no;
    });
  }
  return { status, content, images };
}

/** The study's ReportStatus from its latest non-deleted document. */
async function refreshReportStatus(client: DbClient, studyId: number): Promise<void> {
  await client.query(
    `update studies set report_status = coalesce((
        select d.status from documents d join reports r on r.no = d.report_no
         where r.study_id = $1 and d.status <> 'Deleted' order by d.id desc limit 1), 'Empty'),
       updated_at = now()
     where id = $1`,
    [studyId],
  );
  // Lists watching the heartbeat's study marker see the change (an institution sees Final).
  await touchHeartbeatMarker(client, 'study');
}

async function attachImages(client: DbClient, studyId: number, documentId: number, images: number[]): Promise<void> {
  await client.query('delete from document_key_images where document_id = $1', [documentId]);
  for (const [position, no] of images.entries()) {
    const { rows } = await client.query<{ series_instance_uid: string; sop_instance_uid: string; frame: number }>(
      'select series_instance_uid, sop_instance_uid, frame from key_images where no = $1 and study_id = $2',
      [no, studyId],
    );
    const image = rows[0];
    if (!image) throw invalid('images');
    await client.query(
      'insert into document_key_images (document_id, position, series_instance_uid, sop_instance_uid, frame) values ($1, $2, $3, $4, $5)',
      [documentId, position, image.series_instance_uid, image.sop_instance_uid, image.frame],
    );
  }
}

export async function createReport(deps: Deps, auth: Auth, studyId: number, name: string, input: DocumentInput): Promise<number> {
  return transaction(deps.db, async (client) => {
    const { rows } = await client.query<{ no: number }>('insert into reports (study_id, name) values ($1, $2) returning no', [
      studyId,
      name,
    ]);
    const no = rows[0]!.no;
    await insertDocument(client, auth, studyId, no, input);
    return no;
  });
}

async function insertDocument(client: DbClient, auth: Auth, studyId: number, reportNo: number, input: DocumentInput): Promise<number> {
  const values = CONTENT_FIELDS.map((field) => input.content[field] ?? '');
  const { rows } = await client.query<{ id: number }>(
    `insert into documents (report_no, account_id, doctor_name, status, ${CONTENT_FIELDS.join(', ')})
     values ($1, $2, $3, $4, ${CONTENT_FIELDS.map((_, i) => `$${i + 5}`).join(', ')}) returning id`,
    [reportNo, auth.accountId, auth.name, input.status ?? 'Draft', ...values],
  );
  const id = rows[0]!.id;
  if (input.images) await attachImages(client, studyId, id, input.images);
  await refreshReportStatus(client, studyId);
  return id;
}

export async function createDocument(deps: Deps, auth: Auth, studyId: number, reportNo: number, input: DocumentInput): Promise<number> {
  return transaction(deps.db, (client) => insertDocument(client, auth, studyId, reportNo, input));
}

export async function updateDocument(deps: Deps, auth: Auth, studyId: number, documentId: number, input: DocumentInput): Promise<void> {
  await transaction(deps.db, async (client) => {
    const sets = Object.entries(input.content).map(([field], i) => `${field} = $${i + 3}`);
    const { rowCount } = await client.query(
      `update documents set status = coalesce($2, status), account_id = $${sets.length + 3}, doctor_name = $${sets.length + 4},
              ${sets.length > 0 ? `${sets.join(', ')},` : ''} updated_at = now()
        where id = $1 and status <> 'Deleted'`,
      [documentId, input.status ?? null, ...Object.values(input.content), auth.accountId, auth.name],
    );
    if (rowCount === 0) throw new AppError('not_found');
    if (input.images) await attachImages(client, studyId, documentId, input.images);
    await refreshReportStatus(client, studyId);
  });
}

export async function deleteDocument(deps: Deps, studyId: number, documentId: number): Promise<void> {
  await transaction(deps.db, async (client) => {
    const { rowCount } = await client.query(
      `update documents set status = 'Deleted', updated_at = now() where id = $1 and status <> 'Deleted'`,
      [documentId],
    );
    if (rowCount === 0) throw new AppError('not_found');
    await refreshReportStatus(client, studyId);
  });
}

export interface DocumentRow {
  id: number;
  report_no: number;
  account_id: string | null;
  doctor_name: string;
  status: string;
  updated_at: Date;
  [field: string]: unknown;
}

export function toDocument(row: DocumentRow, isLast: boolean) {
  const updatedAt = row.updated_at.toISOString();
  return {
    Id: row.id,
    Report: row.report_no,
    Account: row.account_id,
    DoctorName: row.doctor_name,
    Title: row.title,
    Findings: row.findings,
    Impression: row.impression,
    Comments: row.comments,
    ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((n) => [`Row_${n}`, row[`row_${n}`]])),
    Status: row.status,
    UpdatedAt: updatedAt,
    is_last: isLast,
    label: `${row.status} · ${updatedAt.slice(0, 16).replace('T', ' ')} · ${row.doctor_name}`,
  };
}

/** Documents of a report, newest first; the first non-deleted one is the last (is_last). */
export async function listDocuments(deps: Deps, reportNo: number) {
  const { rows } = await deps.db.query<DocumentRow>('select * from documents where report_no = $1 order by id desc', [reportNo]);
  const last = rows.find((row) => row.status !== 'Deleted')?.id;
  return rows.map((row) => toDocument(row, row.id === last));
}
