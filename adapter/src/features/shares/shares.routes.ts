/**
 * Shares (spec 3 §2–§7). Form-encoded like the spec: No, Institution, Role, Account, ExpiresAt,
 * repeated Modality (patient shares); plus uid (a study share's StudyInstanceUID) or id (a patient
 * share's PatientID) on create. Needs the share permission, and the sharer must see what they share.
 * - GET /sharestudies/all, /sharepatients/all       shares the caller made (administrators: all)
 * - GET /sharestudies/fromstudy?uid=, /sharepatients/frompatient?id=
 * - POST …/create, PATCH …/update (No), DELETE …/delete?no=
 * - GET /shares/count                               → {SharePatients, ShareStudies} (the caller's)
 * A share names an institution (not 0), optionally a role in it, optionally an account in that
 * role; or nobody, which makes it a guest share with an unguessable access key. ExpiresAt is a
 * date (YYYY-MM-DD, or with a time) taken at 23:59:59 in the site's time zone; past dates are
 * refused, and so are days more than SHARE_EXPIRY_MAX_MONTHS ahead (@pacs/common). The licence's
 * monthly limit (MAX_MONTHLY_SHARES; 0 = none) answers 409.
 *
 * A share gives at most what its creator can see: the sharer must reach the study (a patient share:
 * one study of the patient) by their own targets, not through a share they received (403), and
 * what a share opens is evaluated live against its creator's scope (visibility.ts). Share rows
 * show a study's demographics only to a viewer who may see that study, and an AccessKey only to
 * the share's creator and administrators (others get null).
 */
import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { MESSAGES, isAdmin, shareEditProblems, type PermissionKey, type ShareItem, type ShareProblem } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { forgetVisibility, reachableStudies, requireVisibleStudy, visibleStudies } from '../../access/visibility.ts';
import type { Deps } from '../../deps.ts';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { studyDateTime } from '../studies/studies.service.ts';
import { assertPickableTarget } from '../roles/share-targets.ts';
import { invalid, optionalInt, optionalString, requiredString } from '../../http/input.ts';

const SHARERS: readonly PermissionKey[] = ['share', 'list_share'];
type Kind = 'study' | 'patient';
const TABLE: Record<Kind, string> = { study: 'share_studies', patient: 'share_patients' };

interface Target {
  institution: number | null;
  role: number | null;
  account: string | null;
}

