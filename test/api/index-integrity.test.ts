/**
 * The study index against what Orthanc really holds (issue 13 items 3, 5 and 6, index half):
 * the same study under two PatientIDs ("twins") must not stop the index; a replaced instance
 * (OverwriteInstances) updates the list at once; a later sender cannot claim a study by filling
 * its empty AE title or InstitutionName. Real storescu, real Orthanc, real PostgreSQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dcmjs from 'dcmjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyItem } from '@pacs/common';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids, type TinyStudy } from '../harness/dicom.ts';
import { createReader } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';

let stack: Stack;
let admin: Session;
let dir: string;

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  dir = mkdtempSync(join(tmpdir(), 'pacs-integrity-'));
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await stack?.stop();
});

/** Writes a Part 10 file and sends it by storescu from `aet`. */
async function send(name: string, file: Buffer, aet = 'STORESCU'): Promise<void> {
  const path = join(dir, `${name}.dcm`);
  writeFileSync(path, file);
  const { failed } = await storeFiles([path], { port: stack.config.dicomPort, callingAet: aet });
  expect(failed).toEqual([]);
}

/** A tinyStudy file moved into another study (a new series of that study). */
function intoStudy(study: TinyStudy, studyUid: string): Buffer {
  const { DicomMessage, DicomMetaDictionary } = dcmjs.data;
  const buffer = tinyStudy(study);
  const dict = DicomMessage.readFile(new Uint8Array(buffer).buffer);
  const dataset = DicomMetaDictionary.naturalizeDataset(dict.dict);
  dataset.StudyInstanceUID = studyUid;
  dict.dict = DicomMetaDictionary.denaturalizeDataset(dataset);
  return Buffer.from(dict.write());
}

async function list(session = admin): Promise<StudyItem[]> {
  const response = await session.agent.get(`${API}/studies/search`).query({ limit: 1000 });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.Items as StudyItem[];
}

