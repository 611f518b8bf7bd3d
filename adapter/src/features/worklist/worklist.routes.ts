/**
 * The modality worklist (issue 17; spec 2 §7 "Worklist"), permission mwm, on-premises editions
 * only (403 elsewhere). Payloads are not in the spec: they follow the DICOM Modality Worklist
 * attributes (common/src/worklist.ts). Entries are keyed by their StudyInstanceUID (`UID`).
 * - GET /mwm/search     limit (≤ 1000, default 100), offset, repeated orderby (`key[ asc|desc]`,
 *                       default updatedat desc), filters as /studies/search: PatientID,
 *                       PatientName, AccessionNumber, StudyDescription, RequestedProcedureID,
 *                       ReferringPhysicianName, PerformingPhysicianName, AETitle, PatientSex
 *                       (`%x%` partial, `x` perfect, `x%`, `%x`); Modality=CT,MR;
 *                       Status=none,in_progress,… (default: all but deleted); StudyDate (the
 *                       scheduled date) and PatientBirthDate ranges; period=today|yesterday|pastweek;
 *                       uid (one entry: the study list's link to a study's order)
 *                       → WorklistList {Count, Items, Limit, Offset, RequestedAt}
 * - POST /mwm/create    JSON WorklistEntryInput (ScheduledProcedureStep nested; a form may send it
 *                       as a JSON text) → WorklistItem with its new UID; its worklist file written
 * - PATCH /mwm/update   JSON WorklistUpdateInput: the whole entry by UID, Status none|disabled
 *                       optional → WorklistItem; 404 unknown or deleted; 409 a started entry's status
 * - DELETE /mwm/delete?uid=   → {}; the entry is marked deleted and its file removed; 404 unknown
 * Bad input answers 400 with a message per field (ScheduledProcedureStep fields named alone); an
 * accession number held by another entry 409 {AccessionNumber}.
 */
import type { Request } from 'express';
import {
  isDicomUid,
  parseWorklistSearch,
  worklistEntryProblems,
  worklistUpdateProblems,
  WORKLIST_DEFAULT_LIMIT,
  WORKLIST_DEFAULT_ORDER,
  WORKLIST_MAX_LIMIT,
  type WorklistEntryInput,
  type WorklistProblems,
  type WorklistUpdateInput,
} from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { invalid, jsonField, optionalInt, requiredString } from '../../http/input.ts';
import { createEntry, deleteEntry, searchWorklist, updateEntry } from './worklist.service.ts';

/** The body with ScheduledProcedureStep parsed when it came as a JSON text (a form). */
function body(req: Request): Record<string, unknown> {
  const fields = req.body as Record<string, unknown>;
  const step = typeof fields.ScheduledProcedureStep === 'string' ? jsonField(req, 'ScheduledProcedureStep') : fields.ScheduledProcedureStep;
  return { ...fields, ScheduledProcedureStep: step };
}

function refuse(problems: WorklistProblems): void {
  if (Object.keys(problems).length > 0) throw new AppError('validation_failed', problems as Record<string, string>);
}

export const worklistRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/mwm/search',
    access: 'mwm',
    summary: 'Search the modality worklist',
    handler: (req, _res, { deps }) => {
      const query = req.query as Record<string, unknown>;
      const parsed = parseWorklistSearch(query);
      if (!parsed.ok) throw new AppError('validation_failed', parsed.problems);
      // Spec 2 §4 "Ordering": the default order is appended as a secondary key.
      const search = { ...parsed.value, order: [...parsed.value.order, ...WORKLIST_DEFAULT_ORDER] };
      return searchWorklist(deps, search, {
        limit: optionalInt(req, 'limit', 1, WORKLIST_MAX_LIMIT, 'query') ?? WORKLIST_DEFAULT_LIMIT,
        offset: optionalInt(req, 'offset', 0, 1_000_000_000, 'query') ?? 0,
      });
    },
  },
  {
    method: 'post',
    path: '/mwm/create',
    access: 'mwm',
    summary: 'Schedule a worklist entry (writes its worklist file)',
    handler: (req, _res, { deps, auth }) => {
      const input = body(req);
      refuse(worklistEntryProblems(input));
      return createEntry(deps, auth, input as unknown as WorklistEntryInput);
    },
  },
  {
    method: 'patch',
    path: '/mwm/update',
    access: 'mwm',
    summary: 'Change a worklist entry by UID',
    handler: (req, _res, { deps }) => {
      const input = body(req);
      refuse(worklistUpdateProblems(input));
      const update = input as unknown as WorklistUpdateInput;
      return updateEntry(deps, update.UID, update, update.Status);
    },
  },
  {
    method: 'delete',
    path: '/mwm/delete',
    access: 'mwm',
    summary: 'Delete a worklist entry by UID (removes its worklist file)',
    handler: async (req, _res, { deps }) => {
      const uid = requiredString(req, 'uid', 'query', 64);
      if (!isDicomUid(uid)) throw invalid('uid');
      await deleteEntry(deps, uid);
    },
  },
];
