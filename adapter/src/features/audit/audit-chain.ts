/**
 * The audit log's hash chain, written once for the writer and the checker: a record's hash is
 * sha256 over the previous record's hash (hex), a newline and the record's canonical form (a JSON
 * array of its fields in a fixed order, details with sorted keys). The first record follows
 * GENESIS_HASH. Changing anything here breaks every stored chain: it is a storage format.
 */
import { createHash } from 'node:crypto';
import type { AuditAction, AuditOutcome } from '@pacs/common';

export const GENESIS_HASH = '0'.repeat(64);

/** A record as it is chained and stored (the row of audit_events without its hashes). */
export interface ChainRecord {
  id: number;
  at: Date;
  accountId: string | null;
  share: string | null;
  ip: string;
  action: AuditAction;
  outcome: AuditOutcome;
  studyInstanceUid: string | null;
  patientId: string | null;
  patientName: string | null;
  details: Record<string, unknown>;
}

/** JSON with object keys sorted at every level, so that jsonb's own key order does not matter. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function canonicalRecord(record: ChainRecord): string {
  return canonicalJson([
    record.id,
    record.at.toISOString(),
    record.accountId,
    record.share,
    record.ip,
    record.action,
    record.outcome,
    record.studyInstanceUid,
    record.patientId,
    record.patientName,
    record.details,
  ]);
}

export function chainHash(prevHash: string, record: ChainRecord): string {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalRecord(record)}`)
    .digest('hex');
}
