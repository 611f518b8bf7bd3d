/**
 * Fixtures the API and browser suites share: tiny studies sent by storescu and waited for in the
 * index, and roles and accounts created through the real API as an administrator would.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, type Session } from './api.ts';
import { storeFiles, tinyStudy, type TinyStudy } from './dicom.ts';
import type { Stack } from './stack.ts';

/** Waits until the index lists at least `count` studies to `session`. */
export async function waitForStudies(session: Session, count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const response = await session.agent.get(`${API}/studies/search`).query({ limit: 1 });
    if (response.body.Count >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the index did not reach ${count} studies`);
}

/** Waits until the index holds every study named (by UID) with at least `minSeries` series. */
export async function waitForIndexedStudies(stack: Stack, studyUids: readonly string[], minSeries = 1): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const rows = await stack.sql<{ n: string }>(
      `select count(distinct uid) as n from (select st.study_instance_uid as uid from studies st join series s on s.study_id = st.id
        where st.study_instance_uid = any($1) group by st.id having count(s.id) >= $2) ready`,
      [studyUids, minSeries],
    );
    if (Number(rows[0]?.n) === new Set(studyUids).size) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the study index did not pick up the stored studies');
}

/**
 * Sends one tinyStudy file per spec by storescu, as a modality would, and waits until the index
 * lists `total` studies (by default as many as were sent: a fresh stack holds none before).
 */
export async function storeTinyStudies(
  stack: Stack,
  session: Session,
  studies: readonly TinyStudy[],
  options: { callingAet?: string; total?: number } = {},
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-tiny-'));
  try {
    const files = studies.map((study) => {
      const file = join(dir, `${study.seed}.dcm`);
      writeFileSync(file, tinyStudy(study));
      return file;
    });
    const { failed } = await storeFiles(files, { port: stack.config.dicomPort, callingAet: options.callingAet });
    if (failed.length > 0) throw new Error(`storescu failed: ${JSON.stringify(failed)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await waitForStudies(session, options.total ?? studies.length);
}

/** A form POST to the API that must answer 200; its JSON body. */
export async function postForm<T = { No: number }>(session: Session, path: string, form: Record<string, string>): Promise<T> {
  const response = await session.agent.post(`${API}${path}`).set(session.csrf).type('form').send(form).expect(200);
  return response.body as T;
}

export interface RoleSpec {
  name: string;
  permissions: Record<string, boolean>;
  /** 0 (the default) is the built-in institution. */
  institution?: number;
  targets?: Record<string, unknown>;
}

/** Creates a role; its number. */
export async function createRole(session: Session, role: RoleSpec): Promise<number> {
  const form: Record<string, string> = {
    Name: role.name,
    Institution: String(role.institution ?? 0),
    Permissions: JSON.stringify(role.permissions),
  };
  if (role.targets) form.Targets = JSON.stringify(role.targets);
  return (await postForm(session, '/roles/create', form)).No;
}

export interface AccountSpec {
  id: string;
  password: string;
  name?: string;
}

export async function createAccount(session: Session, account: AccountSpec & { role: number }): Promise<void> {
  const form: Record<string, string> = { Id: account.id, Password: account.password, Role: String(account.role) };
  if (account.name !== undefined) form.Name = account.name;
  await postForm(session, '/accounts/create', form);
}

/** An account with a role of its own (the usual "a user who may only …" of a test); the role's number. */
export async function createReader(session: Session, account: AccountSpec & { role: RoleSpec }): Promise<number> {
  const role = await createRole(session, account.role);
  await createAccount(session, { ...account, role });
  return role;
}

/**
 * Stores site configs as an administrator would (`PUT /configs/replace`, one key at a time); a
 * country and time zone keep the first-run question from opening over the page a test drives.
 */
export async function replaceConfigs(session: Session, configs: Record<string, unknown>): Promise<void> {
  for (const [key, value] of Object.entries(configs)) await replaceConfig(session, key, value);
}

/** One site config (`PUT /configs/replace`), which must be answered `status`; the answer. */
export function replaceConfig(session: Session, key: string, value: unknown, status = 200) {
  return session.agent
    .put(`${API}/configs/replace`)
    .set(session.csrf)
    .type('form')
    .send({ key, value: JSON.stringify(value) })
    .expect(status);
}
