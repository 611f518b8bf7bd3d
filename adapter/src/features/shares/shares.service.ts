/**
 * Share rules (spec 3 §2–§7). A share gives at most what its creator can see: the sharer must
 * reach the study (a patient share: one study of the patient) by their own targets, not through
 * a share they received (403), and what a share opens is evaluated live against its creator's
 * scope (visibility.ts). Share rows show a study's demographics only to a viewer who may see that
 * study, and an AccessKey only to the share's creator and administrators (others get null).
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES, isAdmin, shareEditProblems, type ShareItem, type ShareProblem } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { forgetVisibility, requireVisibleStudy } from '../../access/visibility.ts';
import { siteTimeZone } from '../../db/site.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { invalid } from '../../http/input.ts';
import { assertPickableTarget } from '../roles/share-targets.ts';
import { studyDateTime } from '../studies/studies.service.ts';
import { institutionExists } from '../institutions/institutions.sql.ts';
import * as sql from './shares.sql.ts';
import { effectiveLimits } from '../licence/licence-limits.ts';

export type { Kind } from './shares.sql.ts';

const PROBLEM_MESSAGES: Record<ShareProblem, string> = {
  required: MESSAGES.required,
  invalid: MESSAGES.invalid,
  past: MESSAGES.share_expiry_past,
  too_far: MESSAGES.share_expiry_too_far,
};

/** The first problem of the shared share edit rules (@pacs/common), as a validation error. */
export function assertShareRules(problems: ReturnType<typeof shareEditProblems>): void {
  const [field, problem] = Object.entries(problems)[0] ?? [];
  if (field && problem) throw invalid(field, PROBLEM_MESSAGES[problem]);
}

/** What a share request names, as read from the form. */
export interface ShareRequest {
  institution: number | null;
  role: number | null;
  account: string | null;
  /** YYYY-MM-DD, undefined when not given. */
  expiryDay: string | undefined;
  /** Patient shares only. */
  modalities: string[];
}

/** ExpiresAt: the given day at 23:59:59 in the site's time zone, as an instant; past refused. */
async function expiryOf(deps: Deps, day: string | undefined, required: boolean): Promise<Date | undefined> {
  const zone = await siteTimeZone(deps.db);
  const today = await sql.todayIn(deps.db, zone).catch(() => {
    throw invalid('ExpiresAt');
  });
  // "Today" is the site's day, so a share made late in the evening elsewhere is judged alike. The
  // day is checked (a real day, not past, not too far) before PostgreSQL reads it as a timestamp.
  assertShareRules(
    shareEditProblems({ Institution: null, Role: null, Account: null, ExpiresAt: day }, { today, expiryRequired: required }),
  );
  if (day === undefined) return undefined;
  return sql.endOfDayIn(deps.db, day, zone).catch(() => {
    throw invalid('ExpiresAt');
  });
}

/** The share's target, checked: institution ≠ 0, role in it, account in that role; none = guest. */
async function targetOf(deps: Deps, request: ShareRequest): Promise<sql.ShareTarget> {
  const { institution, role, account } = request;
  assertShareRules(shareEditProblems({ Institution: institution, Role: role, Account: account }, { today: '', expiryRequired: false }));
  if (institution === null) return { institution: null, role: null, account: null };
  if (!(await institutionExists(deps.db, institution))) throw invalid('Institution');
  if (role !== null && !(await sql.roleInInstitution(deps.db, role, institution))) throw invalid('Role');
  if (account === null) return { institution, role, account: null };
  const id = await sql.accountInRole(deps.db, account, role);
  if (!id) throw invalid('Account');
  return { institution, role, account: id };
}

async function assertMonthlyLimit(deps: Deps): Promise<void> {
  const limit = (await effectiveLimits(deps)).monthlyShares;
  if (limit === 0) return;
  if ((await sql.sharesThisMonth(deps.db)) >= limit) throw new AppError('monthly_share_limit');
}

/**
 * The caller may see at least one of the studies, else 404; and, when sharing (`reach`), reaches
 * one by its own targets, else 403: a share opens only what its creator reaches that way, so a
 * share of something seen only through a share would be empty.
 */
