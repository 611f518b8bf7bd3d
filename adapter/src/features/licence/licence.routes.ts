/**
 * The licence (spec 3 §3 "Server info", §7 "Server and licence").
 * - GET  /service/info     signed: {LicenseId, LicenseStatus, DatabaseStatus}; the limits are
 *   those in force (environment overrides applied); IsEmpty without a licence (every limit 0 =
 *   unlimited). The database's counts only for admins (zero for others).
 * - POST /server/activate  admin: body {License: the licence file's text}; installs it, or 400
 *   licence_refused with the reason (format, signature, no trusted key, period).
 */
import { LICENCE_FILE_MAX_BYTES, isAdmin, type ServiceInfo } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { requiredString } from '../../http/input.ts';
import { activateLicence, serviceInfo } from './licence.service.ts';

export const licenceRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/service/info',
    access: 'signed',
    summary: 'The licence in force, its limits, and the database status',
    handler: async (_req, res, { deps, auth }): Promise<ServiceInfo> => {
      res.set('cache-control', 'no-store');
      const info = await serviceInfo(deps);
      if (isAdmin(auth.permissions)) return info;
      return { ...info, DatabaseStatus: { ...info.DatabaseStatus, NumberOfAccounts: 0, NumberOfStudies: 0 } };
    },
  },
  {
    method: 'post',
    path: '/server/activate',
    access: 'admin',
    summary: 'Activate a licence file (verified by its Ed25519 signature)',
    handler: (req, _res, { deps, auth }): Promise<ServiceInfo> =>
      activateLicence(deps, auth, requiredString(req, 'License', 'body', LICENCE_FILE_MAX_BYTES)),
  },
];
