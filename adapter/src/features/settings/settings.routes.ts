/**
 * User settings (spec 2 §7 "Settings and configs").
 * - GET /service/settings          → {Id, Settings} of the signed user, upgraded when older.
 * - PUT /settings/replace          form Id, key (dotted), value (JSON text of {lastSegment: node})
 * - PUT /settings/replaceall       form Id, key (dotted or ''), value (JSON text of the node)
 * Anyone signed in edits their own settings; editing another account's needs admin.
 */
import type { Request } from 'express';
import { defaultSettings, isAdmin, type SettingsResponse } from '@pacs/common';
import type { AnyRouteSpec, SignedContext } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { dottedKey, jsonField, optionalString } from '../../http/input.ts';
import { loadSettings, replaceSettings, requireAccountId, siteLanguage } from './settings.service.ts';

function targetAccount(req: Request, { deps, auth }: SignedContext): Promise<string> | string {
  if (auth.accessKey !== null) throw new AppError('forbidden');
  const id = optionalString(req, 'Id', 'body', 256) ?? auth.accountId;
  if (id.toLowerCase() === auth.accountId.toLowerCase()) return auth.accountId;
  if (!isAdmin(auth.permissions)) throw new AppError('forbidden');
  return requireAccountId(deps.db, id);
}

function replaceRoute(mode: 'replace' | 'replaceall'): AnyRouteSpec {
  return {
    method: 'put',
    path: `/settings/${mode}`,
    access: 'signed',
    summary: mode === 'replace' ? 'Replace one settings node' : 'Replace settings at a key with a whole value',
    handler: async (req, _res, ctx): Promise<SettingsResponse> => {
      const id = await targetAccount(req, ctx);
      const key = dottedKey(req);
      const settings = await replaceSettings(ctx.deps.db, id, key, jsonField(req, 'value'), mode);
      ctx.deps.audit.record(req, ctx.auth, { action: 'settings_change', details: { Account: id, Key: key } });
      return { Id: id, Settings: settings };
    },
  };
}

export const settingsRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/service/settings',
    access: 'signed',
    summary: 'Settings of the signed user',
    handler: async (_req, _res, { deps, auth }): Promise<SettingsResponse> => ({
      Id: auth.accountId,
      // Share guests get the defaults, never stored: many people share one guest account.
      Settings: auth.accessKey !== null ? defaultSettings(await siteLanguage(deps.db)) : await loadSettings(deps.db, auth.accountId),
    }),
  },
  replaceRoute('replace'),
  replaceRoute('replaceall'),
];
