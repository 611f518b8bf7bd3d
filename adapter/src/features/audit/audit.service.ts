/**
 * The audit log's reading side: the administrators' search (`/events/all`, `/events/find`), the
 * retention setting and its daily job, and the chain check that `npm run audit:verify` and
 * `/events/verify` share. Writing is audit-log.ts. The routes declare who may call (admin).
 */
import {
  AUDIT_RETENTION_MAX_DAYS,
  DEFAULT_AUDIT_SETTINGS,
  isJsonObject,
  isStudySubject,
  type AuditAction,
  type AuditChainReport,
  type AuditEvent,
  type AuditOutcome,
  type AuditPage,
  type AuditQuery,
  type AuditSettings,
} from '@pacs/common';
import type { Db } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { log } from '../../log.ts';
import { selectServerSetting, upsertServerSetting } from '../security/security.sql.ts';
import { chainHash, GENESIS_HASH, type ChainRecord } from './audit-chain.ts';
import * as sql from './audit.sql.ts';

const SETTINGS_KEY = 'audit_log';

function toChainRecord(row: sql.AuditRow): ChainRecord {
  return {
    id: Number(row.id),
    at: row.at,
    accountId: row.account_id,
    share: row.share,
    ip: row.ip,
    action: row.action as AuditAction,
    outcome: row.outcome as AuditOutcome,
    studyInstanceUid: row.study_instance_uid,
    patientId: row.patient_id,
    patientName: row.patient_name,
    details: row.details,
  };
}

function toEvent(row: sql.AuditRow): AuditEvent {
  return {
    No: Number(row.id),
    At: row.at.toISOString(),
    Account: row.account_id,
    Share: row.share,
    IPAddress: row.ip,
    Action: row.action as AuditAction,
    Outcome: row.outcome as AuditOutcome,
    StudyInstanceUID: row.study_instance_uid,
    PatientID: row.patient_id,
    PatientName: row.patient_name,
    Details: row.details,
    Hash: row.hash,
  };
}

export async function findEvents(db: Db, query: AuditQuery): Promise<AuditPage> {
  const { total, rows } = await sql.selectEvents(db, query, query.Subject !== undefined && isStudySubject(query.Subject));
  return { Total: total, Events: rows.map(toEvent) };
}

export async function getAuditSettings(db: Db): Promise<AuditSettings> {
  const stored = await selectServerSetting(db, SETTINGS_KEY);
  return isJsonObject(stored) ? { ...DEFAULT_AUDIT_SETTINGS, ...(stored as Partial<AuditSettings>) } : { ...DEFAULT_AUDIT_SETTINGS };
}

export async function saveAuditSettings(db: Db, settings: AuditSettings): Promise<void> {
  if (!Number.isInteger(settings.RetentionDays) || settings.RetentionDays < 0 || settings.RetentionDays > AUDIT_RETENTION_MAX_DAYS) {
    throw new Error('RetentionDays out of range');
  }
  await upsertServerSetting(db, SETTINGS_KEY, settings);
}

/** Applies the retention once (every replica may: a second run finds nothing to remove). */
export async function applyRetention(deps: Pick<Deps, 'db' | 'audit'>, now = new Date()): Promise<number> {
  const { RetentionDays } = await getAuditSettings(deps.db);
  if (RetentionDays === 0) return 0;
  return deps.audit.prune(new Date(now.getTime() - RetentionDays * 86_400_000));
}

/** Runs the retention at start and then every `intervalMs`; answers a stop function. */
export function startRetentionJob(deps: Pick<Deps, 'db' | 'audit'>, intervalMs: number): () => void {
  const run = () =>
    applyRetention(deps).then(
      (removed) => removed > 0 && log.info(`Audit log: ${removed} record(s) past the retention removed`),
      (error: unknown) => log.warn(`Audit log retention not applied: ${String(error)}`),
    );
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Recomputes the whole chain in order. The first record follows GENESIS_HASH, or, when the log was
 * shortened by the retention, the last removed record that the newest audit_prune record names.
 * Answers the first record whose link or hash does not match.
 */
export async function verifyChain(db: Db, pageSize = 5000): Promise<AuditChainReport> {
  let checked = 0;
  let prev: { id: number; hash: string } | null = null;
  let afterId = 0;
  const broken = (id: number, problem: string): AuditChainReport => ({
    Ok: false,
    Checked: checked,
    FirstBroken: id,
    Problem: problem,
    Head: null,
  });
  for (;;) {
    const rows = await sql.selectChainPage(db, afterId, pageSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      const id = Number(row.id);
      if (prev === null) {
        if (id !== 1 || row.prev_hash !== GENESIS_HASH) {
          const cut = await sql.selectLastPrune(db);
          const details = cut?.details ?? {};
          if (Number(details.LastId) !== id - 1 || details.LastHash !== row.prev_hash) {
            return broken(id, 'The first record does not follow the start of the log or the last retention cut.');
          }
        }
      } else {
        if (id !== prev.id + 1) return broken(id, `Record ${prev.id + 1} is missing.`);
        if (row.prev_hash !== prev.hash) return broken(id, 'The record does not link to the record before it.');
      }
      if (chainHash(row.prev_hash, toChainRecord(row)) !== row.hash) return broken(id, 'The record was changed after it was written.');
      prev = { id, hash: row.hash };
      checked++;
    }
    afterId = prev?.id ?? afterId;
  }
  return { Ok: true, Checked: checked, FirstBroken: null, Problem: null, Head: prev?.hash ?? null };
}