async function siteTimeZone(deps: Deps): Promise<string> {
  const { rows } = await deps.db.query<{ zone: string | null }>(`select value ->> 'time_zone' as zone from configs where key = 'app'`);
  return rows[0]?.zone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const PROBLEM_MESSAGES: Record<ShareProblem, string> = {
  required: MESSAGES.required,
  invalid: MESSAGES.invalid,
  past: MESSAGES.share_expiry_past,
  too_far: MESSAGES.share_expiry_too_far,
};

/** The first problem of the shared share edit rules (@pacs/common), as a validation error. */
function assertShareRules(problems: ReturnType<typeof shareEditProblems>): void {
  const [field, problem] = Object.entries(problems)[0] ?? [];
  if (field && problem) throw invalid(field, PROBLEM_MESSAGES[problem]);
}

/** ExpiresAt: the given day at 23:59:59 in the site's time zone, as an instant; past refused. */
async function readExpiry(deps: Deps, req: Request, required: boolean): Promise<Date | undefined> {
  const raw = optionalString(req, 'ExpiresAt', 'body', 40);
  const dayMatch = raw ? /^(\d{4})[-/](\d{2})[-/](\d{2})/.exec(raw) : null;
  if (raw && !dayMatch) throw invalid('ExpiresAt');
  const day = dayMatch ? `${dayMatch[1]}-${dayMatch[2]}-${dayMatch[3]}` : undefined;
  const zone = await siteTimeZone(deps);
  const { rows } = await deps.db
    .query<{ today: string }>(`select to_char(now() at time zone $1, 'YYYY-MM-DD') as today`, [zone])
    .catch(() => {
      throw invalid('ExpiresAt');
    });
  // "Today" is the site's day, so a share made late in the evening elsewhere is judged alike. The
  // day is checked (a real day, not past, not too far) before PostgreSQL reads it as a timestamp.
  assertShareRules(
    shareEditProblems(
      { Institution: null, Role: null, Account: null, ExpiresAt: day },
      { today: rows[0]!.today, expiryRequired: required },
    ),
  );
  if (day === undefined) return undefined;
  const { rows: at } = await deps.db
    .query<{ at: Date }>(`select (($1::text || ' 23:59:59')::timestamp at time zone $2) as at`, [day, zone])
    .catch(() => {
      throw invalid('ExpiresAt');
    });
  return at[0]!.at;
}

/** The share's target, checked: institution ≠ 0, role in it, account in that role; none = guest. */
async function readTarget(deps: Deps, req: Request): Promise<Target> {
  const institution = optionalInt(req, 'Institution', 0, 1_000_000_000) ?? null;
  const role = optionalInt(req, 'Role', 0, 1_000_000_000) || null;
  const account = optionalString(req, 'Account', 'body', 256) || null;
  assertShareRules(shareEditProblems({ Institution: institution, Role: role, Account: account }, { today: '', expiryRequired: false }));
  if (institution === null) return { institution: null, role: null, account: null };
  const { rows } = await deps.db.query('select 1 from institutions where no = $1', [institution]);
  if (rows.length === 0) throw invalid('Institution');
  if (role !== null) {
    const { rows: roles } = await deps.db.query('select 1 from roles where no = $1 and institution = $2', [role, institution]);
    if (roles.length === 0) throw invalid('Role');
  }
  if (account !== null) {
    const { rows: accounts } = await deps.db.query<{ id: string }>('select id from accounts where lower(id) = lower($1) and role = $2', [
      account,
      role,
    ]);
    if (!accounts[0]) throw invalid('Account');
    return { institution, role, account: accounts[0].id };
  }
  return { institution, role, account: null };
}

async function assertMonthlyLimit(deps: Deps): Promise<void> {
  const limit = deps.config.maxMonthlyShares;
  if (limit === 0) return;
  const { rows } = await deps.db.query<{ count: number }>(
    `select ((select count(*) from share_studies where created_at >= date_trunc('month', now()))
           + (select count(*) from share_patients where created_at >= date_trunc('month', now())))::int as count`,
  );
  if ((rows[0]?.count ?? 0) >= limit) throw new AppError('monthly_share_limit');
}

/**
 * The caller may see at least one study matching `condition` (over `st`, `$1` = value), else 404;
 * and, when sharing (`reach`), reaches one by its own targets, else 403: a share opens only what
 * its creator reaches that way, so a share of something seen only through a share would be empty.
 */
async function assertStudiesVisible(deps: Deps, auth: Auth, condition: string, value: unknown, reach: boolean): Promise<void> {
  const visible = visibleStudies(auth, 2);
  const reachable = reachableStudies(auth, 2 + visible.params.length);
  const { rows } = await deps.db.query<{ reached: boolean }>(
    `select (${reachable.sql}) as reached from studies st where ${condition} and (${visible.sql}) order by 1 desc limit 1`,
    [value, ...visible.params, ...reachable.params],
  );
  if (!rows[0]) throw new AppError('not_found');
  if (reach && !rows[0].reached) throw new AppError('forbidden');
}

const modalitiesOf = (req: Request): string[] => {
  const raw = (req.body as Record<string, unknown>).Modality;
  const list = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).map((item) => String(item).trim().toUpperCase()).filter(Boolean);
  assertShareRules(
    shareEditProblems({ Institution: null, Role: null, Account: null, Modality: list }, { today: '', expiryRequired: false }),
  );
  return [...new Set(list)];
};

/**
 * Share rows matching `filter` (over the share `s`; its values are $1…), newest first. The study
 * details come only from studies the viewer may see: a share of a study the viewer cannot see (any
 * more) shows its UID and target, not whose it is.
 */
