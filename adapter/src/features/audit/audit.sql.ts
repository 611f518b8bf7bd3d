/** Every SQL statement of the audit log: the chained append, the search, retention and the check. */
import type { AuditQuery } from '@pacs/common';
import type { Db, DbClient } from '../../db/pool.ts';
import type { ChainRecord } from './audit-chain.ts';

/** Held for the length of one append transaction: the chain has one writer at a time, across replicas. */
const CHAIN_LOCK = 724_110_019;

export interface AuditRow {
  id: number;
  at: Date;
  account_id: string | null;
  share: string | null;
  ip: string;
  action: string;
  outcome: string;
  study_instance_uid: string | null;
  patient_id: string | null;
  patient_name: string | null;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

export async function lockChain(client: DbClient): Promise<void> {
  await client.query('select pg_advisory_xact_lock($1)', [CHAIN_LOCK]);
}

/** The chain's last record (id and hash), undefined while the log is empty. */
export async function selectHead(client: DbClient | Db): Promise<{ id: number; hash: string } | undefined> {
  const { rows } = await client.query<{ id: number; hash: string }>('select id, hash from audit_events order by id desc limit 1');
  return rows[0];
}

/** Patient of each named study, from the index (a study not indexed has none). */
export async function selectPatients(client: DbClient, uids: string[]): Promise<Map<string, { patientId: string; patientName: string }>> {
  const found = new Map<string, { patientId: string; patientName: string }>();
  if (uids.length === 0) return found;
  const { rows } = await client.query<{ study_instance_uid: string; patient_id: string; patient_name: string }>(
    'select study_instance_uid, patient_id, patient_name from studies where study_instance_uid = any($1)',
    [uids],
  );
  for (const row of rows) found.set(row.study_instance_uid, { patientId: row.patient_id, patientName: row.patient_name });
  return found;
}

/** The share each guest access key opens, as `study-12` / `patient-3`. */
export async function selectSharesOfKeys(client: DbClient, keys: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (keys.length === 0) return found;
  const { rows } = await client.query<{ access_key: string; share: string }>(
    `select access_key, 'study-' || no as share from share_studies where access_key = any($1)
     union all
     select access_key, 'patient-' || no from share_patients where access_key = any($1)`,
    [keys],
  );
  for (const row of rows) found.set(row.access_key, row.share);
  return found;
}

export async function insertRecords(client: DbClient, records: { record: ChainRecord; prevHash: string; hash: string }[]): Promise<void> {
  const columns = 13;
  const values: unknown[] = [];
  const tuples = records.map(({ record, prevHash, hash }, index) => {
    values.push(
      record.id,
      record.at,
      record.accountId,
      record.share,
      record.ip,
      record.action,
      record.outcome,
      record.studyInstanceUid,
      record.patientId,
      record.patientName,
      JSON.stringify(record.details),
      prevHash,
      hash,
    );
    return `(${Array.from({ length: columns }, (_, column) => `$${index * columns + column + 1}`).join(',')})`;
  });
  await client.query(
    `insert into audit_events (id, at, account_id, share, ip, action, outcome, study_instance_uid, patient_id, patient_name, details, prev_hash, hash)
     values ${tuples.join(',')}`,
    values,
  );
}

/** Removes the records older than `keepFrom` (through audit_prune, the only delete the trigger lets by). */
export async function prune(
  client: DbClient,
  keepFrom: Date,
): Promise<{ removed: number; lastId: number | null; lastHash: string | null }> {
  const { rows } = await client.query<{ removed: number; last_id: number | null; last_hash: string | null }>(
    'select removed, last_id, last_hash from audit_prune($1)',
    [keepFrom],
  );
  const row = rows[0];
  return { removed: Number(row?.removed ?? 0), lastId: row?.last_id ?? null, lastHash: row?.last_hash ?? null };
}

function where(query: Omit<AuditQuery, 'Limit' | 'Offset'>, studySubject: boolean): { text: string; values: unknown[] } {
  const clauses: string[] = [];
  const values: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    values.push(value);
    clauses.push(clause(`$${values.length}`));
  };
  // Calendar days in UTC, both ends inclusive.
  if (query.From) add((n) => `at >= ${n}::date::timestamp at time zone 'UTC'`, query.From);
  if (query.To) add((n) => `at < (${n}::date + 1)::timestamp at time zone 'UTC'`, query.To);
  if (query.Account) add((n) => `lower(account_id) = lower(${n})`, query.Account);
  if (query.Action) add((n) => `action = ${n}`, query.Action);
  if (query.Subject) {
    if (studySubject) add((n) => `study_instance_uid = ${n}`, query.Subject);
    else
      add(
        (n) =>
          `(patient_id = ${n} or patient_name ilike '%' || replace(replace(replace(${n}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`,
        query.Subject,
      );
  }
  if (query.IPAddress) add((n) => `ip like replace(replace(${n}, '%', ''), '_', '\\_') || '%'`, query.IPAddress);
  return { text: clauses.length > 0 ? `where ${clauses.join(' and ')}` : '', values };
}

/** A page of records, newest first, and how many match. */
export async function selectEvents(db: Db, query: AuditQuery, studySubject: boolean): Promise<{ total: number; rows: AuditRow[] }> {
  const filter = where(query, studySubject);
  const limit = filter.values.length + 1;
  const [count, page] = await Promise.all([
    db.query<{ total: number }>(`select count(*)::int as total from audit_events ${filter.text}`, filter.values),
    db.query<AuditRow>(`select * from audit_events ${filter.text} order by id desc limit $${limit} offset $${limit + 1}`, [
      ...filter.values,
      query.Limit,
      query.Offset,
    ]),
  ]);
  return { total: count.rows[0]?.total ?? 0, rows: page.rows };
}

/** Records in chain order from `afterId` on, `limit` at a time (the chain check reads them all). */
export async function selectChainPage(db: Db, afterId: number, limit: number): Promise<AuditRow[]> {
  const { rows } = await db.query<AuditRow>('select * from audit_events where id > $1 order by id limit $2', [afterId, limit]);
  return rows;
}

/** The newest audit_prune record (its details say where the chain was cut). */
export async function selectLastPrune(db: Db): Promise<AuditRow | undefined> {
  const { rows } = await db.query<AuditRow>("select * from audit_events where action = 'audit_prune' order by id desc limit 1");
  return rows[0];
}
