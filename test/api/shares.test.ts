/**
 * Sharing: a share is one more way into the visibility module. Guests by access key, patient
 * shares narrowed to modalities, role shares, expiry and deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, MESSAGES } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, anonymous, signIn, signInAsGuest, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createAccount, createRole, postForm, storeTinyStudies } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;
const users: Record<string, Session> = {};
const ct1 = tinyStudyUids('share-ct1');
const mr1 = tinyStudyUids('share-mr1');
const ct2 = tinyStudyUids('share-ct2');
let institution: number;
let readersRole: number;
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  await storeTinyStudies(
    stack,
    admin,
    (
      [
        ['share-ct1', 'P1', 'CT'],
        ['share-mr1', 'P1', 'MR'],
        ['share-ct2', 'P2', 'CT'],
      ] as const
    ).map(([seed, patient, modality]) => ({ seed, patientName: `Patient^${patient}`, patientId: patient, modality })),
  );
  institution = (await postForm(admin, '/institutions/create', { Name: 'Partner clinic', Targets: JSON.stringify({ All: false }) })).No;
  const reading = { list: true, viewer: true };
  readersRole = await createRole(admin, { name: 'Partner readers', institution, permissions: reading, targets: { All: false } });
  const otherRole = await createRole(admin, { name: 'Partner others', institution, permissions: reading });
  for (const [id, role] of [
    ['u1', readersRole],
    ['u2', readersRole],
    ['u3', otherRole],
  ] as const) {
    await createAccount(admin, { id, password: `${id}-password`, role });
    users[id] = await signIn(stack.baseUrl, id, `${id}-password`);
  }
});
afterAll(async () => {
  await stack?.stop();
});

const seen = async (session: Session) =>
  ((await session.agent.get(`${API}/studies/search`).expect(200)).body.Items as { StudyInstanceUID: string }[])
    .map((item) => item.StudyInstanceUID)
    .sort();

describe('guest shares', () => {
  it('opens exactly the shared study, through every endpoint, until deleted', async () => {
    const share = await admin.agent
      .post(`${API}/sharestudies/create`)
      .set(admin.csrf)
      .type('form')
      .send({ uid: ct1.study, ExpiresAt: tomorrow })
      .expect(200);
    expect(share.body.AccessKey).toMatch(/^[\w-]{32}$/);
    const visitor = await signInAsGuest(stack.baseUrl, share.body.AccessKey);
    expect(await seen(visitor)).toEqual([ct1.study]);
    await visitor.agent.get(`${API}/studies/find`).query({ uid: ct1.study }).expect(200);
    await visitor.agent.get(`${API}/dicom-web/studies/${ct1.study}/series/${ct1.series}/metadata`).expect(200);
    for (const other of [mr1, ct2]) {
      await visitor.agent.get(`${API}/studies/find`).query({ uid: other.study }).expect(404);
      await visitor.agent.get(`${API}/dicom-web/studies/${other.study}/series/${other.series}/metadata`).expect(404);
      await visitor.agent
        .get(`${API}/dicom-web/studies/${ct1.study}/series/${other.series}/instances/${other.instance}/frames/1`)
        .expect(404);
      await visitor.agent
        .get(`${API}/wado`)
        .query({ requestType: 'WADO', studyUID: other.study, seriesUID: other.series, objectUID: other.instance })
        .expect(404);
    }
    const qido = (await visitor.agent.get(`${API}/dicom-web/studies`).expect(200)).body as { '0020000D': { Value: string[] } }[];
    expect(qido.map((item) => item['0020000D'].Value[0])).toEqual([ct1.study]);
    // Guests get default settings and cannot store any.
    expect((await visitor.agent.get(`${API}/service/settings`).expect(200)).body.Settings.lang).toBe('en');
    await visitor.agent
      .put(`${API}/settings/replace`)
      .set(visitor.csrf)
      .type('form')
      .send({ key: 'lang', value: '{"lang":"ja"}' })
      .expect(403);
    expect((await admin.agent.get(`${API}/studies/find`).query({ uid: ct1.study })).body.IsShared).toBe(true);

    await admin.agent.delete(`${API}/sharestudies/delete`).query({ no: share.body.No }).set(admin.csrf).expect(200);
    // Access ends at once, also for paths whose answers were remembered: the guest is signed out.
    await visitor.agent.get(`${API}/dicom-web/studies/${ct1.study}/series/${ct1.series}/metadata`).expect(401);
    await visitor.agent.get(`${API}/studies/search`).expect(401);
    await visitor.agent.get(`${API}/accounts/signed`).expect(401);
    await anonymous(stack.baseUrl)
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ AccessKey: share.body.AccessKey })
      .expect(401);
  });

  it('ends access when the share expires', async () => {
    const share = await admin.agent
      .post(`${API}/sharestudies/create`)
      .set(admin.csrf)
      .type('form')
      .send({ uid: ct2.study, ExpiresAt: tomorrow })
      .expect(200);
    const visitor = await signInAsGuest(stack.baseUrl, share.body.AccessKey);
    expect(await seen(visitor)).toEqual([ct2.study]);
    // Move the clock: the share expired a minute ago. Nothing is reachable at once (the session,
    // remembered for a moment, may still answer, but with nothing in it)…
    await stack.sql(`update share_studies set expires_at = now() - interval '1 minute' where no = $1`, [share.body.No]);
    const list = await visitor.agent.get(`${API}/studies/search`);
    expect(list.status === 401 || list.body.Items.length === 0).toBe(true);
    expect([401, 404]).toContain((await visitor.agent.get(`${API}/studies/find`).query({ uid: ct2.study })).status);
    // …and the guest's session ends with the share.
    let signedOut = false;
    for (let i = 0; i < 50 && !signedOut; i++) {
      signedOut = (await visitor.agent.get(`${API}/accounts/signed`)).status === 401;
      if (!signedOut) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(signedOut).toBe(true);
    await anonymous(stack.baseUrl)
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ AccessKey: share.body.AccessKey })
      .expect(401);
  });

  it('refuses an unknown key, and password sign-in as the guest account', async () => {
    await anonymous(stack.baseUrl)
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ AccessKey: 'no-such-key' })
      .expect(401);
    await anonymous(stack.baseUrl)
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ Id: 'sonic_share_guest', Password: 'anything' })
      .expect(401);
  });
});

describe('account, role and patient shares', () => {
  it("gives a patient share with modality CT that patient's CT studies only, to that account only", async () => {
    await admin.agent
      .post(`${API}/sharepatients/create`)
      .set(admin.csrf)
      .type('form')
      .send({ id: 'P1', Institution: String(institution), Role: String(readersRole), Account: 'u1', ExpiresAt: tomorrow, Modality: ['CT'] })
      .expect(200);
    expect(await seen(users.u1!)).toEqual([ct1.study]);
    expect(await seen(users.u2!)).toEqual([]);
  });

  it('reaches every account of a role with a role share, and no other', async () => {
    await admin.agent
      .post(`${API}/sharestudies/create`)
      .set(admin.csrf)
      .type('form')
      .send({ uid: ct2.study, Institution: String(institution), Role: String(readersRole), ExpiresAt: tomorrow })
      .expect(200);
    expect(await seen(users.u1!)).toEqual([ct1.study, ct2.study].sort());
    expect(await seen(users.u2!)).toEqual([ct2.study]);
    expect(await seen(users.u3!)).toEqual([]);
    const counts = await admin.agent.get(`${API}/shares/count`).expect(200);
    expect(counts.body).toMatchObject({ SharePatients: 1 });
  });

  it('validates targets and dates, and keeps to the monthly limit', async () => {
    const create = (form: Record<string, string | string[]>) =>
      admin.agent
        .post(`${API}/sharestudies/create`)
        .set(admin.csrf)
        .type('form')
        .send({ uid: ct1.study, ...form });
    expect((await create({ ExpiresAt: '2020-01-01' }).expect(400)).body.fields).toHaveProperty('ExpiresAt');
    expect((await create({ Institution: '0', ExpiresAt: tomorrow }).expect(400)).body.fields).toHaveProperty('Institution');
    expect((await create({ Institution: String(institution), Role: '1', ExpiresAt: tomorrow }).expect(400)).body.fields).toHaveProperty(
      'Role',
    );
    expect(
      (await create({ Institution: String(institution), Role: String(readersRole), Account: 'u3', ExpiresAt: tomorrow }).expect(400)).body
        .fields,
    ).toHaveProperty('Account');
    await admin.agent
      .post(`${API}/sharepatients/create`)
      .set(admin.csrf)
      .type('form')
      .send({ id: 'P1', ExpiresAt: tomorrow, Modality: ['C'] })
      .expect(400);
    await users
      .u1!.agent.post(`${API}/sharestudies/create`)
      .set(users.u1!.csrf)
      .type('form')
      .send({ uid: ct1.study, ExpiresAt: tomorrow })
      .expect(403);

    stack.adapter!.deps.config.maxMonthlyShares = 1;
    try {
      const limited = await create({ ExpiresAt: tomorrow }).expect(409);
      expect(limited.body.message).toBe('You have already reached the maximum number of Monthly Shares.');
    } finally {
      stack.adapter!.deps.config.maxMonthlyShares = 0;
    }
  });
});

describe('share expiry bound', () => {
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('refuses an expiry absurdly far ahead or past the longest share duration (12 months), on create and update', async () => {
    const create = (ExpiresAt: string) =>
      admin.agent.post(`${API}/sharestudies/create`).set(admin.csrf).type('form').send({ uid: ct1.study, ExpiresAt });
    for (const far of ['9999-12-31', day(400)]) {
      const refused = await create(far).expect(400);
      expect(refused.body).toMatchObject({
        code: 'validation_failed',
        message: ERRORS.validation_failed.message,
        fields: { ExpiresAt: MESSAGES.share_expiry_too_far },
      });
    }
    // Days that do not exist or cannot be read are refused as invalid, never a server error.
    for (const bad of ['0000-01-01', '2030-02-30', '99999-01-01', '2030-13-01']) {
      const refused = await create(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.fields.ExpiresAt, bad).toBe(MESSAGES.invalid);
    }
    const made = await create(day(330)).expect(200);
    const update = (ExpiresAt: string) =>
      admin.agent
        .patch(`${API}/sharestudies/update`)
        .set(admin.csrf)
        .type('form')
        .send({ No: String(made.body.No), ExpiresAt });
    expect((await update('9999-12-31').expect(400)).body.fields.ExpiresAt).toBe(MESSAGES.share_expiry_too_far);
    await update(day(20)).expect(200);
    await admin.agent
      .post(`${API}/sharepatients/create`)
      .set(admin.csrf)
      .type('form')
      .send({ id: 'P2', ExpiresAt: '9999-12-31' })
      .expect(400);
  });
});