async function shareRows(deps: Deps, auth: Auth, kind: Kind, filter: string, values: unknown[]): Promise<ShareItem[]> {
  const visible = visibleStudies(auth, values.length + 1);
  const sql =
    kind === 'study'
      ? `select s.*, su.study_instance_uid, st.patient_id, st.patient_name, st.study_date, st.study_time, st.modalities_in_study,
                st.study_description, st.patient_sex, st.patient_birth_date, st.patient_age, st.body_parts_in_study,
                st.number_of_series, st.number_of_instances, i.name as institution_name, r.name as role_name, a.name as account_name
           from share_studies s join studies su on su.id = s.study_id
           left join studies st on st.id = s.study_id and (${visible.sql})
           left join institutions i on i.no = s.institution left join roles r on r.no = s.role left join accounts a on a.id = s.account_id`
      : `select s.*, p.patient_name, p.patient_birth_date, p.patient_sex, p.patient_age,
                i.name as institution_name, r.name as role_name, a.name as account_name
           from share_patients s
           left join lateral (select st.patient_name, st.patient_birth_date, st.patient_sex, st.patient_age from studies st
                               where st.patient_id = s.patient_id and (${visible.sql}) order by st.updated_at desc limit 1) p on true
           left join institutions i on i.no = s.institution left join roles r on r.no = s.role
           left join accounts a on a.id = s.account_id`;
  const { rows } = await deps.db.query(`${sql} where ${filter} order by s.no desc`, [...values, ...visible.params]);
  return rows.map((row) => toShare(row, auth));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function toShare(row: Record<string, unknown>, auth: Auth): ShareItem {
  // A guest key opens the share: only its creator and administrators may read it.
  const keyVisible = row.created_by === auth.accountId || isAdmin(auth.permissions);
  const sharedWith = [row.institution_name, row.role_name, row.account_name].filter(Boolean).join(' > ');
  return {
    No: row.no as number,
    StudyInstanceUID: (row.study_instance_uid as string | undefined) ?? null,
    PatientID: text(row.patient_id),
    PatientName: text(row.patient_name),
    PatientBirthDate: text(row.patient_birth_date),
    PatientSex: text(row.patient_sex),
    PatientAge: text(row.patient_age),
    Institution: (row.institution as number | null) ?? null,
    Role: (row.role as number | null) ?? null,
    Account: (row.account_id as string | null) ?? null,
    AccessKey: keyVisible ? ((row.access_key as string | null) ?? null) : null,
    ExpiresAt: (row.expires_at as Date).toISOString(),
    CreatedAt: (row.created_at as Date).toISOString(),
    UpdatedAt: (row.updated_at as Date).toISOString(),
    SharedBy: (row.created_by as string | null) ?? null,
    SharedWith: sharedWith || 'Guest',
    Type: row.access_key ? 'guest' : row.account_id ? 'account' : row.role ? 'role' : 'institution',
    Modality: (row.modalities as string[] | undefined) ?? [],
    StudyDate: text(row.study_date),
    StudyTime: text(row.study_time),
    StudyDateTime: studyDateTime(text(row.study_date), text(row.study_time)),
    ModalitiesInStudy: (row.modalities_in_study as string[] | undefined) ?? [],
    BodyPartsInStudy: (row.body_parts_in_study as string[] | undefined) ?? [],
    StudyDescription: text(row.study_description),
    NumberOfStudyRelatedSeries: (row.number_of_series as number | undefined) ?? null,
    NumberOfStudyRelatedInstances: (row.number_of_instances as number | undefined) ?? null,
  };
}

/** A share the caller may change: their own, or any for an administrator. */
async function ownShare(deps: Deps, auth: Auth, kind: Kind, no: number): Promise<void> {
  const { rows } = await deps.db.query<{ created_by: string | null }>(`select created_by from ${TABLE[kind]} where no = $1`, [no]);
  if (!rows[0]) throw new AppError('not_found');
  if (rows[0].created_by !== auth.accountId && !isAdmin(auth.permissions)) throw new AppError('not_found');
}

function routesFor(kind: Kind): AnyRouteSpec[] {
  const base = kind === 'study' ? '/sharestudies' : '/sharepatients';
  const table = TABLE[kind];
  return [
    {
      method: 'get',
      path: `${base}/all`,
      access: SHARERS,
      summary: `${kind === 'study' ? 'Study' : 'Patient'} shares the caller made (administrators: all)`,
      handler: async (_req, _res, { deps, auth }) => {
        return shareRows(deps, auth, kind, '($1 or s.created_by = $2)', [isAdmin(auth.permissions), auth.accountId]);
      },
    },
    {
      method: 'get',
      path: kind === 'study' ? `${base}/fromstudy` : `${base}/frompatient`,
      access: SHARERS,
      summary: `Shares of a ${kind}`,
      handler: async (req, _res, { deps, auth }) => {
        if (kind === 'study') {
          const studyId = await requireVisibleStudy(deps.db, auth, requiredString(req, 'uid', 'query', 64));
          return shareRows(deps, auth, 'study', 's.study_id = $1', [studyId]);
        }
        const patientId = requiredString(req, 'id', 'query', 64);
        await assertStudiesVisible(deps, auth, 'st.patient_id = $1', patientId, false);
        return shareRows(deps, auth, 'patient', 's.patient_id = $1', [patientId]);
      },
    },
    {
      method: 'post',
      path: `${base}/create`,
      access: SHARERS,
      summary: `Share a ${kind}`,
      handler: async (req, _res, { deps, auth }) => {
        const target = await readTarget(deps, req);
        await assertPickableTarget(deps.db, auth, target);
        const expires = (await readExpiry(deps, req, true))!;
        const key = target.institution === null ? randomBytes(24).toString('base64url') : null;
        await assertMonthlyLimit(deps);
        let no: number;
        if (kind === 'study') {
          const studyId = await requireVisibleStudy(deps.db, auth, requiredString(req, 'uid', 'body', 64));
          await assertStudiesVisible(deps, auth, 'st.id = $1', studyId, true);
          const { rows } = await deps.db.query<{ no: number }>(
            `insert into share_studies (study_id, institution, role, account_id, access_key, expires_at, created_by)
             values ($1, $2, $3, $4, $5, $6, $7) returning no`,
            [studyId, target.institution, target.role, target.account, key, expires, auth.accountId],
          );
          no = rows[0]!.no;
        } else {
          const patientId = requiredString(req, 'id', 'body', 64);
          await assertStudiesVisible(deps, auth, 'st.patient_id = $1', patientId, true);
          const { rows } = await deps.db.query<{ no: number }>(
            `insert into share_patients (patient_id, modalities, institution, role, account_id, access_key, expires_at, created_by)
             values ($1, $2, $3, $4, $5, $6, $7, $8) returning no`,
            [patientId, modalitiesOf(req), target.institution, target.role, target.account, key, expires, auth.accountId],
          );
          no = rows[0]!.no;
        }
        forgetVisibility();
        return { No: no, AccessKey: key };
      },
    },
    {
      method: 'patch',
      path: `${base}/update`,
      access: SHARERS,
      summary: `Change a ${kind} share`,
      handler: async (req, _res, { deps, auth }) => {
        const no = optionalInt(req, 'No', 1, Number.MAX_SAFE_INTEGER);
        if (no === undefined) throw invalid('No', MESSAGES.required);
        await ownShare(deps, auth, kind, no);
        const target = await readTarget(deps, req);
        await assertPickableTarget(deps.db, auth, target);
        const expires = await readExpiry(deps, req, false);
        // A share that becomes a guest share gets a key; one that gains a target loses it.
        await deps.db.query(
          `update ${table} set institution = $2, role = $3, account_id = $4,
                  access_key = case when $2::int is null then coalesce(access_key, $5) else null end,
                  expires_at = coalesce($6, expires_at), ${kind === 'patient' ? 'modalities = $7,' : ''} updated_at = now()
            where no = $1`,
          [
            no,
            target.institution,
            target.role,
            target.account,
            randomBytes(24).toString('base64url'),
            expires ?? null,
            ...(kind === 'patient' ? [modalitiesOf(req)] : []),
          ],
        );
        forgetVisibility();
        deps.sessions.forgetCached();
        return (await shareRows(deps, auth, kind, 's.no = $1', [no]))[0]!;
      },
    },
    {
      method: 'delete',
      path: `${base}/delete`,
      access: SHARERS,
      summary: `Stop a ${kind} share`,
      handler: async (req, _res, { deps, auth }) => {
        const no = optionalInt(req, 'no', 1, Number.MAX_SAFE_INTEGER, 'query');
        if (no === undefined) throw invalid('no', MESSAGES.required);
        await ownShare(deps, auth, kind, no);
        await deps.db.query(`delete from ${table} where no = $1`, [no]);
        forgetVisibility();
        deps.sessions.forgetCached();
        return {};
      },
    },
  ];
}

export const sharesRoutes: AnyRouteSpec[] = [
  ...routesFor('study'),
  ...routesFor('patient'),
  {
    method: 'get',
    path: '/shares/count',
    access: SHARERS,
    summary: 'How many shares the caller made',
    handler: async (_req, _res, { deps, auth }) => {
      const { rows } = await deps.db.query<{ studies: number; patients: number }>(
        `select (select count(*)::int from share_studies where $1 or created_by = $2) as studies,
                (select count(*)::int from share_patients where $1 or created_by = $2) as patients`,
        [isAdmin(auth.permissions), auth.accountId],
      );
      return { ShareStudies: rows[0]?.studies ?? 0, SharePatients: rows[0]?.patients ?? 0 };
    },
  },
];
