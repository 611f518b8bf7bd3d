/**
 * The access matrix (issue "Access"): six users against studies sent by storescu from several
 * AE titles. Every study-bearing endpoint is probed for every user with every study, including
 * DICOMweb paths that pair a visible study with another study's series. Zero leaks is the bar;
 * a failure names the endpoint, the user and the study.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import dcmjs from 'dcmjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, anonymous, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids, type TinyStudy } from '../harness/dicom.ts';
import { waitForIndexedStudies } from '../harness/fixtures.ts';
import { API_ROUTES } from '../../adapter/src/app.ts';

const STUDIES: (TinyStudy & { ae: string })[] = [
  {
    seed: 's1',
    ae: 'AE_A1',
    institutionName: 'Hospital A',
    modality: 'CT',
    referringPhysicianName: 'Dr^Who',
    patientName: 'One^Patient',
    patientId: 'P1',
    accessionNumber: 'ACC1',
  },
  {
    seed: 's2',
    ae: 'AE_A2',
    institutionName: 'Hospital A',
    modality: 'MR',
    referringPhysicianName: 'Dr^House',
    patientName: 'Two^Patient',
    patientId: 'P2',
    accessionNumber: 'ACC2',
  },
  {
    seed: 's3',
    ae: 'AE_B1',
    institutionName: 'Hospital B',
    modality: 'CT',
    referringPhysicianName: 'Dr^Who',
    patientName: 'Three^Patient',
    patientId: 'P3',
    accessionNumber: 'ACC3',
  },
  {
    seed: 's4',
    ae: 'AE_B1',
    institutionName: 'Hospital B',
    modality: 'MR',
    referringPhysicianName: 'Dr^Grey',
    patientName: 'Four^Patient',
    patientId: 'P4',
    accessionNumber: 'ACC4',
  },
  {
    seed: 's5',
    ae: 'AE_C1',
    institutionName: 'Clinic C',
    modality: 'US',
    referringPhysicianName: '',
    patientName: 'Five^Patient',
    patientId: 'P5',
    accessionNumber: 'ACC5',
  },
];

/** Who must see what: the facts the rules imply for this data set. */
const EXPECTED: Record<string, string[]> = {
  admin: ['s1', 's2', 's3', 's4', 's5'],
  ae_user: ['s1', 's2'],
  mr_user: ['s2', 's4'],
  who_user: ['s1', 's3'],
  shared_user: [],
  b_user: ['s3', 's4'],
};

const PASSWORD = 'matrix-pass-1';
let stack: Stack;
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  stack = await startStack();
  const dir = mkdtempSync(join(tmpdir(), 'pacs-access-'));
  for (const study of STUDIES) {
    const file = join(dir, `${study.seed}.dcm`);
    writeFileSync(file, tinyStudy(study));
    const sent = storeFiles([file], { port: stack.config.dicomPort, callingAet: study.ae });
    expect(sent.failed).toEqual([]);
  }
  const admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  sessions.admin = admin;
  const call = (method: 'post' | 'patch', path: string, form: Record<string, string>) =>
    admin.agent[method](`${API}${path}`).set(admin.csrf).type('form').send(form);

  const institutionB = (
    await call('post', '/institutions/create', {
      Name: 'Institution B',
      Targets: JSON.stringify({ All: false, InstitutionName: ['Hospital B'] }),
    }).expect(200)
  ).body.No;
  const reading = JSON.stringify({ list: true, viewer: true });
  const role = async (name: string, institution: number, targets: object, studyAccess = 'all') =>
    (
      await call('post', '/roles/create', {
        Name: name,
        Institution: String(institution),
        Permissions: reading,
        Targets: JSON.stringify(targets),
        StudyAccess: studyAccess,
      }).expect(200)
    ).body.No as number;
  const roles = {
    ae: await role('AE readers', 0, { All: false, AETitle: ['AE_A1', 'AE_A2'] }),
    mr: await role('MR readers', 0, { All: false, Modality: ['MR'] }),
    all: await role('Referring physicians', 0, { All: true }),
    shared: await role('Shared only', 0, { All: true }, 'only_shared'),
    b: await role('B readers', institutionB, { All: true }),
  };
  const account = async (id: string, roleNo: number, extra: Record<string, string> = {}) => {
    await call('post', '/accounts/create', { Id: id, Password: PASSWORD, Name: id, Role: String(roleNo), ...extra }).expect(200);
    sessions[id] = await signIn(stack.baseUrl, id, PASSWORD);
  };
  await account('ae_user', roles.ae);
  await account('mr_user', roles.mr);
  await account('who_user', roles.all, { ReferringPhysicianName: 'dr who' });
  await account('shared_user', roles.shared);
  await account('b_user', roles.b);

  for (let i = 0; i < 100; i++) {
    if ((await admin.agent.get(`${API}/studies/search`)).body.Count === STUDIES.length) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  await stack?.stop();
});

