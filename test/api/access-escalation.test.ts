/**
 * Escalation on top of the access matrix's data set (harness/access-matrix.ts): a limited user
 * tries to reach studies outside his targets through patient shares, share keys and studies that
 * mix modalities. Every path that could open such a study must answer 404.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../harness/stack.ts';
import { API, anonymous, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyInto, type TinyStudy } from '../harness/dicom.ts';
import { waitForIndexedStudies } from '../harness/fixtures.ts';
import { MATRIX_PASSWORD as PASSWORD, startAccessMatrix, uid } from '../harness/access-matrix.ts';

let stack: Stack;
let sessions: Record<string, Session>;

beforeAll(async () => {
  ({ stack, sessions } = await startAccessMatrix());
});
afterAll(async () => {
  await stack?.stop();
});

/** Sends tinyStudy files from an AE title, optionally moved into another study (a new series of it). */
async function send(ae: string, studies: (TinyStudy & { intoStudy?: string })[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-escalation-'));
  const files = studies.map((study) => {
    const bytes = study.intoStudy ? tinyStudyInto(study, study.intoStudy) : tinyStudy(study);
    const file = join(dir, `${study.seed}.dcm`);
    writeFileSync(file, bytes);
    return file;
  });
  // One association per file, in order: the first instance of a study is the first sent.
  for (const file of files) expect((await storeFiles([file], { port: stack.config.dicomPort, callingAet: ae })).failed).toEqual([]);
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
    await send('AE_A1', [{ seed: 'esc-a1', patientId: 'PX', patientName: 'Visible^Name', modality: 'CT', accessionNumber: 'ESC1' }]);
    await waitForIndexedStudies(stack, [mine.study]);
    await send('AE_B1', [{ seed: 'esc-b1', patientId: 'PX', patientName: 'Secret^Name', modality: 'CT', accessionNumber: 'ESC2' }]);
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
    await send('AE_M1', [
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
