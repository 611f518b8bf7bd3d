/**
 * Export (issue 15; routes not named by the spec except GET /anonymized/all, spec 2 §7).
 * Permission list_export, which share guests never have; roles whose kind hides fields are
 * refused whole files (403).
 * - POST /studies/export    JSON or form: Items (array of {StudyInstanceUID, SeriesInstanceUID?,
 *                           SOPInstanceUID?}, an instance naming its series; at most 200
 *                           studies), Anonymize (boolean, default false)
 *                           → application/zip attachment, streamed: the DICOM files under
 *                           DICOM/ (anonymized: with the configs' enabled anonymization items) and
 *                           a DICOMDIR. Headers X-Export-Instances (the number of files) and
 *                           X-Export-Bytes (the expected size, an estimate) for a progress bar.
 *                           400 on bad input, 404 when any named study, series or instance is not one the
 *                           caller sees, all before the first byte; a browser that goes away stops
 *                           the work.
 * - GET /anonymized/all     → [{key, label, is_enabled}] the configs' anonymization list (any
 *                           signed-in user, like the configs themselves)
 */
import { pipeline } from 'node:stream';
import type { Request } from 'express';
import { EXPORT_HEADERS, EXPORT_MAX_ITEMS, isDicomUid, isJsonObject, type ExportItem } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { invalid, jsonField, optionalBool } from '../../http/input.ts';
import { log } from '../../log.ts';
import { listAnonymization, openExport } from './export.service.ts';

/** Items: a JSON array of {StudyInstanceUID, SeriesInstanceUID?, SOPInstanceUID?}, each UID checked; an instance names its series. */
function readItems(req: Request): ExportItem[] {
  const value = jsonField(req, 'Items');
  if (!Array.isArray(value) || value.length === 0 || value.length > EXPORT_MAX_ITEMS) throw invalid('Items');
  return value.map((item) => {
    if (!isJsonObject(item)) throw invalid('Items');
    const { StudyInstanceUID: study, SeriesInstanceUID: series, SOPInstanceUID: instance } = item;
    if (!isDicomUid(study) || (series !== undefined && !isDicomUid(series))) throw invalid('Items');
    if (instance !== undefined && (series === undefined || !isDicomUid(instance))) throw invalid('Items');
    if (series === undefined) return { StudyInstanceUID: study };
    return instance === undefined
      ? { StudyInstanceUID: study, SeriesInstanceUID: series }
      : { StudyInstanceUID: study, SeriesInstanceUID: series, SOPInstanceUID: instance };
  });
}

/** Anonymize: a JSON boolean, or a form's true/false. */
function readAnonymize(req: Request): boolean {
  const value: unknown = (req.body as Record<string, unknown>).Anonymize;
  if (typeof value === 'boolean') return value;
  return optionalBool(req, 'Anonymize') ?? false;
}

export const exportRoutes: AnyRouteSpec[] = [
  {
    method: 'post',
    path: '/studies/export',
    access: 'list_export',
    summary: 'Download studies, series or instances as a zip of DICOM files with a DICOMDIR, optionally anonymized (streamed)',
    handler: async (req, res, { deps, auth }) => {
      const request = { Items: readItems(req), Anonymize: readAnonymize(req) };
      // The browser going away (or the answer failing) stops Orthanc's work and dcmmkdir.
      const gone = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) gone.abort();
      });
      const download = await openExport(deps, auth, request, gone.signal);
      for (const study of new Set(request.Items.map((item) => item.StudyInstanceUID)))
        deps.audit.record(req, auth, {
          action: 'study_export',
          study,
          details: { Anonymized: request.Anonymize, Instances: download.instances },
        });
      res.status(200);
      res.set({
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${download.fileName}"`,
        'cache-control': 'no-store',
        [EXPORT_HEADERS.instances]: String(download.instances),
        [EXPORT_HEADERS.bytes]: String(download.bytes),
      });
      await new Promise<void>((resolve) => {
        pipeline(download.stream, res, (error) => {
          if (error && !gone.signal.aborted) log.warn(`Export stream: ${error.message}`);
          resolve();
        });
      });
    },
  },
  {
    method: 'get',
    path: '/anonymized/all',
    access: 'signed',
    summary: "The configs' anonymization items (key, label, is_enabled)",
    handler: (_req, _res, { deps }) => listAnonymization(deps),
  },
];