async function assertStudiesVisible(deps: Deps, auth: Auth, of: sql.StudiesOf, reach: boolean): Promise<void> {
  const reached = await sql.reachOf(deps.db, auth, of);
  if (reached === undefined) throw new AppError('not_found');
  if (reach && !reached) throw new AppError('forbidden');
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

async function sharesWhere(deps: Deps, auth: Auth, kind: sql.Kind, filter: sql.ShareFilter): Promise<ShareItem[]> {
  return (await sql.selectShares(deps.db, auth, kind, filter)).map((row) => toShare(row, auth));
}

/** A share the caller may change: their own, or any for an administrator; 404 otherwise. */
async function assertOwnShare(deps: Deps, auth: Auth, kind: sql.Kind, no: number): Promise<void> {
  const share = await sql.shareCreator(deps.db, kind, no);
  if (!share || (share.createdBy !== auth.accountId && !isAdmin(auth.permissions))) throw new AppError('not_found');
}

/** The shares the caller made (administrators: all). */
export function listShares(deps: Deps, auth: Auth, kind: sql.Kind): Promise<ShareItem[]> {
  return sharesWhere(deps, auth, kind, { createdBy: auth.accountId, everyone: isAdmin(auth.permissions) });
}

export async function sharesOfStudy(deps: Deps, auth: Auth, studyUid: string): Promise<ShareItem[]> {
  const studyId = await requireVisibleStudy(deps.db, auth, studyUid);
  return sharesWhere(deps, auth, 'study', { studyId });
}

export async function sharesOfPatient(deps: Deps, auth: Auth, patientId: string): Promise<ShareItem[]> {
  await assertStudiesVisible(deps, auth, { patientId }, false);
  return sharesWhere(deps, auth, 'patient', { patientId });
}

/** Shares a study (`uid`) or a patient (`id`) the caller reaches by its own targets. */
export async function createShare(
  deps: Deps,
  auth: Auth,
  subject: { kind: 'study'; uid: string } | { kind: 'patient'; patientId: string },
  request: ShareRequest,
): Promise<{ No: number; AccessKey: string | null }> {
  const target = await targetOf(deps, request);
  await assertPickableTarget(deps.db, auth, target);
  const expiresAt = (await expiryOf(deps, request.expiryDay, true))!;
  const accessKey = target.institution === null ? randomBytes(24).toString('base64url') : null;
  await assertMonthlyLimit(deps);
  const share = { target, accessKey, expiresAt, createdBy: auth.accountId };
  let no: number;
  if (subject.kind === 'study') {
    const studyId = await requireVisibleStudy(deps.db, auth, subject.uid);
    await assertStudiesVisible(deps, auth, { studyId }, true);
    no = await sql.insertStudyShare(deps.db, studyId, share);
  } else {
    await assertStudiesVisible(deps, auth, { patientId: subject.patientId }, true);
    no = await sql.insertPatientShare(deps.db, subject.patientId, request.modalities, share);
  }
  forgetVisibility();
  return { No: no, AccessKey: accessKey };
}

export async function updateShare(deps: Deps, auth: Auth, kind: sql.Kind, no: number, request: ShareRequest): Promise<ShareItem> {
  await assertOwnShare(deps, auth, kind, no);
  const target = await targetOf(deps, request);
  await assertPickableTarget(deps.db, auth, target);
  const expiresAt = await expiryOf(deps, request.expiryDay, false);
  await sql.updateShare(deps.db, kind, no, {
    target,
    newKey: randomBytes(24).toString('base64url'),
    expiresAt,
    modalities: kind === 'patient' ? request.modalities : undefined,
  });
  forgetVisibility();
  deps.sessions.forgetCached();
  return (await sharesWhere(deps, auth, kind, { no }))[0]!;
}

export async function deleteShare(deps: Deps, auth: Auth, kind: sql.Kind, no: number): Promise<void> {
  await assertOwnShare(deps, auth, kind, no);
  await sql.deleteShare(deps.db, kind, no);
  forgetVisibility();
  deps.sessions.forgetCached();
}

export async function countShares(deps: Deps, auth: Auth): Promise<{ ShareStudies: number; SharePatients: number }> {
  const counts = await sql.countShares(deps.db, isAdmin(auth.permissions), auth.accountId);
  return { ShareStudies: counts.studies, SharePatients: counts.patients };
}
