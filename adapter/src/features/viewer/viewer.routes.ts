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
import type { AnyRouteSpec } from '../../http/routes.ts';
import { checkJsonValue, invalid, requiredString } from '../../http/input.ts';
import { readSmallUpload } from '../../http/multipart.ts';
import { streamFromOrthanc } from '../../orthanc/proxy.ts';
import { checkCaptureSize } from './capture.ts';
import { listAnnotations, listKeyImages, markKeyImage, replaceAnnotations, seriesForExport, storeCapture } from './viewer.service.ts';

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

export const viewerRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/annotations/fromstudy',
    access: READERS,
    summary: 'Annotations on a study (the viewer opening it: audited as study_view)',
    handler: async (req, _res, { deps, auth }) => {
      const uid = requiredString(req, 'uid', 'query', 64);
      const annotations = await listAnnotations(deps, auth, uid);
      if (deps.audit.firstInWindow(auth, `view ${uid}`)) deps.audit.record(req, auth, { action: 'study_view', study: uid });
      return annotations;
    },
  },
  {
    method: 'put',
    path: '/annotations/replace',
    access: 'viewer_annotation_save',
    summary: "Replace the caller's annotations on a study",
    handler: async (req, _res, { deps, auth }) => {
      const body = req.body as { uid?: unknown; items?: unknown };
      const uid = text(body.uid, 'uid', 64);
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
      return replaceAnnotations(deps, auth, uid, items);
    },
  },
  {
    method: 'get',
    path: '/keyimages/fromstudy',
    access: READERS,
    summary: 'Key images of a study',
    handler: (req, _res, { deps, auth }) => listKeyImages(deps, auth, requiredString(req, 'uid', 'query', 64)),
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
      if (typeof body.Marked !== 'boolean') throw invalid('Marked');
      return markKeyImage(deps, auth, { uid, series, instance, frame, marked: body.Marked });
    },
  },
  {
    method: 'post',
    path: '/studies/capture',
    access: 'viewer_capture',
    summary: 'Store a capture of the viewport as a Secondary Capture in the study',
    handler: async (req, _res, { deps, auth }) => {
      const { fields, file: image } = await readSmallUpload(req, 'image', MAX_CAPTURE_BYTES, checkCaptureSize);
      const description = (fields.SeriesDescription ?? 'Capture').slice(0, 64) || 'Capture';
      return storeCapture(deps, auth, { uid: text(fields.uid, 'uid', 64), description, image });
    },
  },
  {
    method: 'get',
    path: '/series/export',
    access: 'viewer_export',
    summary: 'Download the DICOM files of a series as a zip',
    handler: async (req, res, { deps, auth }) => {
      const uid = requiredString(req, 'uid', 'query', 64);
      const { orthancId, fileName } = await seriesForExport(deps, auth, uid);
      deps.audit.record(req, auth, { action: 'series_download', study: null, details: { SeriesInstanceUID: uid, Zip: true } });
      res.set('content-disposition', `attachment; filename="${fileName}"`);
      await streamFromOrthanc(req, res, deps.orthanc.proxyTarget(), `/series/${orthancId}/archive`);
    },
  },
];
