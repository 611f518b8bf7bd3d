/**
 * The audit log (spec 2 §7, admin/general/log), for administrators only: it names patients and
 * who looked at them.
 * - GET /events/all?Limit&Offset          → AuditPage, newest first (Limit 1–500, default 50)
 * - GET /events/find?From&To&Account&Action&Subject&IPAddress&Limit&Offset → AuditPage. From/To:
 *   calendar days YYYY-MM-DD (UTC, inclusive); Account: exact id, any case; Action: one of
 *   AUDIT_ACTIONS; Subject: a StudyInstanceUID, a PatientID or part of a patient's name; IPAddress:
 *   the start of an address. A bad field answers 400 with its message by field.
 * - GET /events/verify                    → AuditChainReport (the check `npm run audit:verify` runs)
 * - GET /eventsettings/find               → AuditSettings
 * - PATCH /eventsettings/update           form RetentionDays (0 = keep for ever, ≤ 36500)
 * - GET /eventexport/find                 → AuditExport: the syslog collector (Enabled, Host, Port,
 *   Transport tcp|tls, CACertificate PEM) and how this server's export is doing (State)
 * - PATCH /eventexport/update             form Enabled, Host, Port, Transport, CACertificate → AuditExport;
 *   parsed by common's parseAuditExport, a bad field answers 400 with its message by field
 */
import { AUDIT_RETENTION_MAX_DAYS, parseAuditExport, parseAuditQuery, type AuditExport, type AuditQuery } from '@pacs/common';
import type { Request } from 'express';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { requiredInt } from '../../http/input.ts';
import type { Deps } from '../../deps.ts';
import { findEvents, getAuditSettings, saveAuditSettings, verifyChain } from './audit.service.ts';
import { loadExportSettings } from './syslog-sender.ts';

const NO_EXPORT_STATE = { Connected: false, Queued: 0, Sent: 0, Dropped: 0, LastError: '' };

async function auditExport(deps: Deps): Promise<AuditExport> {
  const settings = await loadExportSettings(deps.db);
  return { ...settings, State: deps.audit.exporter?.state() ?? NO_EXPORT_STATE };
}

function readQuery(req: Request, fields: readonly string[]): AuditQuery {
  const raw: Record<string, unknown> = {};
  for (const field of fields) raw[field] = (req.query as Record<string, unknown>)[field];
  const { query, problems } = parseAuditQuery(raw);
  const first = Object.values(problems)[0];
  if (first !== undefined) throw new AppError('validation_failed', problems, first);
  return query;
}

export const auditRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/events/all',
    access: 'admin',
    summary: 'Audit log, newest first',
    handler: (req, _res, { deps }) => findEvents(deps.db, readQuery(req, ['Limit', 'Offset'])),
  },
  {
    method: 'get',
    path: '/events/find',
    access: 'admin',
    summary: 'Search the audit log',
    handler: (req, _res, { deps }) =>
      findEvents(deps.db, readQuery(req, ['From', 'To', 'Account', 'Action', 'Subject', 'IPAddress', 'Limit', 'Offset'])),
  },
  {
    method: 'get',
    path: '/events/verify',
    access: 'admin',
    summary: "Check the audit log's hash chain",
    handler: async (_req, _res, { deps }) => {
      await deps.audit.flush();
      return verifyChain(deps.db);
    },
  },
  {
    method: 'get',
    path: '/eventsettings/find',
    access: 'admin',
    summary: 'Audit log retention',
    handler: (_req, _res, { deps }) => getAuditSettings(deps.db),
  },
  {
    method: 'patch',
    path: '/eventsettings/update',
    access: 'admin',
    summary: 'Change the audit log retention',
    handler: async (req, _res, { deps, auth }) => {
      const next = { RetentionDays: requiredInt(req, 'RetentionDays', 0, AUDIT_RETENTION_MAX_DAYS) };
      await saveAuditSettings(deps.db, next);
      deps.audit.record(req, auth, { action: 'audit_settings_change', details: { ...next } });
      return next;
    },
  },
  {
    method: 'get',
    path: '/eventexport/find',
    access: 'admin',
    summary: "The audit log's export to a syslog collector, and its state",
    handler: (_req, res, { deps }) => {
      res.set('cache-control', 'no-store');
      return auditExport(deps);
    },
  },
  {
    method: 'patch',
    path: '/eventexport/update',
    access: 'admin',
    summary: "Set the audit log's syslog collector (TCP or TLS) or turn the export off",
    handler: async (req, _res, { deps, auth }) => {
      const fields = ['Enabled', 'Host', 'Port', 'Transport', 'CACertificate'];
      const raw = Object.fromEntries(fields.map((field) => [field, (req.body as Record<string, unknown>)[field]]));
      const { settings, problems } = parseAuditExport(raw);
      const first = Object.values(problems)[0];
      if (first !== undefined) throw new AppError('validation_failed', problems, first);
      if (!deps.audit.exporter) throw new AppError('not_found');
      await deps.audit.exporter.save(settings);
      const { CACertificate, ...shown } = settings;
      deps.audit.record(req, auth, {
        action: 'audit_settings_change',
        details: { Export: { ...shown, CACertificate: CACertificate !== '' } },
      });
      return auditExport(deps);
    },
  },
];
