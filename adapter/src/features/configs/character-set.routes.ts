/**
 * The site's default specific character set (spec 3 §7), edited under admin/general/localization.
 * - GET   /defaultspecificcharactersetssettings/find     → {Name, list: [{Name, label}]} (admin)
 * - PATCH /defaultspecificcharactersetssettings/update   form or JSON Name (a DICOM defined term,
 *                                                        e.g. ISO_IR 192) → the same shape; pushed to
 *                                                        every Orthanc node before it is stored (admin)
 */
import type { AnyRouteSpec } from '../../http/routes.ts';
import { characterSetStatus, updateCharacterSet } from './character-set.service.ts';

export const characterSetRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/defaultspecificcharactersetssettings/find',
    access: 'admin',
    summary: 'The default specific character set and the choices',
    handler: (_req, _res, { deps }) => characterSetStatus(deps),
  },
  {
    method: 'patch',
    path: '/defaultspecificcharactersetssettings/update',
    access: 'admin',
    summary: 'Set the default specific character set (pushed to Orthanc)',
    handler: async (req, _res, { deps, auth }) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const status = await updateCharacterSet(deps, body.Name);
      deps.audit.record(req, auth, { action: 'configs_change', details: { Key: 'default_specific_character_set', Name: status.Name } });
      return status;
    },
  },
];
