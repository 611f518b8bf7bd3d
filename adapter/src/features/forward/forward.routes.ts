/**
 * Forward (issue 15; routes not named by the spec). Permission list_forward, which the cloud and
 * teleradiology editions never grant (spec 1 §6).
 * - POST /forward/create   form or JSON: Destination (send destination No), Items (JSON array of
 *                          {StudyInstanceUID, SeriesInstanceUID?, SOPInstanceUID?}; at most 200
 *                          studies) → [ForwardJob], one per study, sent by this replica's own
 *                          C-STORE SCU (a bounded number at once, the rest queued).
 *                          404 when any named study, series or instance is not one the caller sees.
 * - GET /forward/all       → [ForwardJob] the caller's forwards of the last 24 hours (an
 *                          administrator's: everyone's), with their progress as the sending
 *                          replica wrote it (any replica answers the same) and the instances a
 *                          destination refused (Refused: UID, series and instance numbers,
 *                          reason; InstancesNotSent once a forward stopped)
 * - POST /forward/cancel   form Id → ForwardJob
 */
import type { AnyRouteSpec } from '../../http/routes.ts';
import { requiredInt, resourceItems } from '../../http/input.ts';
import { cancelForward, createForward, listForwards } from './forward.service.ts';

export const forwardRoutes: AnyRouteSpec[] = [
  {
    method: 'post',
    path: '/forward/create',
    access: 'list_forward',
    summary: 'Forward studies, series or instances to a send destination (C-STORE, one forward per study)',
    handler: async (req, _res, { deps, auth }) => {
      const jobs = await createForward(deps, auth, requiredInt(req, 'Destination', 1, 2_147_483_647), resourceItems(req, 100_000));
      for (const job of jobs)
        deps.audit.record(req, auth, {
          action: 'study_forward',
          study: job.StudyInstanceUID,
          details: { Job: job.Id, Destination: job.DestinationName, CalledAETitle: job.CalledAETitle, Scope: job.Scope },
        });
      return jobs;
    },
  },
  {
    method: 'get',
    path: '/forward/all',
    access: 'list_forward',
    summary: "The caller's forwards of the last 24 hours with their progress",
    handler: (_req, _res, { deps, auth }) => listForwards(deps, auth),
  },
  {
    method: 'post',
    path: '/forward/cancel',
    access: 'list_forward',
    summary: 'Cancel a running forward',
    handler: (req, _res, { deps, auth }) => cancelForward(deps, auth, requiredInt(req, 'Id', 1, Number.MAX_SAFE_INTEGER)),
  },
];
