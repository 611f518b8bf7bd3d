/**
 * The recycle bin (issue 16; spec 2 §7 "Recycle bin", spec 3 §7). `POST /studies/delete` is not
 * named by the spec; the rest are the spec's calls.
 * - POST /studies/delete            (list_delete) JSON or form Items: [{StudyInstanceUID,
 *                                   SeriesInstanceUID?, SOPInstanceUID?}] (≤ 10,000) → DeleteResult.
 *                                   Moves them to the bin; 404 (and nothing moves) when any is not
 *                                   one the caller sees.
 * - GET /trashbox/studies?orderby=createdat+desc|asc&limit&offset   (admin) → TrashStudyList
 * - GET /trashbox/series?studyid=study-N          (admin) → TrashSeries[]
 * - GET /trashbox/instances?seriesid=series-N     (admin) → TrashInstance[]
 * - POST /trashbox/restorerequest?id=…&id=… | id=all   (admin) → RestoreResult; 409 when one is
 *                                   being deleted for good
 * - DELETE /trashbox/delete?id=…&id=… | id=all    (admin) → TrashDeleteRun (FinishedAt null when
 *                                   it is still going after a few seconds)
 * - GET /trashdelete/results        (admin) → TrashDeleteRun[], newest first (the last 200)
 * - GET /trashboxsettings/find      (admin) → TrashSettings
 * - PATCH /trashboxsettings/update  (admin) form TrashRetentionPeriod (days, 1–3650) → TrashSettings
 * Ids name a level and an index row: study-12, series-34, instance-56 (common/src/trash.ts).
 */
import type { Request } from 'express';
import { DELETE_MAX_ITEMS, parseTrashId, trashRetentionProblem } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { invalid, optionalInt, optionalString, requiredString, resourceItems } from '../../http/input.ts';
import {
  binInstances,
  binSeries,
  deleteForGood,
  listBin,
  listRuns,
  moveToBin,
  readTrashSettings,
  restore,
  updateTrashSettings,
  type BinId,
} from './trash.service.ts';

const MAX_IDS = 10_000;

/** One bin id from the query. */
function binId(req: Request, name: string): BinId {
  const parsed = parseTrashId(requiredString(req, name, 'query', 40));
  if (!parsed) throw invalid(name);
  return parsed;
}

/** `id` repeated, or `id=all`. */
function binIds(req: Request): BinId[] | 'all' {
  const raw = req.query.id;
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  if (values.length === 0 || values.length > MAX_IDS) throw invalid('id');
  if (values.length === 1 && values[0] === 'all') return 'all';
  return values.map((value) => {
    const parsed = parseTrashId(value);
    if (!parsed) throw invalid('id');
    return parsed;
  });
}

export const trashRoutes: AnyRouteSpec[] = [
  {
    method: 'post',
    path: '/studies/delete',
    access: 'list_delete',
    summary: 'Move studies, series or instances to the recycle bin',
    handler: async (req, _res, { deps, auth }) => {
      const items = resourceItems(req, DELETE_MAX_ITEMS);
      const result = await moveToBin(deps, auth, items);
      for (const study of new Set(items.map((item) => item.StudyInstanceUID)))
        deps.audit.record(req, auth, {
          action: 'study_delete',
          study,
          details: { Items: items.filter((item) => item.StudyInstanceUID === study).length },
        });
      return result;
    },
  },
  {
    method: 'get',
    path: '/trashbox/studies',
    access: 'admin',
    summary: 'Studies in the recycle bin, with the total size',
    handler: (req, _res, { deps }) => {
      const order = optionalString(req, 'orderby', 'query', 40)?.trim().toLowerCase() ?? 'createdat desc';
      if (order !== 'createdat desc' && order !== 'createdat asc' && order !== 'createdat') throw invalid('orderby');
      return listBin(deps, {
        newestFirst: order === 'createdat desc',
        limit: optionalInt(req, 'limit', 1, 1000, 'query') ?? 100,
        offset: optionalInt(req, 'offset', 0, 1_000_000_000, 'query') ?? 0,
      });
    },
  },
  {
    method: 'get',
    path: '/trashbox/series',
    access: 'admin',
    summary: 'Series of a study in the recycle bin',
    handler: (req, _res, { deps }) => binSeries(deps, binId(req, 'studyid')),
  },
  {
    method: 'get',
    path: '/trashbox/instances',
    access: 'admin',
    summary: 'Instances of a series in the recycle bin',
    handler: (req, _res, { deps }) => binInstances(deps, binId(req, 'seriesid')),
  },
  {
    method: 'post',
    path: '/trashbox/restorerequest',
    access: 'admin',
    summary: 'Restore items (or all) from the recycle bin',
    handler: async (req, _res, { deps, auth }) => {
      const ids = binIds(req);
      const result = await restore(deps, ids);
      deps.audit.record(req, auth, {
        action: 'trash_restore',
        details: { Items: ids === 'all' ? ids : ids.map((item) => `${item.level}-${item.id}`) },
      });
      return result;
    },
  },
  {
    method: 'delete',
    path: '/trashbox/delete',
    access: 'admin',
    summary: 'Delete items (or all) in the recycle bin for good',
    handler: async (req, _res, { deps, auth }) => {
      const ids = binIds(req);
      const result = await deleteForGood(deps, { trigger: 'manual', accountId: auth.accountId, ids });
      deps.audit.record(req, auth, {
        action: 'trash_purge',
        details: { Items: ids === 'all' ? ids : ids.map((item) => `${item.level}-${item.id}`) },
      });
      return result;
    },
  },
  {
    method: 'get',
    path: '/trashdelete/results',
    access: 'admin',
    summary: 'Permanent delete runs, newest first',
    handler: (_req, _res, { deps }) => listRuns(deps),
  },
  {
    method: 'get',
    path: '/trashboxsettings/find',
    access: 'admin',
    summary: 'Recycle bin retention setting',
    handler: (_req, _res, { deps }) => readTrashSettings(deps),
  },
  {
    method: 'patch',
    path: '/trashboxsettings/update',
    access: 'admin',
    summary: 'Change the recycle bin retention (days)',
    handler: async (req, _res, { deps, auth }) => {
      const value: unknown = (req.body as Record<string, unknown>).TrashRetentionPeriod;
      const problem = trashRetentionProblem(typeof value === 'number' ? value : typeof value === 'string' ? value : undefined);
      if (problem) throw invalid('TrashRetentionPeriod', problem);
      const saved = await updateTrashSettings(deps, { TrashRetentionPeriod: Number(value) });
      deps.audit.record(req, auth, { action: 'settings_change', details: { Setting: 'trashbox', TrashRetentionPeriod: Number(value) } });
      return saved;
    },
  },
];
