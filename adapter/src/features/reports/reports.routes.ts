/**
 * Reports (spec 2 §7 "Reports"). Reading needs the report permission and a visible study;
 * saving needs report_save, deleting report_delete, the PDF report_pdf.
 * - GET /reports/fromstudy?uid=         → [{No, Name, StudyInstanceUID, CreatedAt, documents, titles}]
 * - POST /reports/create                form uid, name, and the first document's fields → {No, Id}
 * - GET /documents/fromreport?no=       → documents newest first, with is_last
 * - POST /documents/create              form report, status (None|Draft|Final), title, findings,
 *                                       impression, comments, row_1..row_7, images (repeated key
 *                                       image numbers) → {Id}
 * - PATCH /documents/update             form id + the same fields
 * - DELETE /documents/delete?id=        marks the document Deleted; the study's status follows
 * - GET /documents/titles               → titles used before (for the title picker)
 * - GET /keyimages/fromdocument?id=     → the key images saved with a document
 */
import type { PermissionKey } from '@pacs/common';
import { requireVisibleStudy } from '../../access/visibility.ts';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { invalid, optionalInt, optionalString, requiredString } from '../../http/input.ts';
import { readDocumentInput } from './reports.input.ts';
import {
  createDocument,
  createReport,
  deleteDocument,
  documentKeyImages,
  documentTitles,
  listDocuments,
  reportsOfStudy,
  studyOf,
  updateDocument,
} from './reports.service.ts';

const READERS: readonly PermissionKey[] = ['report'];

const positiveInt = (value: number | undefined, field: string): number => {
  if (value === undefined) throw invalid(field, 'The field is required');
  return value;
};

export const reportsRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/reports/fromstudy',
    access: READERS,
    summary: 'Reports of a study with their documents',
    handler: async (req, _res, { deps, auth }) => {
      const uid = requiredString(req, 'uid', 'query', 64);
      const reports = await reportsOfStudy(deps, auth, uid);
      if (deps.audit.firstInWindow(auth, `report ${uid}`)) deps.audit.record(req, auth, { action: 'report_view', study: uid });
      return reports;
    },
  },
  {
    method: 'post',
    path: '/reports/create',
    access: 'report_save',
    summary: 'Create a report (and its first document) for a study',
    handler: async (req, _res, { deps, auth }) => {
      const studyId = await requireVisibleStudy(deps.db, auth, requiredString(req, 'uid', 'body', 64));
      const no = await createReport(deps, auth, studyId, optionalString(req, 'name', 'body', 200) ?? '', readDocumentInput(req));
      const [first] = await listDocuments(deps, no);
      return { No: no, Id: first?.Id };
    },
  },
  {
    method: 'get',
    path: '/documents/fromreport',
    access: READERS,
    summary: 'Documents of a report, newest first',
    handler: async (req, _res, { deps, auth }) => {
      const no = positiveInt(optionalInt(req, 'no', 1, Number.MAX_SAFE_INTEGER, 'query'), 'no');
      await studyOf(deps, auth, 'report', no);
      return listDocuments(deps, no);
    },
  },
  {
    method: 'post',
    path: '/documents/create',
    access: 'report_save',
    summary: 'Save a new document in a report',
    handler: async (req, _res, { deps, auth }) => {
      const no = positiveInt(optionalInt(req, 'report', 1, Number.MAX_SAFE_INTEGER), 'report');
      const studyId = await studyOf(deps, auth, 'report', no);
      return { Id: await createDocument(deps, auth, studyId, no, readDocumentInput(req)) };
    },
  },
  {
    method: 'patch',
    path: '/documents/update',
    access: 'report_save',
    summary: 'Change a document',
    handler: async (req, _res, { deps, auth }) => {
      const id = positiveInt(optionalInt(req, 'id', 1, Number.MAX_SAFE_INTEGER), 'id');
      const studyId = await studyOf(deps, auth, 'document', id);
      await updateDocument(deps, auth, studyId, id, readDocumentInput(req));
      return { Id: id };
    },
  },
  {
    method: 'delete',
    path: '/documents/delete',
    access: 'report_delete',
    summary: 'Delete a document',
    handler: async (req, _res, { deps, auth }) => {
      const id = positiveInt(optionalInt(req, 'id', 1, Number.MAX_SAFE_INTEGER, 'query'), 'id');
      await deleteDocument(deps, await studyOf(deps, auth, 'document', id), id);
      return {};
    },
  },
  {
    method: 'get',
    path: '/documents/titles',
    access: READERS,
    summary: 'Document titles used before',
    handler: (_req, _res, { deps, auth }) => documentTitles(deps, auth),
  },
  {
    method: 'get',
    path: '/keyimages/fromdocument',
    access: READERS,
    summary: 'Key images saved with a document',
    handler: async (req, _res, { deps, auth }) => {
      const id = positiveInt(optionalInt(req, 'id', 1, Number.MAX_SAFE_INTEGER, 'query'), 'id');
      return documentKeyImages(deps, auth, id);
    },
  },
];
