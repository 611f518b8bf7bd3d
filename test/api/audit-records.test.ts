/**
 * The audit log's records against a real Orthanc and PostgreSQL (issue 19): each audited action
 * leaves exactly one record with the right account, address and study (a viewer's many requests
 * for one series or study count once), a guest's viewing is recorded under the share, and
 * /events/find filters, pages and refuses bad input with the catalogue's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SHARE_GUEST_ID, type AuditPage } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, anonymous, login, signIn, signInAsGuest, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createReader, postForm, storeTinyStudies } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;
let reader: Session;
const A = tinyStudyUids('audit-a');
const B = tinyStudyUids('audit-b');
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

interface Row {
  id: number;
  account_id: string | null;
  share: string | null;
  ip: string;
  action: string;
  outcome: string;
  study_instance_uid: string | null;
  patient_id: string | null;
  details: Record<string, unknown>;
}

/** The records `work` leaves (written at once: the writer is flushed first). */
async function recordsOf(work: () => Promise<unknown>): Promise<Row[]> {
  await stack.adapter!.deps.audit.flush();
  const [{ head }] = (await stack.sql<{ head: number }>('select coalesce(max(id), 0)::int as head from audit_events')) as [
    { head: number },
  ];
  await work();
  await stack.adapter!.deps.audit.flush();
  return stack.sql<Row>('select * from audit_events where id > $1 order by id', [head]);
}

