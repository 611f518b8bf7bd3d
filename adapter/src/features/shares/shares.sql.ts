/** Every SQL statement of the shares feature. */
import type { Auth } from '../../access/auth.ts';
import { reachableStudies, visibleStudies } from '../../access/visibility.sql.ts';
import type { Db } from '../../db/pool.ts';

export type Kind = 'study' | 'patient';
const TABLE: Record<Kind, string> = { study: 'share_studies', patient: 'share_patients' };

/** The site's day (YYYY-MM-DD) in a time zone; rejects an unknown zone. */
export async function todayIn(db: Db, zone: string): Promise<string> {
  const { rows } = await db.query<{ today: string }>(`select to_char(now() at time zone $1, 'YYYY-MM-DD') as today`, [zone]);
  return rows[0]!.today;
}

/** The instant a day ends (23:59:59) in a time zone. */
export async function endOfDayIn(db: Db, day: string, zone: string): Promise<Date> {
  const { rows } = await db.query<{ at: Date }>(`select (($1::text || ' 23:59:59')::timestamp at time zone $2) as at`, [day, zone]);
  return rows[0]!.at;
}

export async function roleInInstitution(db: Db, role: number, institution: number): Promise<boolean> {
  return (await db.query('select 1 from roles where no = $1 and institution = $2', [role, institution])).rows.length > 0;
}

/** The account's id as stored, when an account with this id (any case) has the role. */
export async function accountInRole(db: Db, account: string, role: number | null): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>('select id from accounts where lower(id) = lower($1) and role = $2', [account, role]);
  return rows[0]?.id;
}

/** Shares made this calendar month, of both kinds. */
export async function sharesThisMonth(db: Db): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `select ((select count(*) from share_studies where created_at >= date_trunc('month', now()))
           + (select count(*) from share_patients where created_at >= date_trunc('month', now())))::int as count`,
  );
  return rows[0]?.count ?? 0;
}

export type StudiesOf = { studyId: number } | { patientId: string };

/**
 * Of the studies (one study, or a patient's) the caller sees: none (undefined), or whether the
 * caller reaches one by its own targets (not through a share it received).
 */
export async function reachOf(db: Db, auth: Auth, of: StudiesOf): Promise<boolean | undefined> {
  const visible = visibleStudies(auth, 2);
  const reachable = reachableStudies(auth, 2 + visible.params.length);
  const [condition, value] = 'studyId' in of ? ['st.id = $1', of.studyId] : ['st.patient_id = $1', of.patientId];
  const { rows } = await db.query<{ reached: boolean }>(
    `select (${reachable.sql}) as reached from studies st where ${condition} and (${visible.sql}) order by 1 desc limit 1`,
    [value, ...visible.params, ...reachable.params],
  );
  return rows[0]?.reached;
}

/** A caller's own shares (every share when `everyone`), a study's, a patient's, or one share. */
export type ShareFilter = { createdBy: string; everyone: boolean } | { studyId: number } | { patientId: string } | { no: number };

/**
 * Share rows, newest first. The study details come only from studies the viewer may see: a share
 * of a study the viewer cannot see (any more) shows its UID and target, not whose it is.
 */
export async function selectShares(db: Db, auth: Auth, kind: Kind, filter: ShareFilter): Promise<Record<string, unknown>[]> {
  const [where, values]: [string, unknown[]] =
    'createdBy' in filter
      ? ['($1 or s.created_by = $2)', [filter.everyone, filter.createdBy]]
      : 'studyId' in filter
        ? ['s.study_id = $1', [filter.studyId]]
        : 'patientId' in filter
          ? ['s.patient_id = $1', [filter.patientId]]
          : ['s.no = $1', [filter.no]];
  const visible = visibleStudies(auth, values.length + 1);
  const text =
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
  const { rows } = await db.query(`${text} where ${where} order by s.no desc`, [...values, ...visible.params]);
  return rows;
}

/** Who made a share; undefined when there is none. */
export async function shareCreator(db: Db, kind: Kind, no: number): Promise<{ createdBy: string | null } | undefined> {
  const { rows } = await db.query<{ created_by: string | null }>(`select created_by from ${TABLE[kind]} where no = $1`, [no]);
  return rows[0] ? { createdBy: rows[0].created_by } : undefined;
}

export interface ShareTarget {
  institution: number | null;
  role: number | null;
  account: string | null;
}

export interface NewShare {
  target: ShareTarget;
  accessKey: string | null;
  expiresAt: Date;
  createdBy: string;
}

export async function insertStudyShare(db: Db, studyId: number, share: NewShare): Promise<number> {
  const { target: t } = share;
  const { rows } = await db.query<{ no: number }>(
    `insert into share_studies (study_id, institution, role, account_id, access_key, expires_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning no`,
    [studyId, t.institution, t.role, t.account, share.accessKey, share.expiresAt, share.createdBy],
  );
  return rows[0]!.no;
}

export async function insertPatientShare(db: Db, patientId: string, modalities: string[], share: NewShare): Promise<number> {
  const { target: t } = share;
  const { rows } = await db.query<{ no: number }>(
    `insert into share_patients (patient_id, modalities, institution, role, account_id, access_key, expires_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning no`,
    [patientId, modalities, t.institution, t.role, t.account, share.accessKey, share.expiresAt, share.createdBy],
  );
  return rows[0]!.no;
}

/** A share that becomes a guest share gets `newKey`; one that gains a target loses its key. */
export async function updateShare(
  db: Db,
  kind: Kind,
  no: number,
  change: { target: ShareTarget; newKey: string; expiresAt: Date | undefined; modalities: string[] | undefined },
): Promise<void> {
  const { target: t } = change;
  await db.query(
    `update ${TABLE[kind]} set institution = $2, role = $3, account_id = $4,
            access_key = case when $2::int is null then coalesce(access_key, $5) else null end,
            expires_at = coalesce($6, expires_at), ${kind === 'patient' ? 'modalities = $7,' : ''} updated_at = now()
      where no = $1`,
    [
      no,
      t.institution,
      t.role,
      t.account,
      change.newKey,
      change.expiresAt ?? null,
      ...(kind === 'patient' ? [change.modalities ?? []] : []),
    ],
  );
}

export async function deleteShare(db: Db, kind: Kind, no: number): Promise<void> {
  await db.query(`delete from ${TABLE[kind]} where no = $1`, [no]);
}

export async function countShares(db: Db, everyone: boolean, accountId: string): Promise<{ studies: number; patients: number }> {
  const { rows } = await db.query<{ studies: number; patients: number }>(
    `select (select count(*)::int from share_studies where $1 or created_by = $2) as studies,
            (select count(*)::int from share_patients where $1 or created_by = $2) as patients`,
    [everyone, accountId],
  );
  return { studies: rows[0]?.studies ?? 0, patients: rows[0]?.patients ?? 0 };
}
