/**
 * User settings and application configs through the API: defaults, upgrades of stored old
 * versions, replace by dotted key, and the rules on who may change what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_VERSION, SETTINGS_VERSION, defaultConfigs } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';

let stack: Stack;
let admin: Session;
beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
});
afterAll(async () => {
  await stack?.stop();
});

describe('user settings', () => {
  it('answers defaults for an account that never saved any, and stores them', async () => {
    const response = await admin.agent.get(`${API}/service/settings`).expect(200);
    expect(response.body.Id).toBe('admin');
    expect(response.body.Settings.version).toBe(SETTINGS_VERSION);
    expect(response.body.Settings.lang).toBe('en');
    // A first tree is no upgrade: no release notes are due.
    expect(response.body.Settings.release_notes).toBeUndefined();
    const [row] = await stack.sql<{ settings: { version: number } }>('select settings from accounts where id = $1', ['admin']);
    expect(row?.settings.version).toBe(SETTINGS_VERSION);
  });

  it('upgrades stored version-1 settings through the migration chain and saves the result', async () => {
    const old = {
      version: 1,
      locale: 'ja',
      list: { fields: { series: [{ key: 'BodypartExamined', is_visible: true }] } },
      viewer: { cine_fps: 120 },
    };
    await stack.sql('update accounts set settings = $2 where id = $1', ['admin', JSON.stringify(old)]);
    const { body } = await admin.agent.get(`${API}/service/settings`).expect(200);
    expect(body.Settings.version).toBe(SETTINGS_VERSION);
    expect(body.Settings.lang).toBe('ja');
    expect(body.Settings.locale).toBeUndefined();
    expect(body.Settings.list.fields.series.map((field: { key: string }) => field.key)).toContain('BodyPartExamined');
    expect(body.Settings.list.fields.series.map((field: { key: string }) => field.key)).not.toContain('BodypartExamined');
    expect(body.Settings.viewer.cine.fps).toBe(60);
    // An upgrade of a stored tree makes the release notes due (spec 1 §2).
    expect(body.Settings.release_notes).toBe(true);
    const [row] = await stack.sql<{ settings: { version: number } }>('select settings from accounts where id = $1', ['admin']);
    expect(row?.settings.version).toBe(SETTINGS_VERSION);
  });

  it('replaces one node by dotted key, keeping the rest', async () => {
    const toolbar = [{ key: 'viewer', type: 'feature', position: 'left', is_visible: true }];
    const { body } = await admin.agent
      .put(`${API}/settings/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ Id: 'admin', key: 'list.toolbar', value: JSON.stringify({ toolbar }) })
      .expect(200);
    expect(body.Settings.list.toolbar).toEqual(toolbar);
    expect(body.Settings.list.limit).toBeDefined();
    const again = await admin.agent.get(`${API}/service/settings`).expect(200);
    expect(again.body.Settings.list.toolbar).toEqual(toolbar);
  });

  it('replaceall sets the node itself, and a whole replacement keeps the version', async () => {
    const { body } = await admin.agent
      .put(`${API}/settings/replaceall`)
      .set(admin.csrf)
      .type('form')
      .send({ key: 'lang', value: '"he"' })
      .expect(200);
    expect(body.Settings.lang).toBe('he');
    const whole = await admin.agent
      .put(`${API}/settings/replaceall`)
      .set(admin.csrf)
      .type('form')
      .send({ key: '', value: JSON.stringify({ lang: 'en' }) })
      .expect(200);
    expect(whole.body.Settings).toEqual({ lang: 'en', version: SETTINGS_VERSION });
    // Missing sections come back as defaults on the next load.
    const reload = await admin.agent.get(`${API}/service/settings`).expect(200);
    expect(reload.body.Settings.list.fields.study.length).toBeGreaterThan(5);
  });

  it('refuses bad keys, bad JSON and values without the key member', async () => {
    const put = (mode: string, fields: Record<string, string>) =>
      admin.agent.put(`${API}/settings/${mode}`).set(admin.csrf).type('form').send(fields);
    expect((await put('replace', { key: '__proto__.polluted', value: '{"polluted":1}' })).status).toBe(400);
    expect((await put('replace', { key: 'list..toolbar', value: '{}' })).status).toBe(400);
    expect((await put('replace', { key: 'list.toolbar', value: '{not json' })).body.fields).toHaveProperty('value');
    expect((await put('replace', { key: 'list.toolbar', value: '{"other": []}' })).status).toBe(400);
    expect((await put('replaceall', { key: '', value: '[1,2]' })).status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('application configs', () => {
  it('were checked at start: the stored configs carry this version', async () => {
    const [row] = await stack.sql<{ value: { version: string } }>(`select value from configs where key = 'app'`);
    expect(row?.value.version).toBe(PRODUCT_VERSION);
    const { body } = await admin.agent.get(`${API}/configs/get`).expect(200);
    expect(body.version).toBe(PRODUCT_VERSION);
    expect(body.date_format).toBe('YYYY-MM-DD');
    expect((await admin.agent.get(`${API}/configs/get`).query({ key: 'mwm.limit' }).expect(200)).body).toBe(100);
    await admin.agent.get(`${API}/configs/get`).query({ key: 'no.such.node' }).expect(404);
  });

  it('replaces a node (country, time zone) and keeps the version the server set', async () => {
    await admin.agent.put(`${API}/configs/replace`).set(admin.csrf).type('form').send({ key: 'country', value: '"jp"' }).expect(200);
    const { body } = await admin.agent
      .put(`${API}/configs/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ key: 'time_zone', value: '"Asia/Tokyo"' })
      .expect(200);
    expect(body).toMatchObject({ country: 'jp', time_zone: 'Asia/Tokyo', version: PRODUCT_VERSION });
    const forged = await admin.agent
      .put(`${API}/configs/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ key: 'version', value: '"9.9.9.9"' })
      .expect(200);
    expect(forged.body.version).toBe(PRODUCT_VERSION);
  });

  it('init migrates an outdated stored tree and saves it; a second init changes nothing', async () => {
    const old = {
      version: '0.0.9.0',
      locale: 'ja',
      date_format: 'yyyy/mm/dd',
      share: { fields: { study: [{ key: 'Writer', is_visible: true }] } },
      mwm: {
        fields: {
          study: [
            { key: 'PatientID', is_visible: false },
            { key: 'PatientName', is_visible: false },
          ],
        },
      },
    };
    await stack.sql(`update configs set value = $1 where key = 'app'`, [JSON.stringify(old)]);
    const { body } = await admin.agent.post(`${API}/configs/init`).set(admin.csrf).type('form').send({}).expect(200);
    expect(body.version).toBe(PRODUCT_VERSION);
    expect(body.lang).toBe('ja');
    expect(body.locale).toBeUndefined();
    expect(body.date_format).toBe('YYYY/MM/DD');
    expect(body.share.fields.study.map((field: { key: string }) => field.key)).toContain('SharedBy');
    expect(
      body.mwm.fields.study
        .filter((field: { key: string }) => ['PatientID', 'PatientName'].includes(field.key))
        .every((field: { is_visible: boolean }) => field.is_visible),
    ).toBe(true);
    // Sections the old tree lacked are filled from the defaults.
    expect(body.recycle_bin).toEqual(defaultConfigs().recycle_bin);

    const [saved] = await stack.sql<{ value: unknown; updated_at: Date }>(`select value, updated_at from configs where key = 'app'`);
    expect(saved?.value).toEqual(body);
    await admin.agent.post(`${API}/configs/init`).set(admin.csrf).type('form').send({}).expect(200);
    const [after] = await stack.sql<{ updated_at: Date }>(`select updated_at from configs where key = 'app'`);
    expect(after?.updated_at.getTime()).toBe(saved?.updated_at.getTime());
  });

  it('gives legacy roles without "all" the list, viewer and report permissions at the configs check, once', async () => {
    await stack.sql(`insert into roles (institution, name, permissions) values (0, 'legacy', '{"share": true}')`);
    await stack.sql(
      `insert into roles (institution, name, permissions) values (0, 'modern', '{"share": true, "list": false, "viewer": false, "report": false}')`,
    );
    await stack.sql(`update configs set value = jsonb_set(value, '{version}', '"0.0.9.0"') where key = 'app'`);
    await admin.agent.post(`${API}/configs/init`).set(admin.csrf).type('form').send({}).expect(200);
    const roles = await stack.sql<{ name: string; permissions: Record<string, boolean> }>(
      `select name, permissions from roles where name in ('legacy', 'modern')`,
    );
    const byName = Object.fromEntries(roles.map((role) => [role.name, role.permissions]));
    expect(byName.legacy).toMatchObject({ share: true, list: true, viewer: true, report: true });
    // A role saved with explicit flags is no legacy role: an admin's "no viewer" stands.
    expect(byName.modern).toEqual({ share: true, list: false, viewer: false, report: false });
  });
});

describe('heartbeat', () => {
  it('answers the marker of a list as text, empty until that list changes', async () => {
    const empty = await admin.agent.get(`${API}/server/heartbeat`).query({ key: 'study' }).expect(200);
    expect(empty.text).toBe('');
    // The study marker follows the caller's visible studies (test/api/hardening.test.ts); the other
    // lists keep a stored marker.
    await stack.sql(`insert into heartbeat_markers (key, updated_at) values ('mwm', '2026-11-21T10:00:00Z')`);
    const marked = await admin.agent.get(`${API}/server/heartbeat`).query({ key: 'mwm' }).expect(200);
    expect(marked.text).toBe('2026-11-21T10:00:00.000Z');
    expect(marked.headers['content-type']).toMatch(/text\/plain/);
    await admin.agent.get(`${API}/server/heartbeat`).query({ key: 'bogus' }).expect(400);
  });
});
