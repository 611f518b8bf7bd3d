/**
 * What the viewer stores and fetches besides images (issue "Viewer"). Every route first asks the
 * visibility module for the study.
 * - GET /annotations/fromstudy?uid=     → [{Id, Account, AccountName, SeriesInstanceUID,
 *                                           SOPInstanceUID, Frame, Tool, Data, UpdatedAt}]
 * - PUT /annotations/replace            JSON {uid, items: [{SeriesInstanceUID, SOPInstanceUID, Frame,
 *                                           Tool, Data}]} replaces the caller's own annotations
 *                                           on the study (viewer_annotation_save)
 * - GET /keyimages/fromstudy?uid=       → [{SeriesInstanceUID, SOPInstanceUID, Frame, Account, CreatedAt}]
 * - PUT /keyimages/update               JSON {uid, SeriesInstanceUID, SOPInstanceUID, Frame, Marked}
 * - POST /studies/capture               multipart uid, SeriesInstanceUID, SeriesDescription?, image
 *                                           (PNG) → the new Secondary Capture's UIDs (viewer_capture)
 * - GET /series/export?uid=             the series' DICOM files as a zip, streamed (viewer_export)
 */
import type { PermissionKey } from '@pacs/common';
import { requireVisibleResource, requireVisibleStudy, visibleSeries } from '../../access/visibility.ts';
import type { Auth } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { checkJsonValue, invalid, requiredString } from '../../http/input.ts';
import { readSmallUpload } from '../../http/multipart.ts';
import { streamFromOrthanc } from '../../orthanc/proxy.ts';
import { hiddenAttributes, hidesAny } from '../../access/hidden-dicom.ts';
import { requireStudy } from '../studies/studies.service.ts';
import { checkCaptureSize, secondaryCapture } from './capture.ts';

const READERS: readonly PermissionKey[] = ['viewer', 'report'];
const MAX_ANNOTATIONS = 5000;
/** One annotation's Data (a Cornerstone measurement: handles, label, stats) as JSON text, at most. */
const MAX_ANNOTATION_DATA = 64 * 1024;
/** Its nesting: a measurement needs four or five levels. */
const MAX_ANNOTATION_DEPTH = 16;
const MAX_CAPTURE_BYTES = 64 * 1024 * 1024;

const text = (value: unknown, field: string, max = 128): string => {
  if (typeof value !== 'string' || value === '' || value.length > max || value.includes('\u0000')) throw invalid(field);
  return value;
};
const frameOf = (value: unknown): number => {
  const frame = value === undefined ? 1 : Number(value);
  if (!Number.isInteger(frame) || frame < 1 || frame > 100_000) throw invalid('Frame');
  return frame;
};

/** The caller may see the study and the series, and the instance lies inside it. */
async function studyOfInstance(deps: Deps, auth: Auth, uid: string, series: string, instance: string): Promise<number> {
  await requireVisibleResource(deps.db, auth, uid, series, instance);
  return requireVisibleStudy(deps.db, auth, uid);
}

async function listAnnotations(deps: Deps, studyId: number) {
  const { rows } = await deps.db.query(
    `select n.id, n.account_id, a.name, n.series_instance_uid, n.sop_instance_uid, n.frame, n.tool, n.data, n.updated_at
       from annotations n join accounts a on a.id = n.account_id where n.study_id = $1 order by n.id`,
    [studyId],
  );
  return rows.map((row) => ({
    Id: row.id,
    Account: row.account_id,
    AccountName: row.name,
    SeriesInstanceUID: row.series_instance_uid,
    SOPInstanceUID: row.sop_instance_uid,
    Frame: row.frame,
    Tool: row.tool,
    Data: row.data,
    UpdatedAt: (row.updated_at as Date).toISOString(),
  }));
}

async function listKeyImages(deps: Deps, studyId: number) {
  const { rows } = await deps.db.query(
    `select no, series_instance_uid, sop_instance_uid, frame, account_id, created_at from key_images where study_id = $1 order by no`,
    [studyId],
  );
  return rows.map((row) => ({
    No: row.no,
    SeriesInstanceUID: row.series_instance_uid,
    SOPInstanceUID: row.sop_instance_uid,
    Frame: row.frame,
    Account: row.account_id,
    CreatedAt: (row.created_at as Date).toISOString(),
  }));
}