/** Polls the list until `ready` holds (generous deadline: a shared, busy machine). */
async function waitForList(ready: (items: StudyItem[]) => boolean, what: string): Promise<StudyItem[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const items = await list();
    if (ready(items)) return items;
    if (Date.now() > deadline) throw new Error(`the list never showed ${what}: ${JSON.stringify(items.map((i) => i.PatientID))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('one study under two PatientIDs (twins)', () => {
  const twin = { seed: 'twin', patientName: 'Twin^Study', modality: 'CT' };
  const uids = tinyStudyUids('twin');

  it('does not stop the index: a later, unrelated study still appears, and both twins are listed', async () => {
    await send('twin-a', tinyStudy({ ...twin, patientId: 'PID-A' }));
    await waitForList((items) => items.some((i) => i.PatientID === 'PID-A'), 'the first twin');
    // The same files (same Study/Series/SOP UIDs) under another PatientID: Orthanc makes a second
    // study, series and instance with the same UIDs.
    await send('twin-b', tinyStudy({ ...twin, patientId: 'PID-B' }));
    await send('third', tinyStudy({ seed: 'third', patientName: 'Third^Study', patientId: 'PID-C' }));
    const items = await waitForList((all) => all.some((i) => i.PatientID === 'PID-C'), 'the third study');
    const twins = items.filter((i) => i.StudyInstanceUID === uids.study);
    expect(twins.map((i) => i.PatientID).sort()).toEqual(['PID-A', 'PID-B']);
    expect(twins.every((i) => i.NumberOfStudyRelatedSeries === 1 && i.NumberOfStudyRelatedInstances === 1)).toBe(true);
    const [skipped] = await stack.sql<{ n: number }>('select count(*)::int as n from index_skipped_changes');
    expect(skipped?.n).toBe(0);
  });

  it('answers lookups by the shared UID sensibly (one study, never a 500)', async () => {
    const found = await admin.agent.get(`${API}/studies/find`).query({ uid: uids.study }).expect(200);
    expect(['PID-A', 'PID-B']).toContain(found.body.PatientID);
    const series = await admin.agent.get(`${API}/series/fromstudy`).query({ uid: uids.study }).expect(200);
    expect(series.body.map((s: { SeriesInstanceUID: string }) => s.SeriesInstanceUID)).toEqual([uids.series]);
    await admin.agent.get(`${API}/instances/fromseries`).query({ uid: uids.series }).expect(200);
    await admin.agent.get(`${API}/dicom-web/studies/${uids.study}/series`).expect(200);
    // Orthanc's DICOMweb plugin refuses an ambiguous UID with 404 (docs/decisions.md): no 500.
    const metadata = await admin.agent.get(`${API}/dicom-web/studies/${uids.study}/series/${uids.series}/metadata`);
    expect([200, 404]).toContain(metadata.status);
    await admin.agent.patch(`${API}/studies/update`).set(admin.csrf).type('form').send({ UID: uids.study, IsFavorite: 'true' }).expect(200);
  });

  it('reports the follower as caught up with nothing skipped', async () => {
    const status = await admin.agent.get(`${API}/server/index/status`).expect(200);
    expect(status.body).toMatchObject({ LagChanges: 0, SkippedChanges: 0 });
    expect(status.body.Cursor).toBe(status.body.LastChange);
    expect(status.body.Behind).toBe(false);
    // What a skipped change looks like to an administrator.
    await stack.sql(
      `insert into index_skipped_changes (seq, change_type, resource_type, orthanc_id, error) values (1, 'NewInstance', 'Instance', 'abc', 'boom')`,
    );
    const after = await admin.agent.get(`${API}/server/index/status`).expect(200);
    expect(after.body).toMatchObject({ SkippedChanges: 1, RecentSkipped: [{ Seq: 1, OrthancID: 'abc', Error: 'boom' }] });
    await stack.sql('delete from index_skipped_changes');
  });
});

describe('a replaced instance (OverwriteInstances)', () => {
  it('updates the list at once with the replacement’s tags', async () => {
    const study = { seed: 'replaced', patientId: 'PID-R', modality: 'MR' };
    await send('replaced-old', tinyStudy({ ...study, patientName: 'Old^Name', studyDescription: 'Old description' }));
    await waitForList((items) => items.some((i) => i.PatientName === 'Old^Name'), 'the original');
    await admin.agent
      .post(`${API}/import/files`)
      .set(admin.csrf)
      .attach('files', tinyStudy({ ...study, patientName: 'New^Name', studyDescription: 'New description' }), 'replaced.dcm')
      .expect(200);
    // Orthanc replaces the instance (same Orthanc ids) and logs it as a NewInstance again.
    const items = await waitForList(
      (all) => all.some((i) => i.PatientID === 'PID-R' && i.PatientName === 'New^Name' && i.StudyDescription === 'New description'),
      'the replacement’s name and description',
    );
    expect(items.filter((i) => i.PatientID === 'PID-R')).toHaveLength(1);
  });
});

describe('the first instance fixes a study’s AE title and InstitutionName', () => {
  it('a later series from another AE with an InstitutionName does not open the study to users limited to those', async () => {
    const first = { seed: 'claim-1', patientName: 'Claim^Study', patientId: 'PID-CLAIM', institutionName: '' };
    const studyUid = tinyStudyUids('claim-1').study;
    await send('claim-1', tinyStudy(first), 'AE_X');
    await waitForList((items) => items.some((i) => i.PatientID === 'PID-CLAIM'), 'the claimed study');
    await send('claim-2', intoStudy({ ...first, seed: 'claim-2', institutionName: 'Hospital B' }, studyUid), 'AE_Y');
    await waitForList(
      (items) => items.some((i) => i.StudyInstanceUID === studyUid && i.NumberOfStudyRelatedSeries === 2),
      'the second series',
    );
    const [row] = await stack.sql<{ ae_title: string; institution_name: string }>(
      'select ae_title, institution_name from studies where study_instance_uid = $1',
      [studyUid],
    );
    expect(row).toEqual({ ae_title: 'AE_X', institution_name: '' });

    const reading = { list: true, viewer: true };
    await createReader(admin, {
      id: 'inst_b',
      password: 'pass-inst-b-1',
      role: { name: 'Hospital B readers', permissions: reading, targets: { All: false, InstitutionName: ['Hospital B'] } },
    });
    await createReader(admin, {
      id: 'ae_y',
      password: 'pass-ae-y-1',
      role: { name: 'AE_Y readers', permissions: reading, targets: { All: false, AETitle: ['AE_Y'] } },
    });
    for (const [id, password] of [
      ['inst_b', 'pass-inst-b-1'],
      ['ae_y', 'pass-ae-y-1'],
    ] as const) {
      const user = await signIn(stack.baseUrl, id, password);
      expect((await list(user)).map((i) => i.StudyInstanceUID)).not.toContain(studyUid);
      await user.agent.get(`${API}/studies/find`).query({ uid: studyUid }).expect(404);
      // Not an administrator: the index's state is not theirs to see.
      await user.agent.get(`${API}/server/index/status`).expect(403);
    }
  });
});

describe('a change PostgreSQL refuses', () => {
  it('is recorded and passed after a few attempts; the changes after it are indexed', async () => {
    // A real refusal by PostgreSQL (a check constraint added for this test), through the real follower.
    await stack.sql(`alter table studies add constraint test_refuse check (patient_id <> 'PID-REFUSED')`);
    try {
      await send('refused', tinyStudy({ seed: 'refused', patientName: 'Refused^Study', patientId: 'PID-REFUSED' }));
      await send('after', tinyStudy({ seed: 'after', patientName: 'After^Study', patientId: 'PID-AFTER' }));
      const items = await waitForList((all) => all.some((i) => i.PatientID === 'PID-AFTER'), 'the study after the refused one');
      expect(items.some((i) => i.PatientID === 'PID-REFUSED')).toBe(false);
      const status = await admin.agent.get(`${API}/server/index/status`).expect(200);
      expect(status.body.SkippedChanges).toBe(1);
      expect(status.body.RecentSkipped[0]).toMatchObject({ ChangeType: 'NewInstance', ResourceType: 'Instance' });
      expect(status.body.RecentSkipped[0].Error).toContain('test_refuse');
      expect(status.body.LagChanges).toBe(0);
    } finally {
      await stack.sql('alter table studies drop constraint test_refuse');
    }
  });
});

describe('reconciliation with Orthanc', () => {
  it('drops studies deleted through Orthanc’s own API and reads studies the index lacks', async () => {
    await send('recon-a', tinyStudy({ seed: 'recon-a', patientName: 'Recon^Gone', patientId: 'PID-RECON-A' }));
    await send('recon-b', tinyStudy({ seed: 'recon-b', patientName: 'Recon^Lost', patientId: 'PID-RECON-B' }));
    const a = tinyStudyUids('recon-a').study;
    const b = tinyStudyUids('recon-b').study;
    await waitForList((all) => [a, b].every((uid) => all.some((i) => i.StudyInstanceUID === uid)), 'both studies');
    const [row] = await stack.sql<{ orthanc_id: string }>('select orthanc_id from studies where study_instance_uid = $1', [a]);
    const { url, user, password } = stack.config.orthanc;
    const deleted = await fetch(`${url}/studies/${row!.orthanc_id}`, {
      method: 'DELETE',
      headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') },
    });
    expect(deleted.status).toBe(200);
    // A study whose changes the index never applied (as if missed): its rows are gone.
    await stack.sql('delete from studies where study_instance_uid = $1', [b]);
    expect((await list()).map((i) => i.StudyInstanceUID)).toContain(a);

    const result = await stack.adapter!.deps.follower.reconcile();
    expect(result.removed).toBe(1);
    expect(result.added).toBeGreaterThanOrEqual(1);
    const uids = (await list()).map((i) => i.StudyInstanceUID);
    expect(uids).not.toContain(a);
    expect(uids).toContain(b);
    await admin.agent.get(`${API}/studies/find`).query({ uid: a }).expect(404);
    expect(await stack.adapter!.deps.follower.reconcile()).toEqual({ removed: 0, added: 0 });
  });
});
