/** Every SQL statement of sessions: who a session is (account, role, institution) and its lifetime. */
import type { StudyAccess, TeleradiologyKind } from '@pacs/common';
import type { Db } from '../db/pool.ts';

export interface IdentityRow {
  id: string;
  name: string;
  title: string;
  role: number;
  role_name: string;
  institution: number;
  institution_name: string;
  teleradiology: TeleradiologyKind | null;
  permissions: unknown;
  ae_title: string;
  referring_physician_name: string;
  institution_targets: unknown;
  role_targets: unknown;
  study_access: StudyAccess;
}

const IDENTITY_COLUMNS = `a.id, a.name, a.title, a.role, r.name as role_name, r.institution,
  i.name as institution_name, r.teleradiology, r.permissions, a.ae_title, a.referring_physician_name,
  i.targets as institution_targets, r.targets as role_targets, r.study_access`;
/** Joins from a row that holds `account_id` to the account, its role and the role's institution. */
const IDENTITY_JOINS = 'join accounts a on a.id = s.account_id join roles r on r.no = a.role join institutions i on i.no = r.institution';

/** A live session: its identity, tokens, and whether its last_seen_at is older than the touch interval. */
export type SessionRow = IdentityRow & { csrf_token: string; access_key: string | null; stale: boolean };

/**
 * The session of a token hash, when seen within the idle window. A guest's session lasts only
 * while its access key still opens a share: a share deleted or expired signs the guest out.
 */
export async function selectLiveSession(db: Db, hash: Buffer, idleMinutes: number, touchSeconds: number): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `select s.csrf_token, s.access_key, s.last_seen_at < now() - make_interval(secs => $3) as stale, ${IDENTITY_COLUMNS}
       from sessions s ${IDENTITY_JOINS}
      where s.id_hash = $1 and s.last_seen_at > now() - make_interval(mins => $2)
        and (s.access_key is null
             or exists (select 1 from share_studies sh where sh.access_key = s.access_key and sh.expires_at > now())
             or exists (select 1 from share_patients sh where sh.access_key = s.access_key and sh.expires_at > now()))`,
    [hash, idleMinutes, touchSeconds],
  );
  return rows[0];
}

export async function touchSession(db: Db, hash: Buffer): Promise<void> {
  await db.query('update sessions set last_seen_at = now() where id_hash = $1', [hash]);
}

export interface NewSession {
  hash: Buffer;
  accountId: string;
  csrfToken: string;
  ip: string;
  userAgent: string;
  accessKey: string | null;
}

/** Stores a session and answers its identity; undefined when the account has gone meanwhile. */
export async function insertSession(db: Db, s: NewSession): Promise<IdentityRow | undefined> {
  const { rows } = await db.query<IdentityRow>(
    `with s as (insert into sessions (id_hash, account_id, csrf_token, ip, user_agent, access_key)
                values ($1, $2, $3, $4, $5, $6) returning account_id)
     select ${IDENTITY_COLUMNS} from s ${IDENTITY_JOINS}`,
    [s.hash, s.accountId, s.csrfToken, s.ip, s.userAgent, s.accessKey],
  );
  return rows[0];
}

export async function deleteSession(db: Db, hash: Buffer): Promise<void> {
  await db.query('delete from sessions where id_hash = $1', [hash]);
}

/** Every session of an account except, optionally, one. */
export async function deleteSessionsOf(db: Db, accountId: string, except?: Buffer): Promise<void> {
  await db.query('delete from sessions where account_id = $1 and ($2::bytea is null or id_hash <> $2)', [accountId, except ?? null]);
}

export async function selectRecentSessions(
  db: Db,
  minutes: number,
): Promise<{ account_id: string; name: string; ip: string; last_seen_at: Date }[]> {
  const { rows } = await db.query<{ account_id: string; name: string; ip: string; last_seen_at: Date }>(
    `select s.account_id, a.name, s.ip, s.last_seen_at from sessions s join accounts a on a.id = s.account_id
      where s.last_seen_at > now() - make_interval(mins => $1) order by s.last_seen_at desc`,
    [minutes],
  );
  return rows;
}

/** Answers how many went. */
export async function deleteIdleSessions(db: Db, idleMinutes: number): Promise<number> {
  const { rowCount } = await db.query('delete from sessions where last_seen_at < now() - make_interval(mins => $1)', [idleMinutes]);
  return rowCount ?? 0;
}