export const viewerRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/annotations/fromstudy',
    access: READERS,
    summary: 'Annotations on a study',
    handler: async (req, _res, { deps, auth }) =>
      listAnnotations(deps, await requireVisibleStudy(deps.db, auth, requiredString(req, 'uid', 'query', 64))),
  },
  {
    method: 'put',
    path: '/annotations/replace',
    access: 'viewer_annotation_save',
    summary: "Replace the caller's annotations on a study",
    handler: async (req, _res, { deps, auth }) => {
      const body = req.body as { uid?: unknown; items?: unknown };
      const studyId = await requireVisibleStudy(deps.db, auth, text(body.uid, 'uid', 64));
      if (!Array.isArray(body.items) || body.items.length > MAX_ANNOTATIONS) throw invalid('items');
      const items = body.items.map((raw: unknown) => {
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalid('items');
        const item = raw as Record<string, unknown>;
        // Bounded before it is stored: jsonb refuses NUL, and depth and size cost every reader.
        checkJsonValue(item.Data, 'Data', MAX_ANNOTATION_DEPTH);
        const data = JSON.stringify(item.Data ?? null);
        if (data.length > MAX_ANNOTATION_DATA) throw invalid('Data');
        return {
          series: text(item.SeriesInstanceUID, 'SeriesInstanceUID', 64),
          instance: text(item.SOPInstanceUID, 'SOPInstanceUID', 64),
          frame: frameOf(item.Frame),
          tool: text(item.Tool, 'Tool', 64),
          data,
        };
      });
      const client = await deps.db.connect();
      try {
        await client.query('begin');
        await client.query('delete from annotations where study_id = $1 and account_id = $2', [studyId, auth.accountId]);
        for (const item of items) {
          await client.query(
            `insert into annotations (study_id, account_id, series_instance_uid, sop_instance_uid, frame, tool, data)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [studyId, auth.accountId, item.series, item.instance, item.frame, item.tool, item.data],
          );
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
      return listAnnotations(deps, studyId);
    },
  },
  {
    method: 'get',
    path: '/keyimages/fromstudy',
    access: READERS,
    summary: 'Key images of a study',
    handler: async (req, _res, { deps, auth }) =>
      listKeyImages(deps, await requireVisibleStudy(deps.db, auth, requiredString(req, 'uid', 'query', 64))),
  },
  {
    method: 'put',
    path: '/keyimages/update',
    access: 'viewer',
    summary: 'Mark or unmark a key image',
    handler: async (req, _res, { deps, auth }) => {
      const body = req.body as Record<string, unknown>;
      const uid = text(body.uid, 'uid', 64);
      const series = text(body.SeriesInstanceUID, 'SeriesInstanceUID', 64);
      const instance = text(body.SOPInstanceUID, 'SOPInstanceUID', 64);
      const frame = frameOf(body.Frame);
      const studyId = await studyOfInstance(deps, auth, uid, series, instance);
      if (body.Marked === true) {
        await deps.db.query(
          `insert into key_images (study_id, series_instance_uid, sop_instance_uid, frame, account_id) values ($1, $2, $3, $4, $5)
           on conflict do nothing`,
          [studyId, series, instance, frame, auth.accountId],
        );
      } else if (body.Marked === false) {
        await deps.db.query('delete from key_images where study_id = $1 and sop_instance_uid = $2 and frame = $3', [
          studyId,
          instance,
          frame,
        ]);
      } else {
        throw invalid('Marked');
      }
      return listKeyImages(deps, studyId);
    },
  },
  {
    method: 'post',
    path: '/studies/capture',
    access: 'viewer_capture',
    summary: 'Store a capture of the viewport as a Secondary Capture in the study',
    handler: async (req, _res, { deps, auth }) => {
      const { fields, file: image } = await readSmallUpload(req, 'image', MAX_CAPTURE_BYTES, checkCaptureSize);
      const study = await requireStudy(deps, auth, text(fields.uid, 'uid', 64));
      const { rows } = await deps.db.query<{ next: number }>(
        `select greatest(999, coalesce(max(s.series_number), 0)) + 1 as next from series s join studies st on st.id = s.study_id where st.study_instance_uid = $1`,
        [study.StudyInstanceUID],
      );
      const description = (fields.SeriesDescription ?? 'Capture').slice(0, 64) || 'Capture';
      const capture = secondaryCapture(study, image, { number: rows[0]?.next ?? 1000, description });
      const stored = await deps.orthanc.request('/instances', {
        method: 'POST',
        body: capture.file,
        headers: { 'content-type': 'application/dicom' },
        timeoutMs: 60_000,
      });
      const answer = await stored.text();
      if (!stored.ok) throw new Error(`Orthanc refused the capture: ${stored.status} ${answer}`);
      return {
        StudyInstanceUID: study.StudyInstanceUID,
        SeriesInstanceUID: capture.seriesInstanceUid,
        SOPInstanceUID: capture.sopInstanceUid,
      };
    },
  },
  {
    method: 'get',
    path: '/series/export',
    access: 'viewer_export',
    summary: 'Download the DICOM files of a series as a zip',
    handler: async (req, res, { deps, auth }) => {
      const uid = requiredString(req, 'uid', 'query', 64);
      const visible = visibleSeries(auth, 2);
      const { rows } = await deps.db.query<{ orthanc_id: string; description: string }>(
        `select s.orthanc_id, s.series_description as description from series s join studies st on st.id = s.study_id
          where s.series_instance_uid = $1 and (${visible.sql}) order by st.id desc limit 1`,
        [uid, ...visible.params],
      );
      const series = rows[0];
      if (!series) throw new AppError('not_found');
      // Whole files carry the fields this caller's role hides (docs/decisions.md "Hidden fields through DICOMweb").
      if (hidesAny(hiddenAttributes(deps.config.edition, auth.kind))) throw new AppError('forbidden');
      const name = `${(series.description || 'series').replace(/[^\w.-]+/g, '_').slice(0, 60)}.zip`;
      res.set('content-disposition', `attachment; filename="${name}"`);
      const { url, user, password } = deps.config.orthanc;
      await streamFromOrthanc(
        req,
        res,
        { baseUrl: url, authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') },
        `/series/${series.orthanc_id}/archive`,
      );
    },
  },
];