async function onlyRecord(work: () => Promise<unknown>): Promise<Row> {
  const rows = await recordsOf(work);
  expect(rows.map((row) => row.action)).toHaveLength(1);
  expect(rows[0]!.ip).toBe('127.0.0.1');
  return rows[0]!;
}

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    { seed: 'audit-a', patientName: 'Audit^Alpha', patientId: 'AUD-A' },
    { seed: 'audit-b', patientName: 'Audit^Beta', patientId: 'AUD-B' },
  ]);
  await createReader(admin, {
    id: 'auditreader',
    password: 'reader-pass-1',
    role: {
      name: 'Audit readers',
      permissions: { list: true, viewer: true, report: true, list_csv: true, list_export: true },
      targets: { All: true },
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('audit records', () => {
  it('records sign-in, its failure and sign-out once each', async () => {
    const failed = await onlyRecord(() => login(anonymous(stack.baseUrl), 'auditreader', 'wrong-password').expect(401));
    expect(failed).toMatchObject({
      action: 'sign_in',
      outcome: 'failure',
      account_id: 'auditreader',
      details: { Reason: 'authentication_failed' },
    });
    const signed = await onlyRecord(async () => {
      reader = await signIn(stack.baseUrl, 'auditreader', 'reader-pass-1');
    });
    expect(signed).toMatchObject({ action: 'sign_in', outcome: 'success', account_id: 'auditreader' });
    const other = await signIn(stack.baseUrl, 'auditreader', 'reader-pass-1');
    const out = await onlyRecord(() => other.agent.delete(`${API}/login`).set(other.csrf).expect(200));
    expect(out).toMatchObject({ action: 'sign_out', account_id: 'auditreader' });
  });

  it('records a study opened in the viewer and its report once, and each series once however many frames', async () => {
    const viewed = await onlyRecord(async () => {
      for (let i = 0; i < 3; i++) await reader.agent.get(`${API}/annotations/fromstudy`).query({ uid: A.study }).expect(200);
    });
    expect(viewed).toMatchObject({ action: 'study_view', account_id: 'auditreader', study_instance_uid: A.study, patient_id: 'AUD-A' });
    const report = await onlyRecord(() => reader.agent.get(`${API}/reports/fromstudy`).query({ uid: A.study }).expect(200));
    expect(report).toMatchObject({ action: 'report_view', study_instance_uid: A.study });
    const series = await onlyRecord(async () => {
      const base = `${API}/dicom-web/studies/${A.study}/series/${A.series}`;
      await reader.agent.get(`${base}/metadata`).expect(200);
      for (let i = 0; i < 4; i++) await reader.agent.get(`${base}/instances/${A.instance}/frames/1`).expect(200);
      await reader.agent
        .get(`${API}/wado`)
        .query({ studyUID: A.study, seriesUID: A.series, objectUID: A.instance, contentType: 'application/dicom' });
    });
    expect(series).toMatchObject({ action: 'series_download', study_instance_uid: A.study, details: { SeriesInstanceUID: A.series } });
    // A study the reader may not see leaves no download record (the 404 comes first).
    expect(await recordsOf(() => reader.agent.get(`${API}/dicom-web/studies/1.2.3.4/series/1.2.3.5/metadata`).expect(404))).toEqual([]);
  });

  it('records export and CSV once with the study', async () => {
    const exported = await onlyRecord(() =>
      reader.agent
        .post(`${API}/studies/export`)
        .set(reader.csrf)
        .send({ Items: [{ StudyInstanceUID: B.study }] })
        .buffer(true)
        .expect(200),
    );
    expect(exported).toMatchObject({ action: 'study_export', account_id: 'auditreader', study_instance_uid: B.study, patient_id: 'AUD-B' });
    const csv = await onlyRecord(() =>
      reader.agent
        .post(`${API}/studies/csv`)
        .set(reader.csrf)
        .send({ UIDs: [A.study] })
        .expect(200),
    );
    expect(csv).toMatchObject({ action: 'study_csv', study_instance_uid: A.study });
  });

  it("records a share's life, and a guest's sign-in and viewing under the share", async () => {
    let share = { No: 0, AccessKey: '' };
    const created = await onlyRecord(async () => {
      share = await postForm(admin, '/sharestudies/create', { uid: A.study, ExpiresAt: tomorrow });
    });
    expect(created).toMatchObject({
      action: 'share_create',
      account_id: 'admin',
      study_instance_uid: A.study,
      details: { Share: `study-${share.No}`, Guest: true },
    });
    let guest: Session | undefined;
    const guestIn = await onlyRecord(async () => {
      guest = await signInAsGuest(stack.baseUrl, share.AccessKey);
    });
    expect(guestIn).toMatchObject({ action: 'guest_sign_in', account_id: SHARE_GUEST_ID, share: `study-${share.No}` });
    const viewed = await onlyRecord(() => guest!.agent.get(`${API}/annotations/fromstudy`).query({ uid: A.study }).expect(200));
    expect(viewed).toMatchObject({
      action: 'study_view',
      account_id: SHARE_GUEST_ID,
      share: `study-${share.No}`,
      study_instance_uid: A.study,
    });
    expect(JSON.stringify(await stack.sql('select * from audit_events'))).not.toContain(share.AccessKey);
    const badKey = await onlyRecord(() =>
      anonymous(stack.baseUrl)
        .post(`${API}/login`)
        .set('X-Requested-With', 'XMLHttpRequest')
        .type('form')
        .send({ AccessKey: 'nope' })
        .expect(401),
    );
    expect(badKey).toMatchObject({ action: 'guest_sign_in', outcome: 'failure', account_id: null });
    const changed = await onlyRecord(() =>
      admin.agent
        .patch(`${API}/sharestudies/update`)
        .set(admin.csrf)
        .type('form')
        .send({ No: String(share.No), ExpiresAt: tomorrow })
        .expect(200),
    );
    expect(changed).toMatchObject({ action: 'share_update', study_instance_uid: A.study });
    const deleted = await onlyRecord(() =>
      admin.agent.delete(`${API}/sharestudies/delete`).query({ no: share.No }).set(admin.csrf).expect(200),
    );
    expect(deleted).toMatchObject({ action: 'share_delete', details: { Share: `study-${share.No}` } });
  });

  it('records an edit, a delete, a restore and a purge', async () => {
    const edited = await onlyRecord(() =>
      admin.agent
        .patch(`${API}/studies/edit`)
        .set(admin.csrf)
        .send({ StudyInstanceUID: B.study, Tags: { StudyDescription: 'Audited' } })
        .expect(200),
    );
    expect(edited).toMatchObject({
      action: 'study_edit',
      account_id: 'admin',
      study_instance_uid: B.study,
      details: { Tags: ['StudyDescription'] },
    });
    const binned = await onlyRecord(() =>
      admin.agent
        .post(`${API}/studies/delete`)
        .set(admin.csrf)
        .send({ Items: [{ StudyInstanceUID: B.study }] })
        .expect(200),
    );
    expect(binned).toMatchObject({ action: 'study_delete', study_instance_uid: B.study, patient_id: 'AUD-B' });
    const bin = (await admin.agent.get(`${API}/trashbox/studies`).expect(200)).body as { Items: { Id: string }[] };
    const id = bin.Items[0]!.Id;
    const restored = await onlyRecord(() => admin.agent.post(`${API}/trashbox/restorerequest`).query({ id }).set(admin.csrf).expect(200));
    expect(restored).toMatchObject({ action: 'trash_restore', details: { Items: [id] } });
    await admin.agent
      .post(`${API}/studies/delete`)
      .set(admin.csrf)
      .send({ Items: [{ StudyInstanceUID: B.study }] })
      .expect(200);
    const purged = await onlyRecord(() => admin.agent.delete(`${API}/trashbox/delete`).query({ id: 'all' }).set(admin.csrf).expect(200));
    expect(purged).toMatchObject({ action: 'trash_purge', account_id: 'admin', details: { Items: 'all' } });
  });

  it('records account, role, institution, security, settings and configs changes without secret values', async () => {
    const role = await onlyRecord(() =>
      postForm(admin, '/roles/create', { Name: 'Audited role', Institution: '0', Permissions: '{"list":true}' }),
    );
    expect(role).toMatchObject({ action: 'role_change', details: { Change: 'create' } });
    const account = await onlyRecord(() =>
      postForm(admin, '/accounts/create', { Id: 'audited', Password: 'secret-pass-9', Role: String(role.details.Role) }),
    );
    expect(account).toMatchObject({ action: 'account_change', details: { Change: 'create', Id: 'audited' } });
    expect(JSON.stringify(account)).not.toContain('secret-pass-9');
    const institution = await onlyRecord(() => postForm(admin, '/institutions/create', { Name: 'Audited institution' }));
    expect(institution).toMatchObject({ action: 'institution_change', details: { Change: 'create' } });
    const security = await onlyRecord(() =>
      admin.agent.patch(`${API}/authconfig/update`).set(admin.csrf).type('form').send({ Threshold: '5' }).expect(200),
    );
    expect(security).toMatchObject({ action: 'security_change', details: { Setting: 'authconfig', Threshold: 5 } });
    const configs = await onlyRecord(() =>
      admin.agent.put(`${API}/configs/replace`).set(admin.csrf).type('form').send({ key: 'country', value: '"jp"' }).expect(200),
    );
    expect(configs).toMatchObject({ action: 'configs_change', account_id: 'admin', details: { Key: 'country' } });
    const settings = await onlyRecord(() =>
      reader.agent
        .put(`${API}/settings/replace`)
        .set(reader.csrf)
        .type('form')
        .send({
          key: 'list.toolbar',
          value: JSON.stringify({ toolbar: [{ key: 'viewer', type: 'feature', position: 'left', is_visible: true }] }),
        })
        .expect(200),
    );
    expect(settings).toMatchObject({ action: 'settings_change', account_id: 'auditreader', details: { Key: 'list.toolbar' } });
    const removed = await onlyRecord(() =>
      admin.agent.delete(`${API}/accounts/delete`).query({ id: 'audited' }).set(admin.csrf).expect(200),
    );
    expect(removed).toMatchObject({ action: 'account_change', details: { Change: 'delete', Id: 'audited' } });
  });
});

describe('/events/find', () => {
  const find = (query: Record<string, string>) => admin.agent.get(`${API}/events/find`).query(query);

  it('filters by account, action, study, patient, address and days, newest first, paged', async () => {
    await stack.adapter!.deps.audit.flush();
    const mine = (await find({ Account: 'AUDITREADER', Action: 'study_view' }).expect(200)).body as AuditPage;
    expect(mine.Total).toBe(1);
    expect(mine.Events[0]).toMatchObject({
      Account: 'auditreader',
      Action: 'study_view',
      StudyInstanceUID: A.study,
      PatientName: 'Audit^Alpha',
    });
    const study = (await find({ Subject: A.study }).expect(200)).body as AuditPage;
    expect(study.Events.every((event) => event.StudyInstanceUID === A.study)).toBe(true);
    const patient = (await find({ Subject: 'AUD-B' }).expect(200)).body as AuditPage;
    expect(patient.Total).toBeGreaterThanOrEqual(3);
    expect((await find({ Subject: 'alpha' }).expect(200)).body.Total).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const all = (await find({ From: today, To: today, IPAddress: '127.0' }).expect(200)).body as AuditPage;
    const page = (await find({ From: today, To: today, Limit: '2', Offset: '1' }).expect(200)).body as AuditPage;
    expect(page.Total).toBe(all.Total);
    expect(page.Events.map((event) => event.No)).toEqual(all.Events.slice(1, 3).map((event) => event.No));
    expect(all.Events[0]!.No).toBeGreaterThan(all.Events[1]!.No);
    expect((await find({ From: '2001-01-01', To: '2001-01-02' }).expect(200)).body).toEqual({ Total: 0, Events: [] });
    expect((await admin.agent.get(`${API}/events/all`).query({ Limit: '1' }).expect(200)).body.Events).toHaveLength(1);
  });

  it('refuses bad input with the messages by field', async () => {
    for (const [query, field, message] of [
      [{ From: '2026-13-01' }, 'From', MESSAGES.invalid],
      [{ From: '2026-02-02', To: '2026-02-01' }, 'To', MESSAGES.audit_range],
      [{ Action: 'drop' }, 'Action', MESSAGES.invalid],
      [{ IPAddress: "'; select" }, 'IPAddress', MESSAGES.invalid],
      [{ Limit: '0' }, 'Limit', MESSAGES.invalid],
      [{ Offset: 'x' }, 'Offset', MESSAGES.invalid],
      [{ Subject: 'x'.repeat(200) }, 'Subject', MESSAGES.max_length(128)],
    ] as const) {
      const answer = await find(query).expect(400);
      expect(answer.body.fields?.[field]).toEqual(message);
    }
    await admin.agent.get(`${API}/events/find`).query('Account=a&Account=b').expect(400);
    await admin.agent.patch(`${API}/eventsettings/update`).set(admin.csrf).type('form').send({ RetentionDays: '-1' }).expect(400);
  });

  it('is for administrators only', async () => {
    await reader.agent.get(`${API}/events/find`).expect(403);
    await reader.agent.get(`${API}/events/all`).expect(403);
    await reader.agent.get(`${API}/eventsettings/find`).expect(403);
    await anonymous(stack.baseUrl).get(`${API}/events/verify`).expect(401);
  });
});