const uid = (seed: string) => tinyStudyUids(seed);
const seedOf = (studyUid: string) => STUDIES.find((s) => uid(s.seed).study === studyUid)?.seed ?? `unknown ${studyUid}`;

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

/** Sends tinyStudy files from an AE title, optionally moved into another study (a new series of it). */
function send(ae: string, studies: (TinyStudy & { intoStudy?: string })[]): void {
  const { DicomMessage, DicomMetaDictionary } = dcmjs.data;
  const dir = mkdtempSync(join(tmpdir(), 'pacs-escalation-'));
  const files = studies.map((study) => {
    let bytes = tinyStudy(study);
    if (study.intoStudy) {
      const dict = DicomMessage.readFile(new Uint8Array(bytes).buffer);
      const dataset = DicomMetaDictionary.naturalizeDataset(dict.dict);
      dataset.StudyInstanceUID = study.intoStudy;
      dict.dict = DicomMetaDictionary.denaturalizeDataset(dataset);
      bytes = Buffer.from(dict.write());
    }
    const file = join(dir, `${study.seed}.dcm`);
    writeFileSync(file, bytes);
    return file;
  });
  // One association per file, in order: the first instance of a study is the first sent.
  for (const file of files) expect(storeFiles([file], { port: stack.config.dicomPort, callingAet: ae }).failed).toEqual([]);
}

