/**
 * The access matrix (issue "Access"): six users against studies sent by storescu from several
 * AE titles. Every study-bearing endpoint is probed for every user with every study, including
 * DICOMweb paths that pair a visible study with another study's series. Zero leaks is the bar;
 * a failure names the endpoint, the user and the study. The administration rules run on the same
 * data set; attempts to widen one's access through shares and mixed studies are in
 * access-escalation.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { EXPECTED, MATRIX_PASSWORD as PASSWORD, STUDIES, seedOf, startAccessMatrix, uid } from '../harness/access-matrix.ts';
import { API_ROUTES } from '../../adapter/src/app.ts';

let stack: Stack;
let sessions: Record<string, Session>;

beforeAll(async () => {
  ({ stack, sessions } = await startAccessMatrix());
});
afterAll(async () => {
  await stack?.stop();
});

describe('access matrix', () => {
  for (const user of Object.keys(EXPECTED)) {
    it(`${user} sees exactly ${EXPECTED[user]!.join(', ') || 'nothing'} on every study-bearing endpoint`, async () => {
      const { agent } = sessions[user]!;
      const expected = EXPECTED[user]!;
      const leaks: string[] = [];
      const check = (ok: boolean, what: string) => {
        if (!ok) leaks.push(what);
      };

      const list = (await agent.get(`${API}/studies/search`).expect(200)).body;
      check(
        JSON.stringify(list.Items.map((item: { StudyInstanceUID: string }) => seedOf(item.StudyInstanceUID)).sort()) ===
          JSON.stringify(expected),
        `studies/search → ${list.Items.length} items`,
      );
      check(list.Count === expected.length, `studies/search Count ${list.Count}`);

      const qido = (await agent.get(`${API}/dicom-web/studies`).expect(200)).body as { '0020000D': { Value: string[] } }[];
      check(
        JSON.stringify(qido.map((item) => seedOf(item['0020000D'].Value[0]!)).sort()) === JSON.stringify(expected),
        'dicom-web/studies (QIDO)',
      );
      for (const level of ['series', 'instances']) {
        const items = (await agent.get(`${API}/dicom-web/${level}`).expect(200)).body as { '0020000D': { Value: string[] } }[];
        check(
          items.every((item) => expected.includes(seedOf(item['0020000D'].Value[0]!))) && items.length === expected.length,
          `dicom-web/${level} (QIDO)`,
        );
      }

      for (const aeTitle of (await agent.get(`${API}/studies/aetitles`).expect(200)).body as string[]) {
        check(
          STUDIES.some((s) => s.ae === aeTitle && expected.includes(s.seed)),
          `studies/aetitles lists ${aeTitle}`,
        );
      }
      for (const name of (await agent.get(`${API}/studies/institutionnames`).expect(200)).body as string[]) {
        check(
          STUDIES.some((s) => s.institutionName === name && expected.includes(s.seed)),
          `studies/institutionnames lists ${name}`,
        );
      }
      for (const name of (await agent.get(`${API}/studies/referringphysiciannames`).expect(200)).body as string[]) {
        check(
          STUDIES.some((s) => s.referringPhysicianName === name && expected.includes(s.seed)),
          `studies/referringphysiciannames lists ${name}`,
        );
      }

      for (const study of STUDIES) {
        const visible = expected.includes(study.seed);
        const want = visible ? 200 : 404;
        const { study: s, series: se, instance: i } = uid(study.seed);
        const probes: [string, string][] = [
          ['studies/find', `${API}/studies/find?uid=${s}`],
          ['series/fromstudy', `${API}/series/fromstudy?uid=${s}`],
          ['instances/fromseries', `${API}/instances/fromseries?uid=${se}`],
          ['dicom-web study series', `${API}/dicom-web/studies/${s}/series`],
          ['dicom-web study metadata', `${API}/dicom-web/studies/${s}/metadata`],
          ['dicom-web series metadata', `${API}/dicom-web/studies/${s}/series/${se}/metadata`],
          ['dicom-web instance', `${API}/dicom-web/studies/${s}/series/${se}/instances/${i}`],
          ['dicom-web instance metadata', `${API}/dicom-web/studies/${s}/series/${se}/instances/${i}/metadata`],
          ['dicom-web frame', `${API}/dicom-web/studies/${s}/series/${se}/instances/${i}/frames/1`],
          ['wado-uri', `${API}/wado?requestType=WADO&studyUID=${s}&seriesUID=${se}&objectUID=${i}&contentType=application/dicom`],
        ];
        for (const [name, path] of probes) {
          const response = await agent
            .get(path)
            .set('Accept', name === 'dicom-web frame' ? 'multipart/related; type="application/octet-stream"; transfer-syntax=*' : '*/*');
          check(response.status === want, `${name} for ${study.seed}: ${response.status}, wanted ${want}`);
        }
        const byAccession = (await agent.get(`${API}/studies/fromaccessionnumber?number=${study.accessionNumber}`).expect(200))
          .body as unknown[];
        check(byAccession.length === (visible ? 1 : 0), `studies/fromaccessionnumber for ${study.seed}`);

        // A visible study paired with this study's series or instance must not open it.
        for (const other of expected.filter((seed) => seed !== study.seed && !visible)) {
          const o = uid(other);
          for (const [name, path] of [
            ['paired series metadata', `${API}/dicom-web/studies/${o.study}/series/${se}/metadata`],
            ['paired frame', `${API}/dicom-web/studies/${o.study}/series/${se}/instances/${i}/frames/1`],
            [
              'paired wado-uri',
              `${API}/wado?requestType=WADO&studyUID=${o.study}&seriesUID=${se}&objectUID=${i}&contentType=application/dicom`,
            ],
          ] as const) {
            const response = await agent.get(path);
            check(response.status === 404, `${name}: visible ${other} with ${study.seed}'s UIDs answered ${response.status}`);
          }
        }
      }
      expect(leaks, `leaks for ${user}`).toEqual([]);
    });
  }
});

