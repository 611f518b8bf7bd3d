/**
 * The visibility rules as SQL, and the three lookups visibility.ts makes with them.
 *
 * The one place that decides which studies a caller may see (ARCHITECTURE "Access control
 * lives in one place"). Every study-bearing path asks it: lists get a SQL predicate over the
 * `studies` row aliased `st`, single studies a yes/no by StudyInstanceUID. A study the caller may
 * not see answers 404, exactly like one that does not exist.
 *
 * The rules (spec 1 §6), written once as SQL in `reachSql` and applied to two kinds of principal:
 * the caller (its scope bound as parameters, which PostgreSQL folds into constants when it plans,
 * so the list pays nothing for the generality) and a share's creator (its scope read live from
 * accounts, roles and institutions, see CREATOR_SCOPE).
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
 *   account, role or institution, or with the access key a guest signed in with, until expiry, and
 *   only while the share's creator still reaches the study by their own targets and referring
 *   physician (live; not through shares they received, so shares never chain). A share whose
 *   creator was deleted opens nothing.
 * - Series (`visibleSeries`): a target set limited by Modality reaches a study only through series
 *   of those modalities and shows only those series; a study seen through a share shows the series
 *   its creator sees. Appending a series to a study therefore never opens the study's other series.
 * - The recycle bin (issue 16): a study, series or instance whose `trashed_at` is set is seen by
 *   nobody, whatever the rules above say (NOT_TRASHED, and `i.trashed_at` in instance lookups). The
 *   bin's own screen reads the marked rows directly, for administrators.
 */
import type { Auth } from './auth.ts';
import type { Db } from '../db/pool.ts';

