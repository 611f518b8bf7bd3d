/**
 * Reports and their documents. Every function takes the study's index id, which the caller got
 * from the visibility module; nothing here decides who may see what.
 */
import type { DocumentKeyImage, Report, ReportDocument } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { requireVisibleStudy } from '../../access/visibility.ts';
import { transaction, type DbClient } from '../../db/pool.ts';
import { touchHeartbeatMarker } from '../../db/site.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { invalid } from '../../http/input.ts';
import * as sql from './reports.sql.ts';

export interface DocumentInput {
  status?: string;
  content: Partial<Record<sql.ContentField, string>>;
  /** Key image numbers (spec: "images repeated by No"); undefined = leave as they are. */
  images?: number[];
}

/** The study's ReportStatus from its latest non-deleted document; lists watching the heartbeat see it. */
async function refreshReportStatus(client: DbClient, studyId: number): Promise<void> {
  await sql.refreshReportStatus(client, studyId);
  // Lists watching the heartbeat's study marker see the change (an institution sees Final).
  await touchHeartbeatMarker(client, 'study');
}

/** The document's key images become `images` (key image numbers of the study), in that order. */
async function attachImages(client: DbClient, studyId: number, documentId: number, images: number[]): Promise<void> {
  await sql.clearDocumentKeyImages(client, documentId);
  for (const [position, no] of images.entries()) {
    const image = await sql.selectStudyKeyImage(client, no, studyId);
    if (!image) throw invalid('images');
    await sql.insertDocumentKeyImage(client, documentId, position, image);
  }
}

const writeOf = (auth: Auth, input: DocumentInput): sql.DocumentWrite => ({
  status: input.status,
  content: input.content,
  accountId: auth.accountId,
  doctorName: auth.name,
});

export async function createReport(deps: Deps, auth: Auth, studyId: number, name: string, input: DocumentInput): Promise<number> {
  return transaction(deps.db, async (client) => {
    const no = await sql.insertReport(client, studyId, name);
    await insertDocument(client, auth, studyId, no, input);
    return no;
  });
}

async function insertDocument(client: DbClient, auth: Auth, studyId: number, reportNo: number, input: DocumentInput): Promise<number> {
  const id = await sql.insertDocument(client, reportNo, writeOf(auth, input));
  if (input.images) await attachImages(client, studyId, id, input.images);
  await refreshReportStatus(client, studyId);
  return id;
}

export async function createDocument(deps: Deps, auth: Auth, studyId: number, reportNo: number, input: DocumentInput): Promise<number> {
  return transaction(deps.db, (client) => insertDocument(client, auth, studyId, reportNo, input));
}

export async function updateDocument(deps: Deps, auth: Auth, studyId: number, documentId: number, input: DocumentInput): Promise<void> {
  await transaction(deps.db, async (client) => {
    if (!(await sql.updateDocument(client, documentId, writeOf(auth, input)))) throw new AppError('not_found');
    if (input.images) await attachImages(client, studyId, documentId, input.images);
    await refreshReportStatus(client, studyId);
  });
}

export async function deleteDocument(deps: Deps, studyId: number, documentId: number): Promise<void> {
  await transaction(deps.db, async (client) => {
    if (!(await sql.markDocumentDeleted(client, documentId))) throw new AppError('not_found');
    await refreshReportStatus(client, studyId);
  });
}

export function toDocument(row: sql.DocumentRow, isLast: boolean): ReportDocument {
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
    Row_1: row.row_1,
    Row_2: row.row_2,
    Row_3: row.row_3,
    Row_4: row.row_4,
    Row_5: row.row_5,
    Row_6: row.row_6,
    Row_7: row.row_7,
    Status: row.status,
    UpdatedAt: updatedAt,
    is_last: isLast,
    label: `${row.status} · ${updatedAt.slice(0, 16).replace('T', ' ')} · ${row.doctor_name}`,
  };
}

/** Documents of a report, newest first; the first non-deleted one is the last (is_last). */
export async function listDocuments(deps: Deps, reportNo: number): Promise<ReportDocument[]> {
  const rows = await sql.selectDocuments(deps.db, reportNo);
  const last = rows.find((row) => row.status !== 'Deleted')?.id;
  return rows.map((row) => toDocument(row, row.id === last));
}

/** The study of a report or a document, checked by the visibility module; 404 otherwise. */
export async function studyOf(deps: Deps, auth: Auth, kind: 'report' | 'document', key: number): Promise<number> {
  const uid = await sql.studyUidOf(deps.db, kind, key);
  if (!uid) throw new AppError('not_found');
  return requireVisibleStudy(deps.db, auth, uid);
}

/** The reports of a study the caller sees, each with its documents and the titles used in them. */
export async function reportsOfStudy(deps: Deps, auth: Auth, uid: string): Promise<Report[]> {
  const studyId = await requireVisibleStudy(deps.db, auth, uid);
  return Promise.all(
    (await sql.selectReports(deps.db, studyId)).map(async (row) => {
      const documents = await listDocuments(deps, row.no);
      return {
        No: row.no,
        Name: row.name,
        StudyInstanceUID: uid,
        CreatedAt: row.created_at.toISOString(),
        documents,
        titles: [...new Set(documents.map((document) => document.Title).filter(Boolean))],
      };
    }),
  );
}

/** Titles used before, on documents of studies the caller sees. */
export function documentTitles(deps: Deps, auth: Auth): Promise<string[]> {
  return sql.selectTitles(deps.db, auth);
}

/** The key images saved with a document of a study the caller sees. */
export async function documentKeyImages(deps: Deps, auth: Auth, documentId: number): Promise<DocumentKeyImage[]> {
  await studyOf(deps, auth, 'document', documentId);
  return (await sql.selectDocumentKeyImages(deps.db, documentId)).map((row) => ({
    Position: row.position,
    SeriesInstanceUID: row.series_instance_uid,
    SOPInstanceUID: row.sop_instance_uid,
    Frame: row.frame,
  }));
}