describe('viewer-only accounts', () => {
  it('search the studies they may see (the viewer compares a patient’s studies) and no others', async () => {
    const admin = sessions.admin!;
    const role = await admin.agent
      .post(`${API}/roles/create`)
      .set(admin.csrf)
      .type('form')
      .send({
        Name: 'MR viewers',
        Institution: '0',
        Permissions: JSON.stringify({ viewer: true }),
        Targets: JSON.stringify({ All: false, Modality: ['MR'] }),
      })
      .expect(200);
    await admin.agent
      .post(`${API}/accounts/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Id: 'mr_viewer', Password: PASSWORD, Name: 'MR viewer', Role: String(role.body.No) })
      .expect(200);
    const viewer = await signIn(stack.baseUrl, 'mr_viewer', PASSWORD);
    const list = (await viewer.agent.get(`${API}/studies/search`).expect(200)).body;
    expect(list.Items.map((item: { StudyInstanceUID: string }) => seedOf(item.StudyInstanceUID)).sort()).toEqual(EXPECTED.mr_user);
    // Still no list-only powers: favourites and notes need the list permission.
    await viewer.agent
      .patch(`${API}/studies/update`)
      .set(viewer.csrf)
      .type('form')
      .send({ uid: uid('s2').study, IsFavorite: 'true' })
      .expect(403);
  });
});

describe('administration rules', () => {
  it('keeps the last Master account: it cannot be demoted or deleted', async () => {
    const admin = sessions.admin!;
    const demote = await admin.agent
      .patch(`${API}/accounts/update`)
      .set(admin.csrf)
      .type('form')
      .send({ Id: 'admin', Role: '2' })
      .expect(409);
    expect(demote.body).toMatchObject({ code: 'not_last_master', message: '"Master" must always have at least one Account' });
    const roles = (await admin.agent.get(`${API}/roles/all`).expect(200)).body as { No: number }[];
    await admin.agent.patch(`${API}/roles/update`).set(admin.csrf).type('form').send({ No: '1', Name: 'Renamed' }).expect(409);
    await admin.agent.delete(`${API}/roles/delete?no=1`).set(admin.csrf).expect(409);
    expect(roles.find((role) => role.No === 1)).toMatchObject({ Name: 'Master' });

    // A second Master makes the first one removable — by the other administrator.
    await admin.agent
      .post(`${API}/accounts/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Id: 'second_admin', Password: PASSWORD, Role: '1' })
      .expect(200);
    const second = await signIn(stack.baseUrl, 'second_admin', PASSWORD);
    await second.agent.delete(`${API}/accounts/delete?id=second_admin`).set(second.csrf).expect(409);
    await second.agent.patch(`${API}/accounts/update`).set(second.csrf).type('form').send({ Id: 'admin', Role: '2' }).expect(200);
    // Now second-admin is the last Master.
    const last = await second.agent
      .patch(`${API}/accounts/update`)
      .set(second.csrf)
      .type('form')
      .send({ Id: 'second_admin', Role: '2' })
      .expect(409);
    expect(last.body.code).toBe('not_last_master');
    await second.agent.patch(`${API}/accounts/update`).set(second.csrf).type('form').send({ Id: 'admin', Role: '1' }).expect(200);
    sessions.admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  });

  it('refuses to grant a permission the edition excludes, and duplicate role names in an institution', async () => {
    const admin = sessions.admin!;
    // on_premises cannot grant subscription.
    const refused = await admin.agent
      .post(`${API}/roles/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Name: 'Greedy', Institution: '0', Permissions: JSON.stringify({ list: true, subscription: true }) })
      .expect(400);
    expect(refused.body.fields.Permissions).toMatch(/subscription/);
    const duplicate = await admin.agent
      .post(`${API}/roles/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Name: 'ae readers', Institution: '0' })
      .expect(409);
    expect(duplicate.body.code).toBe('already_exists');
    await admin.agent
      .post(`${API}/accounts/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Id: 'sonic_media_guest', Password: PASSWORD, Role: '1' })
      .expect(400);
    await admin.agent
      .post(`${API}/accounts/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Id: 'AE_USER', Password: PASSWORD, Role: '1' })
      .expect(409);
    await admin.agent
      .post(`${API}/accounts/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Id: 'weak', Password: 'x', Role: '1' })
      .expect(400);
  });

  it('answers 403 to a user without the admin permission on every admin endpoint', async () => {
    const user = sessions['ae_user']!;
    const adminRoutes = API_ROUTES.filter((route) => route.access === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(15);
    for (const route of adminRoutes) {
      const response = await user.agent[route.method](`${API}${route.path}`).set(user.csrf);
      expect(response.status, `${route.method.toUpperCase()} ${route.path}`).toBe(403);
    }
  });
});
