/**
 * Sessions live in PostgreSQL (so adapter replicas share them). The browser holds a random
 * 256-bit token in an httpOnly cookie; the table holds only its SHA-256. Each session has its own
 * CSRF token, handed to the client in the sign-in answer and required on state-changing calls.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { parsePermissions, type WebConnection } from '@pacs/common';
import type { Db } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';
import { parseTargets, type Auth } from './auth.ts';
import * as sql from './sessions.sql.ts';

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

function toAuth(row: sql.IdentityRow, sessionHash: Buffer, csrfToken: string, accessKey: string | null = null): Auth {
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
    const row = await sql.selectLiveSession(this.db, hash, this.options.idleMinutes, TOUCH_INTERVAL_S);
    if (!row) return null;
    if (row.stale) await sql.touchSession(this.db, hash);
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
    const row = await sql.insertSession(this.db, {
      hash,
      accountId,
      csrfToken,
      ip: req.ip ?? '',
      userAgent: (req.get('user-agent') ?? '').slice(0, 512),
      accessKey,
    });
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
    await sql.deleteSession(this.db, auth.sessionHash);
    res.clearCookie(SESSION_COOKIE, { path: '/viewer', httpOnly: true, sameSite: 'lax' });
  }

  /** Ends every session of an account except, optionally, the current one (password change). */
  async destroyAllFor(accountId: string, except?: Buffer): Promise<void> {
    for (const [key, entry] of this.cache) if (entry.auth.accountId === accountId) this.cache.delete(key);
    await sql.deleteSessionsOf(this.db, accountId, except);
  }

  /** Sessions seen within the connection window: the web connections of spec 1 §3. */
  async connections(): Promise<WebConnection[]> {
    const rows = await sql.selectRecentSessions(this.db, CONNECTION_WINDOW_MIN);
    return rows.map((row) => ({ Account: row.account_id, Name: row.name, IPAddress: row.ip, AccessedAt: row.last_seen_at.toISOString() }));
  }

  async purgeExpired(): Promise<number> {
    return sql.deleteIdleSessions(this.db, this.options.idleMinutes);
  }
}
