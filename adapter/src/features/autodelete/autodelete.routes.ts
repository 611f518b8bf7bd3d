/**
 * Auto-delete (issue 16; spec 3 §7 "Auto-delete"). `POST /autodelete/run` is not named by the
 * spec: it is the screen's "Run now". Everything needs the admin permission.
 * - GET /autodeletesettings/find     → AutoDeleteSettingsFind (the settings, and Available: false
 *                                    where the cloud plan forbids auto-delete)
 * - PATCH /autodeletesettings/update form or JSON, any fields of AutoDeleteSettings (the others keep
 *                                    their value): Enabled, DeleteNow, KeepDraftReports, KeepShared
 *                                    true/false; Hour 0–23; Lifetime days 0–36,500; NumberOfStudies
 *                                    0–100,000,000; Capacity GB (1024³ bytes) 0–1,000,000 with up to
 *                                    9 decimals; empty Lifetime/NumberOfStudies/Capacity mean 0 (no
 *                                    rule); *Column CreatedAt or StudyDate → AutoDeleteSettingsFind.
 *                                    400 with the fields' messages (nothing saved); 403
 *                                    auto_delete_not_available when enabling it where the plan forbids it
 * - POST /autodelete/run             → AutoDeleteRun: applies the rules now, whether or not the daily
 *                                    run is enabled; 409 while another run is going; 403
 *                                    auto_delete_not_available
 * - GET /autodelete/results?limit&offset → AutoDeleteRunList, newest first (limit 1–1000, default 100)
 */
import { mergeAutoDeleteSettings } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { optionalInt } from '../../http/input.ts';
import {
  findAutoDeleteSettings,
  listAutoDeleteRuns,
  readAutoDeleteSettings,
  runAutoDelete,
  updateAutoDeleteSettings,
} from './autodelete.service.ts';

export const autodeleteRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/autodeletesettings/find',
    access: 'admin',
    summary: 'Auto-delete settings',
    handler: (_req, _res, { deps }) => findAutoDeleteSettings(deps),
  },
  {
    method: 'patch',
    path: '/autodeletesettings/update',
    access: 'admin',
    summary: 'Change the auto-delete settings',
    handler: async (req, _res, { deps }) => {
      const merged = mergeAutoDeleteSettings(await readAutoDeleteSettings(deps), req.body as Record<string, unknown>);
      if ('problems' in merged) throw new AppError('validation_failed', merged.problems);
      return updateAutoDeleteSettings(deps, merged.settings);
    },
  },
  {
    method: 'post',
    path: '/autodelete/run',
    access: 'admin',
    summary: 'Run auto-delete now',
    handler: (_req, _res, { deps, auth }) => runAutoDelete(deps, { trigger: 'manual', accountId: auth.accountId }),
  },
  {
    method: 'get',
    path: '/autodelete/results',
    access: 'admin',
    summary: 'Auto-delete runs, newest first',
    handler: (req, _res, { deps }) =>
      listAutoDeleteRuns(deps, {
        limit: optionalInt(req, 'limit', 1, 1000, 'query') ?? 100,
        offset: optionalInt(req, 'offset', 0, 1_000_000_000, 'query') ?? 0,
      }),
  },
];