describe('escalation', () => {
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const listed = async (session: Session, query: Record<string, string> = {}) =>
    ((await session.agent.get(`${API}/studies/search`).query(query).expect(200)).body.Items as { StudyInstanceUID: string }[]).map(
      (item) => item.StudyInstanceUID,
    );
  const admin = () => sessions.admin!;
  const form = (session: Session, method: 'post' | 'patch', path: string, body: Record<string, string | string[]>) =>
    session.agent[method](`${API}${path}`).set(session.csrf).type('form').send(body);

  /** An institution (targets All) with a role that may share, limited to `targets`, and accounts in it. */
  async function sharers(name: string, targets: object, ids: string[]): Promise<{ institution: number; role: number }> {
    const institution = (
      await form(admin(), 'post', '/institutions/create', { Name: `${name} site`, Targets: JSON.stringify({ All: true }) }).expect(200)
    ).body.No as number;
    const role = (
      await form(admin(), 'post', '/roles/create', {
        Name: `${name} sharers`,
        Institution: String(institution),
        Permissions: JSON.stringify({ list: true, viewer: true, share: true }),
        Targets: JSON.stringify(targets),
      }).expect(200)
    ).body.No as number;
    for (const id of ids) {
      await form(admin(), 'post', '/accounts/create', { Id: id, Password: PASSWORD, Name: id, Role: String(role) }).expect(200);
      sessions[id] = await signIn(stack.baseUrl, id, PASSWORD);
    }
    return { institution, role };
  }

  it("an AE-limited user's patient share (to himself, to another, to a guest) opens no study of another AE", async () => {
    const mine = uid('esc-a1');
    const other = uid('esc-b1');
    send('AE_A1', [{ seed: 'esc-a1', patientId: 'PX', patientName: 'Visible^Name', modality: 'CT', accessionNumber: 'ESC1' }]);
    await waitForIndexedStudies(stack, [mine.study]);
    send('AE_B1', [{ seed: 'esc-b1', patientId: 'PX', patientName: 'Secret^Name', modality: 'CT', accessionNumber: 'ESC2' }]);
    await waitForIndexedStudies(stack, [other.study]);
    const { institution, role } = await sharers('AE A1', { All: false, AETitle: ['AE_A1'] }, ['a1_sharer', 'a1_colleague']);
    const sharer = sessions.a1_sharer!;
    const colleague = sessions.a1_colleague!;
    expect(await listed(sharer, { PatientID: 'PX' })).toEqual([mine.study]);

    for (const account of ['a1_sharer', 'a1_colleague']) {
      await form(sharer, 'post', '/sharepatients/create', {
        id: 'PX',
        Institution: String(institution),
        Role: String(role),
        Account: account,
        ExpiresAt: tomorrow,
      }).expect(200);
    }
    const guestShare = await form(sharer, 'post', '/sharepatients/create', { id: 'PX', ExpiresAt: tomorrow }).expect(200);
    const visitor = anonymous(stack.baseUrl);
    await visitor
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ AccessKey: guestShare.body.AccessKey })
      .expect(200);
    const guest: Session = { agent: visitor, account: {} as Session['account'], csrf: {} };

    for (const [who, session] of [
      ['sharer', sharer],
      ['colleague', colleague],
      ['guest', guest],
    ] as const) {
      const { study: s, series: se, instance: i } = other;
      expect(await listed(session, { PatientID: 'PX' }), who).not.toContain(s);
      for (const path of [
        `${API}/studies/find?uid=${s}`,
        `${API}/series/fromstudy?uid=${s}`,
        `${API}/instances/fromseries?uid=${se}`,
        `${API}/dicom-web/studies/${s}/metadata`,
        `${API}/dicom-web/studies/${s}/series/${se}/metadata`,
        `${API}/dicom-web/studies/${s}/series/${se}/instances/${i}`,
        `${API}/wado?requestType=WADO&studyUID=${s}&seriesUID=${se}&objectUID=${i}&contentType=application/dicom`,
      ]) {
        expect((await session.agent.get(path)).status, `${who}: ${path}`).toBe(404);
      }
      const qido = (await session.agent.get(`${API}/dicom-web/studies`).query({ PatientID: 'PX' }).expect(200)).body as {
        '0020000D': { Value: string[] };
      }[];
      expect(
        qido.map((item) => item['0020000D'].Value[0]),
        who,
      ).not.toContain(s);
    }
    // What the sharer can see is shared: the colleague and the guest see the AE_A1 study.
    expect(await listed(colleague, { PatientID: 'PX' })).toEqual([mine.study]);
    expect(await listed(guest, { PatientID: 'PX' })).toEqual([mine.study]);
    // The share rows show the patient as the viewer may see it, never from the other AE's study.
    const rows = (await sharer.agent.get(`${API}/sharepatients/frompatient`).query({ id: 'PX' }).expect(200)).body as {
      PatientName: string;
    }[];
    expect(rows.length).toBe(3);
    for (const row of rows) expect(row.PatientName).toBe('Visible^Name');

    // Evaluated live: the sharer loses AE_A1, and so does everyone he shared with.
    await form(admin(), 'patch', '/roles/update', { No: String(role), Targets: JSON.stringify({ All: false, AETitle: ['AE_C9'] }) }).expect(
      200,
    );
    expect(await listed(guest, { PatientID: 'PX' })).toEqual([]);
    // (The sharer's own session may remember his old role for a moment.)
    let names: string[] = [];
    for (let i = 0; i < 50; i++) {
      names = ((await sharer.agent.get(`${API}/sharepatients/all`).expect(200)).body as { PatientName: string }[]).map(
        (row) => row.PatientName,
      );
      if (names.every((name) => name === '')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(names).toEqual(['', '', '']);
  });

  it("shows a share's access key to its creator and administrators only", async () => {
    await sharers('Keys', { All: true }, ['key_maker', 'key_reader']);
    const s1 = uid('s1').study;
    const made = await form(sessions.key_maker!, 'post', '/sharestudies/create', { uid: s1, ExpiresAt: tomorrow }).expect(200);
    const patientShare = await form(sessions.key_maker!, 'post', '/sharepatients/create', { id: 'P1', ExpiresAt: tomorrow }).expect(200);
    expect(made.body.AccessKey).toMatch(/^[\w-]{32}$/);
    const keyOf = async (session: Session, path: string, query: Record<string, string>, no: number) => {
      const rows = (await session.agent.get(`${API}${path}`).query(query).expect(200)).body as { No: number; AccessKey: string | null }[];
      const row = rows.find((item) => item.No === no);
      expect(row, `${path} lists share ${no}`).toBeDefined();
      return row!.AccessKey;
    };
    for (const [path, query, share] of [
      ['/sharestudies/fromstudy', { uid: s1 }, made.body],
      ['/sharepatients/frompatient', { id: 'P1' }, patientShare.body],
    ] as const) {
      expect(await keyOf(sessions.key_reader!, path, query, share.No), `another sharer, ${path}`).toBeNull();
      expect(await keyOf(sessions.key_maker!, path, query, share.No), `the creator, ${path}`).toBe(share.AccessKey);
      expect(await keyOf(admin(), path, query, share.No), `an administrator, ${path}`).toBe(share.AccessKey);
    }
  });

  it('gives an MR-only user the MR series of a CT+MR study and none of its CT series, on every series path', async () => {
    const ct = uid('esc-mixed-ct');
    const mr = uid('esc-mixed-mr');
    const study = ct.study;
    send('AE_M1', [
      { seed: 'esc-mixed-ct', patientId: 'PM', patientName: 'Mixed^Patient', modality: 'CT' },
      { seed: 'esc-mixed-mr', patientId: 'PM', patientName: 'Mixed^Patient', modality: 'MR', intoStudy: study },
    ]);
    await waitForIndexedStudies(stack, [study], 2);
    const user = sessions.mr_user!;
    expect(await listed(user, { PatientID: 'PM' })).toEqual([study]);

    const series = (await user.agent.get(`${API}/series/fromstudy`).query({ uid: study }).expect(200)).body as {
      SeriesInstanceUID: string;
    }[];
    expect(series.map((item) => item.SeriesInstanceUID)).toEqual([mr.series]);
    await user.agent.get(`${API}/instances/fromseries`).query({ uid: mr.series }).expect(200);
    await user.agent.get(`${API}/instances/fromseries`).query({ uid: ct.series }).expect(404);
    await user.agent.get(`${API}/dicom-web/studies/${study}/series/${mr.series}/metadata`).expect(200);
    for (const path of [
      `${API}/dicom-web/studies/${study}/series/${ct.series}/metadata`,
      `${API}/dicom-web/studies/${study}/series/${ct.series}/instances/${ct.instance}`,
      `${API}/dicom-web/studies/${study}/series/${ct.series}/instances/${ct.instance}/rendered`,
      `${API}/dicom-web/studies/${study}`,
      `${API}/wado?requestType=WADO&studyUID=${study}&seriesUID=${ct.series}&objectUID=${ct.instance}&contentType=application/dicom`,
    ]) {
      expect((await user.agent.get(path)).status, path).toBe(404);
    }
    const seriesOf = (items: { '0020000E'?: { Value: string[] } }[]) => items.map((item) => item['0020000E']?.Value[0]).sort();
    expect(seriesOf((await user.agent.get(`${API}/dicom-web/studies/${study}/series`).expect(200)).body)).toEqual([mr.series]);
    expect(seriesOf((await user.agent.get(`${API}/dicom-web/studies/${study}/metadata`).expect(200)).body)).toEqual([mr.series]);
    expect(seriesOf((await user.agent.get(`${API}/dicom-web/series`).query({ StudyInstanceUID: study }).expect(200)).body)).toEqual([
      mr.series,
    ]);
    expect(seriesOf((await user.agent.get(`${API}/dicom-web/instances`).query({ StudyInstanceUID: study }).expect(200)).body)).toEqual([
      mr.series,
    ]);
    // An unlimited reader sees both.
    expect(((await sessions.admin!.agent.get(`${API}/series/fromstudy`).query({ uid: study }).expect(200)).body as unknown[]).length).toBe(
      2,
    );
  });
});
