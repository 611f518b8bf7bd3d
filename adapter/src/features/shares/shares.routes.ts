/**
 * Shares (spec 3 §2–§7). Form-encoded like the spec: No, Institution, Role, Account, ExpiresAt,
 * repeated Modality (patient shares); plus uid (a study share's StudyInstanceUID) or id (a patient
 * share's PatientID) on create. Needs the share permission, and the sharer must see what they share.
 * - GET /sharestudies/all, /sharepatients/all       shares the caller made (administrators: all)
 * - GET /sharestudies/fromstudy?uid=, /sharepatients/frompatient?id=
 * - POST …/create, PATCH …/update (No), DELETE …/delete?no=
 * - GET /shares/count                               → {SharePatients, ShareStudies} (the caller's)
 * A share names an institution (not 0), optionally a role in it, optionally an account in that
 * role; or nobody, which makes it a guest share with an unguessable access key. ExpiresAt is a
 * date (YYYY-MM-DD, or with a time) taken at 23:59:59 in the site's time zone; past dates are
 * refused, and so are days more than SHARE_EXPIRY_MAX_MONTHS ahead (@pacs/common). The licence's
 * monthly limit (MAX_MONTHLY_SHARES; 0 = none) answers 409.
 * The rules (what a share may reach, who sees its key) are in shares.service.ts.
 */
import type { Request } from 'express';
import { MESSAGES, shareEditProblems, type PermissionKey, type ShareItem } from '@pacs/common';
import type { AuditEntry } from '../audit/audit-log.ts';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { invalid, optionalInt, optionalString, requiredString } from '../../http/input.ts';
import {
  assertShareRules,
  countShares,
  createShare,
  deleteShare,
  listShares,
  sharesOfPatient,
  sharesOfStudy,
  updateShare,
  type Kind,
  type ShareRequest,
} from './shares.service.ts';

const SHARERS: readonly PermissionKey[] = ['share', 'list_share'];

/** The form of a create or update, read once. */
function shareRequest(req: Request, kind: Kind): ShareRequest {
  const institution = optionalInt(req, 'Institution', 0, 1_000_000_000) ?? null;
  const role = optionalInt(req, 'Role', 0, 1_000_000_000) || null;
  const account = optionalString(req, 'Account', 'body', 256) || null;
  const raw = optionalString(req, 'ExpiresAt', 'body', 40);
  const dayMatch = raw ? /^(\d{4})[-/](\d{2})[-/](\d{2})/.exec(raw) : null;
  if (raw && !dayMatch) throw invalid('ExpiresAt');
  const expiryDay = dayMatch ? `${dayMatch[1]}-${dayMatch[2]}-${dayMatch[3]}` : undefined;
  return { institution, role, account, expiryDay, modalities: kind === 'patient' ? modalitiesOf(req) : [] };
}

function modalitiesOf(req: Request): string[] {
  const raw = (req.body as Record<string, unknown>).Modality;
  const list = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).map((item) => String(item).trim().toUpperCase()).filter(Boolean);
  assertShareRules(
    shareEditProblems({ Institution: null, Role: null, Account: null, Modality: list }, { today: '', expiryRequired: false }),
  );
  return [...new Set(list)];
}

/** What the audit log keeps of a share: its subject and with whom (never a guest's access key). */
function shareAudit(kind: Kind, share: ShareItem): Pick<AuditEntry, 'study' | 'patientId' | 'details'> {
  return {
    study: share.StudyInstanceUID,
    patientId: share.PatientID,
    details: { Share: `${kind}-${share.No}`, SharedWith: share.SharedWith, Type: share.Type, ExpiresAt: share.ExpiresAt },
  };
}

function routesFor(kind: Kind): AnyRouteSpec[] {
  const base = kind === 'study' ? '/sharestudies' : '/sharepatients';
  return [
    {
      method: 'get',
      path: `${base}/all`,
      access: SHARERS,
      summary: `${kind === 'study' ? 'Study' : 'Patient'} shares the caller made (administrators: all)`,
      handler: (_req, _res, { deps, auth }) => listShares(deps, auth, kind),
    },
    {
      method: 'get',
      path: kind === 'study' ? `${base}/fromstudy` : `${base}/frompatient`,
      access: SHARERS,
      summary: `Shares of a ${kind}`,
      handler: (req, _res, { deps, auth }) =>
        kind === 'study'
          ? sharesOfStudy(deps, auth, requiredString(req, 'uid', 'query', 64))
          : sharesOfPatient(deps, auth, requiredString(req, 'id', 'query', 64)),
    },
    {
      method: 'post',
      path: `${base}/create`,
      access: SHARERS,
      summary: `Share a ${kind}`,
      handler: async (req, _res, { deps, auth }) => {
        const request = shareRequest(req, kind);
        const subject =
          kind === 'study'
            ? { kind, uid: requiredString(req, 'uid', 'body', 64) }
            : { kind, patientId: requiredString(req, 'id', 'body', 64) };
        const share = await createShare(deps, auth, subject, request);
        deps.audit.record(req, auth, {
          action: 'share_create',
          study: subject.kind === 'study' ? subject.uid : null,
          patientId: subject.kind === 'patient' ? subject.patientId : null,
          details: { Share: `${kind}-${share.No}`, Guest: share.AccessKey !== null },
        });
        return share;
      },
    },
    {
      method: 'patch',
      path: `${base}/update`,
      access: SHARERS,
      summary: `Change a ${kind} share`,
      handler: async (req, _res, { deps, auth }) => {
        const no = optionalInt(req, 'No', 1, Number.MAX_SAFE_INTEGER);
        if (no === undefined) throw invalid('No', MESSAGES.required);
        const share = await updateShare(deps, auth, kind, no, shareRequest(req, kind));
        deps.audit.record(req, auth, { action: 'share_update', ...shareAudit(kind, share) });
        return share;
      },
    },
    {
      method: 'delete',
      path: `${base}/delete`,
      access: SHARERS,
      summary: `Stop a ${kind} share`,
      handler: async (req, _res, { deps, auth }) => {
        const no = optionalInt(req, 'no', 1, Number.MAX_SAFE_INTEGER, 'query');
        if (no === undefined) throw invalid('no', MESSAGES.required);
        await deleteShare(deps, auth, kind, no);
        deps.audit.record(req, auth, { action: 'share_delete', details: { Share: `${kind}-${no}` } });
        return {};
      },
    },
  ];
}

export const sharesRoutes: AnyRouteSpec[] = [
  ...routesFor('study'),
  ...routesFor('patient'),
  {
    method: 'get',
    path: '/shares/count',
    access: SHARERS,
    summary: 'How many shares the caller made',
    handler: (_req, _res, { deps, auth }) => countShares(deps, auth),
  },
];
