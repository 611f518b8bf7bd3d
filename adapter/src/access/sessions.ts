/**
 * Sessions live in PostgreSQL (so adapter replicas share them). The browser holds a random
 * 256-bit token in an httpOnly cookie; the table holds only its SHA-256. Each session has its own
 * CSRF token, handed to the client in the sign-in answer and required on state-changing calls.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { parsePermissions, type TeleradiologyKind } from '@pacs/common';
import type { Db } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';
import { parseTargets, type Auth, type StudyAccess } from './auth.ts';

export const SESSION_COOKIE = 'pacs_sid';
/**
 * A web connection is a session seen within this many minutes: the client's heartbeat keeps an
 * open browser well inside it, and a closed one stops counting soon, not after the idle limit.
 */
export const CONNECTION_WINDOW_MIN = 5;
/** Only refresh last_seen_at this often, not on every request. */
const TOUCH_INTERVAL_S = 60;
/**
 * A signed-in session is remembered in memory this long. The viewer fetches hundreds of frames of
 * a study in a burst; without this, each costs a PostgreSQL round trip. Signing out and password
 * changes evict at once in this process; another replica notices within this time.
 */
const CACHE_MS = 2000;
const CACHE_MAX = 10_000;

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      // Our own values never need decoding past %XX; a bad escape is a forged cookie, not a crash.
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        throw new AppError('bad_request');
      }
    }
  }
  return undefined;
}

interface IdentityRow {
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

function toAuth(row: IdentityRow, sessionHash: Buffer, csrfToken: string, accessKey: string | null = null): Auth {
  return {
    sessionHash,
    csrfToken,
    accountId: row.id,
    name: row.name,
    title: row.title,
    role: row.role,
    roleName: row.role_name,
    institution: row.institution,
    institutionName: row.institution_name,
    kind: row.teleradiology,
    permissions: parsePermissions(row.permissions),
    aeTitle: row.ae_title,
    referringPhysicianName: row.referring_physician_name,
    institutionTargets: parseTargets(row.institution_targets),
    roleTargets: parseTargets(row.role_targets),
    studyAccess: row.study_access,
    accessKey,
  };
}

export class Sessions {
  private readonly cache = new Map<string, { auth: Auth; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly options: { idleMinutes: number; secureCookie: boolean },
  ) {}

  /** The caller's session and account, or null when there is none or it has expired. */
  async authenticate(req: Request, options: { fresh?: boolean } = {}): Promise<Auth | null> {
    const token = readCookie(req, SESSION_COOKIE);
    if (!token || token.length > 100) return null;
    const hash = hashToken(token);
    const key = hash.toString('base64');
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now() && !options.fresh) return cached.auth;
    const { rows } = await this.db.query<IdentityRow & { csrf_token: string; access_key: string | null; stale: boolean }>(
      // A guest's session lasts only while its access key still opens a share: a share deleted or
      // expired signs the guest out at the next request (after the cache below, at most).
      `select s.csrf_token, s.access_key, s.last_seen_at < now() - make_interval(secs => $3) as stale, ${IDENTITY_COLUMNS}
         from sessions s ${IDENTITY_JOINS}
        where s.id_hash = $1 and s.last_seen_at > now() - make_interval(mins => $2)
          and (s.access_key is null
               or exists (select 1 from share_studies sh where sh.access_key = s.access_key and sh.expires_at > now())
               or exists (select 1 from share_patients sh where sh.access_key = s.access_key and sh.expires_at > now()))`,
      [hash, this.options.idleMinutes, TOUCH_INTERVAL_S],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.stale) await this.db.query('update sessions set last_seen_at = now() where id_hash = $1', [hash]);
    const auth = toAuth(row, hash, row.csrf_token, row.access_key);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, { auth, until: Date.now() + CACHE_MS });
    return auth;
  }

  /** Forgets every remembered session: shares changed, and a guest's may have ended with them. */
  forgetCached(): void {
    this.cache.clear();
  }

  /** Starts a session for an account that has just proved who it is. */
  async signIn(accountId: string, req: Request, res: Response, accessKey: string | null = null): Promise<Auth> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const hash = hashToken(token);
    const { rows } = await this.db.query<IdentityRow>(
      `with s as (insert into sessions (id_hash, account_id, csrf_token, ip, user_agent, access_key)
                  values ($1, $2, $3, $4, $5, $6) returning account_id)
       select ${IDENTITY_COLUMNS} from s ${IDENTITY_JOINS}`,
      [hash, accountId, csrfToken, req.ip ?? '', (req.get('user-agent') ?? '').slice(0, 512), accessKey],
    );
    const row = rows[0];
    if (!row) throw new Error(`Account ${accountId} vanished while signing in`);
    res.cookie(SESSION_COOKIE, token, {
      httpOnly: true,
      // Lax, not Strict: a share link opened from an e-mail must arrive signed in. Cross-site
      // state changes are stopped by the CSRF token, which other sites cannot read.
      sameSite: 'lax',
      secure: this.options.secureCookie || req.secure,
      path: '/viewer',
    });
    return toAuth(row, hash, csrfToken, accessKey);
  }

  async destroy(auth: Auth, res: Response): Promise<void> {
    this.cache.delete(auth.sessionHash.toString('base64'));
    await this.db.query('delete from sessions where id_hash = $1', [auth.sessionHash]);
    res.clearCookie(SESSION_COOKIE, { path: '/viewer', httpOnly: true, sameSite: 'lax' });
  }

  /** Ends every session of an account except, optionally, the current one (password change). */
  async destroyAllFor(accountId: string, except?: Buffer): Promise<void> {
    for (const [key, entry] of this.cache) if (entry.auth.accountId === accountId) this.cache.delete(key);
    await this.db.query('delete from sessions where account_id = $1 and ($2::bytea is null or id_hash <> $2)', [accountId, except ?? null]);
  }

  /** Sessions seen within the connection window: the web connections of spec 1 §3. */
  async connections(): Promise<{ Account: string; Name: string; IPAddress: string; AccessedAt: string }[]> {
    const { rows } = await this.db.query<{ account_id: string; name: string; ip: string; last_seen_at: Date }>(
      `select s.account_id, a.name, s.ip, s.last_seen_at from sessions s join accounts a on a.id = s.account_id
        where s.last_seen_at > now() - make_interval(mins => $1) order by s.last_seen_at desc`,
      [CONNECTION_WINDOW_MIN],
    );
    return rows.map((row) => ({ Account: row.account_id, Name: row.name, IPAddress: row.ip, AccessedAt: row.last_seen_at.toISOString() }));
  }

  async purgeExpired(): Promise<number> {
    const { rowCount } = await this.db.query('delete from sessions where last_seen_at < now() - make_interval(mins => $1)', [
      this.options.idleMinutes,
    ]);
    return rowCount ?? 0;
  }
}
