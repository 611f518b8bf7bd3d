/**
 * The one place that decides which studies a caller may see (ARCHITECTURE "Access control
 * lives in one place"). Every study-bearing path asks it: lists get a SQL predicate over the
 * `studies` row aliased `st`, single studies a yes/no by StudyInstanceUID. A study the caller may
 * not see answers 404, exactly like one that does not exist.
 *
 * The rules (spec 1 §6):
 * - Targets: a role's and its institution's targets each either allow All, or name AE titles,
 *   institution names and modalities. A study matches a target set when, for every list that is
 *   not empty, it matches one entry (AE title of the sender, InstitutionName tag, any modality of
 *   the study); a set that allows nothing and names nothing matches nothing. The caller reaches the
 *   studies that match both sets: all-access only when both allow All.
 * - The account's ReferringPhysicianName, when set, narrows that to studies whose referring
 *   physician matches it (case-insensitive; `*` and `%` are wildcards; `^` and spaces alike).
 * - Study access of the role: `all` = (targets ∧ referring physician) ∪ shared;
 *   `only_shared` = shared only; `shared_or_matching` = shared ∪ studies matching the account's
 *   referring physician within the targets (an account without one then sees only what is shared).
 * - Shared studies (`sharedStudies`): a study or a patient's studies shared with the caller's
 *   account, role or institution, or with the access key a guest signed in with, until expiry.
 */
import type { Auth, Targets } from './auth.ts';
import type { Db } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';

export interface Predicate {
  /** SQL boolean expression over `st` (studies); parameters start at `$${firstParam}`. */
  sql: string;
  params: unknown[];
}

class Params {
  readonly values: unknown[] = [];
  constructor(private readonly first: number) {}
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.first + this.values.length - 1}`;
  }
}

function targetsSql(targets: Targets, params: Params): string {
  if (targets.All) return 'true';
  const parts: string[] = [];
  if (targets.AETitle.length > 0)
    parts.push(`upper(st.ae_title) = any(${params.add(targets.AETitle.map((t) => t.toUpperCase()))}::text[])`);
  if (targets.InstitutionName.length > 0) {
    parts.push(`upper(st.institution_name) = any(${params.add(targets.InstitutionName.map((t) => t.toUpperCase()))}::text[])`);
  }
  if (targets.Modality.length > 0)
    parts.push(`st.modalities_in_study && ${params.add(targets.Modality.map((t) => t.toUpperCase()))}::text[]`);
  return parts.length === 0 ? 'false' : parts.join(' and ');
}

/** The account's referring physician as a LIKE pattern over the normalised column. */
export function referringPattern(name: string): string {
  const normalised = name
    .toUpperCase()
    .replace(/[\^=\s]+/g, ' ')
    .trim();
  return normalised.replace(/[\\_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

const REFERRING_COLUMN = `trim(regexp_replace(upper(st.referring_physician_name), '[\\^=[:space:]]+', ' ', 'g'))`;

/**
 * Studies shared with the caller and not expired: by study, or by patient (optionally only some
 * modalities). A guest reaches what its access key shares; an account what is shared with it,
 * with its role (account left open) or with its institution (role left open).
 */
function sharedStudies(auth: Auth, params: Params): string {
  let target: string;
  if (auth.accessKey !== null) {
    target = `s.access_key = ${params.add(auth.accessKey)}`;
  } else {
    const account = params.add(auth.accountId);
    const role = params.add(auth.role);
    const institution = params.add(auth.institution);
    target = `s.access_key is null and (s.account_id = ${account} or (s.account_id is null and s.role = ${role})
              or (s.account_id is null and s.role is null and s.institution = ${institution}))`;
  }
  return `exists (select 1 from share_studies s where s.study_id = st.id and s.expires_at > now() and ${target})
       or exists (select 1 from share_patients s where s.patient_id = st.patient_id and s.expires_at > now() and ${target}
                  and (cardinality(s.modalities) = 0 or st.modalities_in_study && s.modalities))`;
}

/** Shares changed: single-study answers remembered before must not outlive them. */
export function forgetVisibility(): void {
  cache.clear();
}

/** The predicate for lists. `firstParam` is the number of the first placeholder it may use. */
export function visibleStudies(auth: Auth, firstParam: number): Predicate {
  const params = new Params(firstParam);
  const shared = sharedStudies(auth, params);
  if (auth.studyAccess === 'only_shared') return { sql: shared, params: params.values };

  const targets = [targetsSql(auth.institutionTargets, params), targetsSql(auth.roleTargets, params)].filter((sql) => sql !== 'true');
  const referring = auth.referringPhysicianName.trim();
  if (referring !== '') targets.push(`${REFERRING_COLUMN} like ${params.add(referringPattern(referring))}`);
  else if (auth.studyAccess === 'shared_or_matching') targets.push('false');

  const reachable = targets.length === 0 ? 'true' : targets.map((part) => `(${part})`).join(' and ');
  const sql = shared === 'false' ? reachable : `(${reachable}) or (${shared})`;
  return { sql, params: params.values };
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

/**
 * Where series and instances live, remembered: a UID does not move to another study, so a pin
 * checked once holds; the time limit only bounds what a deletion leaves behind (Orthanc answers
 * 404 for a deleted instance anyway). This spares the viewer's frame requests a database round
 * trip each. The value is the instance's Orthanc id ('' when only a series was named).
 */
const PIN_CACHE_MS = 60_000;
const pinCache = new Map<string, { orthancId: string; until: number }>();

/**
 * A series (and optionally an instance) that must lie inside a study the caller may see: a path
 * that pairs a visible study with another study's series or instance answers 404. Resolves to
 * the instance's Orthanc id when an instance was named, for the proxy's direct routes.
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
  const key = `${studyId} ${series ?? ''} ${instance ?? ''}`;
  const pinned = pinCache.get(key);
  if (pinned && pinned.until > Date.now()) return pinned.orthancId || undefined;
  const values: unknown[] = [studyId];
  const conditions = ['s.study_id = $1'];
  if (series !== undefined) conditions.push(`s.series_instance_uid = $${values.push(series)}`);
  if (instance !== undefined) conditions.push(`i.sop_instance_uid = $${values.push(instance)}`);
  const { rows } = await db.query<{ orthanc_id: string }>(
    instance !== undefined
      ? `select i.orthanc_id from series s join instances i on i.series_id = s.id where ${conditions.join(' and ')} limit 1`
      : `select '' as orthanc_id from series s where ${conditions.join(' and ')} limit 1`,
    values,
  );
  const row = rows[0];
  if (!row) throw new AppError('not_found');
  if (pinCache.size >= CACHE_MAX) pinCache.clear();
  pinCache.set(key, { orthancId: row.orthanc_id, until: Date.now() + PIN_CACHE_MS });
  return row.orthanc_id || undefined;
}