export interface Predicate {
  /** SQL boolean expression over `st` (studies; `visibleSeries`: also `s`, series); parameters start at `$${firstParam}`. */
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

/** One target set as SQL: `all` a boolean, the lists upper-cased text[] expressions. */
interface TargetsSql {
  all: string;
  ae: string;
  institution: string;
  modality: string;
}

/** A principal's scope as SQL expressions: the caller's as parameters, a creator's as columns. */
interface ScopeSql {
  institutionTargets: TargetsSql;
  roleTargets: TargetsSql;
  /** The account's ReferringPhysicianName (text; '' = none). */
  referring: string;
  /** The role's study access (text). */
  studyAccess: string;
}

/** A study matches a target set (spec 1 §3 Targets). */
function targetsSql(t: TargetsSql): string {
  return `(${t.all} or (cardinality(${t.ae}) + cardinality(${t.institution}) + cardinality(${t.modality}) > 0
    and (cardinality(${t.ae}) = 0 or upper(st.ae_title) = any(${t.ae}))
    and (cardinality(${t.institution}) = 0 or upper(st.institution_name) = any(${t.institution}))
    and (cardinality(${t.modality}) = 0 or st.modalities_in_study && ${t.modality})))`;
}

/** A series lies within a target set's modalities (sets without a Modality list take every series). */
function seriesTargetsSql(t: TargetsSql): string {
  return `(${t.all} or cardinality(${t.modality}) = 0 or upper(s.modality) = any(${t.modality}))`;
}

const REFERRING_COLUMN = `trim(regexp_replace(upper(st.referring_physician_name), '[\\^=[:space:]]+', ' ', 'g'))`;

/**
 * The account's referring physician as a LIKE pattern over REFERRING_COLUMN: upper-cased, `^`, `=`
 * and spaces alike, LIKE's own `\` and `_` escaped, `*` a wildcard like `%`.
 */
const referringPatternSql = (name: string): string =>
  `replace(regexp_replace(trim(regexp_replace(upper(${name}), '[\\^=[:space:]]+', ' ', 'g')), '([\\\\_])', '\\\\\\1', 'g'), '*', '%')`;

/** The studies a scope reaches by its own targets and referring physician (never by shares). */
function reachSql(scope: ScopeSql): string {
  return `(${scope.studyAccess} <> 'only_shared' and ${targetsSql(scope.institutionTargets)} and ${targetsSql(scope.roleTargets)}
    and case when trim(${scope.referring}) = '' then ${scope.studyAccess} <> 'shared_or_matching'
             else ${REFERRING_COLUMN} like ${referringPatternSql(scope.referring)} end)`;
}

/** The series of a reached study that a scope sees. */
function seriesReachSql(scope: ScopeSql): string {
  return `(${seriesTargetsSql(scope.institutionTargets)} and ${seriesTargetsSql(scope.roleTargets)})`;
}

/** The caller's scope, bound as parameters (constants to the planner: a custom plan folds them). */
function callerScope(auth: Auth, params: Params): ScopeSql {
  const targets = (t: Auth['roleTargets']): TargetsSql => {
    const list = (items: string[]) => `${params.add(items.map((item) => item.toUpperCase()))}::text[]`;
    return { all: `${params.add(t.All)}::boolean`, ae: list(t.AETitle), institution: list(t.InstitutionName), modality: list(t.Modality) };
  };
  return {
    institutionTargets: targets(auth.institutionTargets),
    roleTargets: targets(auth.roleTargets),
    referring: `${params.add(auth.referringPhysicianName)}::text`,
    studyAccess: `${params.add(auth.studyAccess)}::text`,
  };
}

/** Targets JSON as stored (roles.targets, institutions.targets), read the way `parseTargets` reads it. */
const storedList = (json: string, key: string): string =>
  `array(select upper(trim(e #>> '{}')) from jsonb_array_elements(case when jsonb_typeof(${json} -> '${key}') = 'array'
    then ${json} -> '${key}' else '[]'::jsonb end) e where jsonb_typeof(e) = 'string' and trim(e #>> '{}') <> '')`;
const storedTargets = (json: string): string =>
  `coalesce(${json} -> 'All' = 'true'::jsonb, false), ${storedList(json, 'AETitle')}, ${storedList(json, 'InstitutionName')},
   ${storedList(json, 'Modality')}`;

/**
 * A share's creator's scope, read live (a lateral join from a share row `sh`): when the creator
 * loses access, so do the recipients. Columns are those of `CREATOR`.
 */
const CREATOR_SCOPE = `join lateral (
  select ${storedTargets('i.targets')}, ${storedTargets('r.targets')}, a.referring_physician_name, r.study_access
    from accounts a join roles r on r.no = a.role join institutions i on i.no = r.institution where a.id = sh.created_by
  ) c (i_all, i_ae, i_institution, i_modality, r_all, r_ae, r_institution, r_modality, referring, study_access) on true`;
const CREATOR: ScopeSql = {
  institutionTargets: { all: 'c.i_all', ae: 'c.i_ae', institution: 'c.i_institution', modality: 'c.i_modality' },
  roleTargets: { all: 'c.r_all', ae: 'c.r_ae', institution: 'c.r_institution', modality: 'c.r_modality' },
  referring: 'c.referring',
  studyAccess: 'c.study_access',
};

/** Shares that reach the caller: by access key for a guest; else its account, role or institution. */
function shareTargetSql(auth: Auth, params: Params): string {
  if (auth.accessKey !== null) return `sh.access_key = ${params.add(auth.accessKey)}`;
  const account = params.add(auth.accountId);
  const role = params.add(auth.role);
  const institution = params.add(auth.institution);
  return `sh.access_key is null and (sh.account_id = ${account} or (sh.account_id is null and sh.role = ${role})
          or (sh.account_id is null and sh.role is null and sh.institution = ${institution}))`;
}

/**
 * Studies shared with the caller and not expired: by study, or by patient (optionally only some
 * modalities), in either case only where the share's creator reaches the study. `series`, when
 * given, further asks that the creator sees the series `s`.
 *
 * Each kind is asked twice on purpose: first whether any share reaches the caller for this study
 * or patient at all (uncorrelated, so PostgreSQL hashes it once per query), and only for those rows
 * the correlated check of the creator's scope, which would cost a probe of four tables per row.
 */
function sharedStudies(auth: Auth, params: Params, series = false): string {
  const target = shareTargetSql(auth, params);
  const creator = `${reachSql(CREATOR)}${series ? ` and ${seriesReachSql(CREATOR)}` : ''}`;
  return `(st.id in (select sh.study_id from share_studies sh where sh.expires_at > now() and ${target})
           and exists (select 1 from share_studies sh ${CREATOR_SCOPE}
                        where sh.study_id = st.id and sh.expires_at > now() and ${target} and ${creator}))
       or (st.patient_id in (select sh.patient_id from share_patients sh where sh.expires_at > now() and ${target})
           and exists (select 1 from share_patients sh ${CREATOR_SCOPE}
                        where sh.patient_id = st.patient_id and sh.expires_at > now() and ${target}
                          and (cardinality(sh.modalities) = 0 or st.modalities_in_study && sh.modalities) and ${creator}))`;
}

/**
 * A caller whose targets both allow All, with no referring physician and study access `all`,
 * reaches every study: the predicate is then `true`, sparing the planner the share subqueries.
 */
const reachesAll = (auth: Auth): boolean =>
  auth.accessKey === null &&
  auth.studyAccess === 'all' &&
  auth.institutionTargets.All &&
  auth.roleTargets.All &&
  auth.referringPhysicianName.trim() === '';

/** Studies and series in the recycle bin are seen by nobody (the bin's screen reads them directly). */
const NOT_TRASHED = 'st.trashed_at is null';
const SERIES_NOT_TRASHED = `${NOT_TRASHED} and s.trashed_at is null`;

/** The predicate for lists. `firstParam` is the number of the first placeholder it may use. */
export function visibleStudies(auth: Auth, firstParam: number): Predicate {
  if (reachesAll(auth)) return { sql: NOT_TRASHED, params: [] };
  const params = new Params(firstParam);
  // A guest reaches only what its access key opens; its account's own targets play no part.
  const reach = auth.accessKey === null ? reachSql(callerScope(auth, params)) : 'false';
  const shared = sharedStudies(auth, params);
  return { sql: `${NOT_TRASHED} and (${reach} or ${shared})`, params: params.values };
}

/**
 * The studies the caller reaches by its own targets and referring physician, not through shares:
 * what a share the caller creates can open (a share gives at most what its creator can see).
 */
export function reachableStudies(auth: Auth, firstParam: number): Predicate {
  const params = new Params(firstParam);
  const reach = auth.accessKey === null ? reachSql(callerScope(auth, params)) : 'false';
  return { sql: `${NOT_TRASHED} and ${reach}`, params: params.values };
}

/**
 * The predicate for series: over `s` (series) joined to its study `st`. A study reached by the
 * caller's targets shows the series of the caller's modalities; one reached through a share the
 * series its creator sees. For QIDO filtering, series and instance lists, the proxy's paths.
 */
export function visibleSeries(auth: Auth, firstParam: number): Predicate {
  if (reachesAll(auth)) return { sql: SERIES_NOT_TRASHED, params: [] };
  const params = new Params(firstParam);
  let reach = 'false';
  if (auth.accessKey === null) {
    const scope = callerScope(auth, params);
    reach = `(${reachSql(scope)} and ${seriesReachSql(scope)})`;
  }
  const shared = sharedStudies(auth, params, true);
  return { sql: `${SERIES_NOT_TRASHED} and (${reach} or ${shared})`, params: params.values };
}

/** The index id of the study with this UID that the caller sees (of twins, the one findStudies lists first). */
export async function selectVisibleStudyId(db: Db, auth: Auth, studyInstanceUid: string): Promise<number | undefined> {
  const predicate = visibleStudies(auth, 2);
  const { rows } = await db.query<{ id: number }>(
    `select st.id from studies st where st.study_instance_uid = $1 and (${predicate.sql})
      order by st.study_date desc, st.study_time desc, st.id desc limit 1`,
    [studyInstanceUid, ...predicate.params],
  );
  return rows[0]?.id;
}

/**
 * A series (and optionally an instance) of the study `studyId` that the caller sees: the
 * instance's Orthanc id ('' when only a series was named), or undefined.
 */
export async function selectVisibleResource(
  db: Db,
  auth: Auth,
  studyId: number,
  series: string | undefined,
  instance: string | undefined,
): Promise<string | undefined> {
  const values: unknown[] = [studyId];
  const conditions = ['s.study_id = $1'];
  if (series !== undefined) conditions.push(`s.series_instance_uid = $${values.push(series)}`);
  if (instance !== undefined) conditions.push(`i.sop_instance_uid = $${values.push(instance)}`, 'i.trashed_at is null');
  const visible = visibleSeries(auth, values.length + 1);
  conditions.push(`(${visible.sql})`);
  const { rows } = await db.query<{ orthanc_id: string }>(
    instance !== undefined
      ? `select i.orthanc_id from series s join studies st on st.id = s.study_id join instances i on i.series_id = s.id
          where ${conditions.join(' and ')} limit 1`
      : `select '' as orthanc_id from series s join studies st on st.id = s.study_id where ${conditions.join(' and ')} limit 1`,
    [...values, ...visible.params],
  );
  return rows[0]?.orthanc_id;
}

/** Each series of the study with whether the caller sees it. */
export async function selectSeriesVisibility(db: Db, auth: Auth, studyId: number): Promise<{ uid: string; visible: boolean }[]> {
  const visible = visibleSeries(auth, 2);
  const { rows } = await db.query<{ uid: string; visible: boolean }>(
    `select s.series_instance_uid as uid, (${visible.sql}) as visible from series s join studies st on st.id = s.study_id
      where s.study_id = $1`,
    [studyId, ...visible.params],
  );
  return rows;
}

/**
 * Instances in the bin within a study (or one series of it) whose series are not: the SOP Instance
 * UIDs that study- and series-wide answers (QIDO, metadata) must leave out. Usually none.
 */
export async function selectTrashedInstances(db: Db, studyId: number, seriesUid?: string): Promise<Set<string>> {
  const { rows } = await db.query<{ uid: string }>(
    `select i.sop_instance_uid as uid from series s join instances i on i.series_id = s.id
      where s.study_id = $1 and i.trashed_at is not null${seriesUid === undefined ? '' : ' and s.series_instance_uid = $2'}`,
    seriesUid === undefined ? [studyId] : [studyId, seriesUid],
  );
  return new Set(rows.map((row) => row.uid));
}

/**
 * Patient records (issue 17) over `p` (patients): a record is seen when no indexed study carries
 * its PatientID (entered by hand, waiting for images) or a study the caller sees does, so the
 * records imported from the archive tell no one about patients whose studies they cannot see.
 * Null when the caller sees every study, and so every record.
 */
export function visiblePatients(auth: Auth, firstParam: number): Predicate | null {
  if (reachesAll(auth)) return null;
  const studies = visibleStudies(auth, firstParam);
  return {
    sql: `(not exists (select 1 from studies st where st.patient_id = p.patient_id)
           or exists (select 1 from studies st where st.patient_id = p.patient_id and ${studies.sql}))`,
    params: studies.params,
  };
}

/**
 * Statistics (issue 20): which fact rows count for the caller. Facts carry the study's AE title
 * and InstitutionName and the series' modality, not the study, so they are filtered by the
 * caller's targets alone: an account whose targets allow All counts everything; one limited by AE
 * title, institution name or modality counts the facts of those; an account that sees only what is
 * shared counts nothing. The referring-physician narrowing and shares received do not apply
 * (docs/decisions.md "Statistics"). Null: every row counts. Over a fact row aliased `f`.
 */
export function statisticsScope(auth: Auth, firstParam: number): Predicate | null {
  if (auth.accessKey !== null || auth.studyAccess === 'only_shared') return { sql: 'false', params: [] };
  if (auth.institutionTargets.All && auth.roleTargets.All) return null;
  const params = new Params(firstParam);
  const one = (t: Auth['roleTargets']): string => {
    const all = `${params.add(t.All)}::boolean`;
    const list = (items: string[]) => `${params.add(items.map((item) => item.toUpperCase()))}::text[]`;
    const [ae, institution, modality] = [list(t.AETitle), list(t.InstitutionName), list(t.Modality)];
    return `(${all} or (cardinality(${ae}) + cardinality(${institution}) + cardinality(${modality}) > 0
      and (cardinality(${ae}) = 0 or upper(f.ae_title) = any(${ae}))
      and (cardinality(${institution}) = 0 or upper(f.institution_name) = any(${institution}))
      and (cardinality(${modality}) = 0 or upper(f.modality) = any(${modality}))))`;
  };
  return { sql: `(${one(auth.institutionTargets)} and ${one(auth.roleTargets)})`, params: params.values };
}
