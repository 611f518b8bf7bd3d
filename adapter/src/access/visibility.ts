/**
 * The one place that decides which studies a caller may see (ARCHITECTURE "Access control
 * lives in one place"). Every study-bearing path asks it: lists get a SQL predicate over the
 * `studies` row aliased `st`, single studies a yes/no by StudyInstanceUID. A study the caller may
 * not see answers 404, exactly like one that does not exist.
 *
 * Today every signed-in account with the list or viewer permission sees every study: the
 * institution and role targets, the account's ReferringPhysicianName and shares are applied here
 * by the access issue, and nowhere else.
 */
import type { Auth } from './auth.ts';
import type { Db } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';

export interface Predicate {
  /** SQL boolean expression over `st` (studies); parameters start at `$${firstParam}`. */
  sql: string;
  params: unknown[];
}

/** The predicate for lists. `firstParam` is the number of the first placeholder it may use. */
export function visibleStudies(_auth: Auth, _firstParam: number): Predicate {
  return { sql: 'true', params: [] };
}

/**
 * Single-study answers are remembered briefly per session: the viewer asks for the same study once
 * per frame. A change of targets or shares applies within this time.
 */
const CACHE_MS = 5000;
const CACHE_MAX = 20_000;
const cache = new Map<string, { id: number; until: number }>();

/** The index id of a study the caller may see, or 404. */
export async function requireVisibleStudy(db: Db, auth: Auth, studyInstanceUid: string): Promise<number> {
  const key = `${auth.sessionHash.toString('base64')} ${studyInstanceUid}`;
  const cached = cache.get(key);
  if (cached && cached.until > Date.now()) return cached.id;
  const predicate = visibleStudies(auth, 2);
  const { rows } = await db.query<{ id: number }>(`select st.id from studies st where st.study_instance_uid = $1 and (${predicate.sql})`, [
    studyInstanceUid,
    ...predicate.params,
  ]);
  const row = rows[0];
  if (!row) throw new AppError('not_found');
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, { id: row.id, until: Date.now() + CACHE_MS });
  return row.id;
}
