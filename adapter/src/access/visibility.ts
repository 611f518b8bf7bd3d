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

/** The index id of a study the caller may see, or 404. */
export async function requireVisibleStudy(db: Db, auth: Auth, studyInstanceUid: string): Promise<number> {
  const predicate = visibleStudies(auth, 2);
  const { rows } = await db.query<{ id: number }>(`select st.id from studies st where st.study_instance_uid = $1 and (${predicate.sql})`, [
    studyInstanceUid,
    ...predicate.params,
  ]);
  const row = rows[0];
  if (!row) throw new AppError('not_found');
  return row.id;
}
