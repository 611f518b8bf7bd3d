/**
 * The one place that decides which studies a caller may see (ARCHITECTURE "Access control
 * lives in one place"). Every study-bearing path asks it: lists get a SQL predicate over the
 * `studies` row aliased `st` (visibleStudies, visibleSeries), single studies a yes/no by
 * StudyInstanceUID. A study the caller may not see answers 404, exactly like one that does not
 * exist. The rules, written once as SQL, and their explanation are in visibility.sql.ts.
 */
import type { Auth } from './auth.ts';
import type { Db } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';
import * as sql from './visibility.sql.ts';

export { reachableStudies, statisticsScope, visiblePatients, visibleSeries, visibleStudies, type Predicate } from './visibility.sql.ts';

/** Shares changed: single-study and series answers remembered before must not outlive them. */
export function forgetVisibility(): void {
  cache.clear();
  pinCache.clear();
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
  // Twins (one UID under several PatientIDs): the one findStudies lists first, deterministically.
  const id = await sql.selectVisibleStudyId(db, auth, studyInstanceUid);
  if (id === undefined) throw new AppError('not_found');
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, { id, until: Date.now() + CACHE_MS });
  return id;
}

/**
 * Series and instance checks, remembered per session: the viewer asks for the frames of a series
 * in bursts, and each would otherwise cost a database round trip. A change of targets or shares
 * applies within this time (deleted instances answer 404 from Orthanc anyway). The value is the
 * instance's Orthanc id ('' when only a series was named).
 */
const PIN_CACHE_MS = 5000;
const pinCache = new Map<string, { orthancId: string; until: number }>();

/**
 * A series (and optionally an instance) that must lie inside a study the caller may see, and be a
 * series the caller sees (visibleSeries): a path that pairs a visible study with another study's
 * series or instance, or names a series of a modality the caller is not given, answers 404.
 * Resolves to the instance's Orthanc id when an instance was named, for the proxy's direct routes.
 */
export async function requireVisibleResource(
  db: Db,
  auth: Auth,
  study: string,
  series?: string,
  instance?: string,
): Promise<string | undefined> {
  const studyId = await requireVisibleStudy(db, auth, study);
  if (series === undefined && instance === undefined) return undefined;
  const key = `${auth.sessionHash.toString('base64')} ${studyId} ${series ?? ''} ${instance ?? ''}`;
  const pinned = pinCache.get(key);
  if (pinned && pinned.until > Date.now()) return pinned.orthancId || undefined;
  const orthancId = await sql.selectVisibleResource(db, auth, studyId, series, instance);
  if (orthancId === undefined) throw new AppError('not_found');
  if (pinCache.size >= CACHE_MAX) pinCache.clear();
  pinCache.set(key, { orthancId, until: Date.now() + PIN_CACHE_MS });
  return orthancId || undefined;
}

/**
 * The series UIDs of a visible study that the caller sees, or null when it sees them all: paths
 * that answer for a whole study (its series QIDO, its metadata) filter by it or refuse.
 */
export async function visibleSeriesOf(db: Db, auth: Auth, studyId: number): Promise<Set<string> | null> {
  const rows = await sql.selectSeriesVisibility(db, auth, studyId);
  if (rows.every((row) => row.visible)) return null;
  return new Set(rows.filter((row) => row.visible).map((row) => row.uid));
}

/**
 * Instances in the recycle bin under a visible study (or one series of it) whose series is not:
 * the SOP Instance UIDs that study- and series-wide answers must leave out, or null when there are
 * none (nearly always). Asked per request, not cached: a restore shows at once.
 */
export async function trashedInstancesOf(db: Db, studyId: number, seriesUid?: string): Promise<Set<string> | null> {
  const uids = await sql.selectTrashedInstances(db, studyId, seriesUid);
  return uids.size > 0 ? uids : null;
}
