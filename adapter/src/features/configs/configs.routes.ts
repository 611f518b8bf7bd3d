/**
 * Application configs (spec 2 §7 "Settings and configs").
 * - GET  /configs/get?key=   → the whole configs tree, or the node at a dotted key (any signed user)
 * - POST /configs/init       form key, value (optional JSON) → run the version check/migrations (admin)
 * - PUT  /configs/replace    form key (dotted), value (JSON text of the node) → whole tree (admin)
 */
import { getAtPath } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { dottedKey, jsonField, optionalString } from '../../http/input.ts';
import { ensureConfigs, readConfigs, replaceConfigs } from './configs.service.ts';

export const configsRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/configs/get',
    access: 'signed',
    summary: 'Application configs',
    handler: async (req, _res, { deps }) => {
      const key = dottedKey(req, 'key', 'query');
      const node = getAtPath(await readConfigs(deps.db), key);
      if (node === undefined) throw new AppError('not_found');
      return node as object;
    },
  },
  {
    method: 'post',
    path: '/configs/init',
    access: 'admin',
    summary: 'Check and migrate the configs',
    handler: async (req, _res, { deps, auth }) => {
      const seed = optionalString(req, 'value') ? jsonField(req, 'value') : undefined;
      const result = await ensureConfigs(deps.db, seed);
      if (seed !== undefined) deps.audit.record(req, auth, { action: 'configs_change', details: { Key: '(init)' } });
      return result.configs;
    },
  },
  {
    method: 'put',
    path: '/configs/replace',
    access: 'admin',
    summary: 'Replace a configs node',
    handler: async (req, _res, { deps, auth }) => {
      const key = dottedKey(req);
      const configs = await replaceConfigs(deps.db, key, jsonField(req, 'value'));
      deps.audit.record(req, auth, { action: 'configs_change', details: { Key: key } });
      return configs;
    },
  },
];
