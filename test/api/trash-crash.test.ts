/**
 * A permanent delete survives the adapter being killed in the middle of it (issue 16): after a
 * restart the trash job finishes it, and the index, the bin and Orthanc agree — the study is gone
 * from all three, and the run is closed with what it deleted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrashDeleteRun, TrashStudyList } from '@pacs/common';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn } from '../harness/api.ts';
import { orthancStatistics, storeFiles } from '../harness/dicom.ts';
import { waitForIndexedStudies } from '../harness/fixtures.ts';

let stack: Stack;
let dir: string;

beforeAll(async () => {
  stack = await startStack({ adapter: 'child' });
  dir = mkdtempSync(join(tmpdir(), 'pacs-trash-crash-'));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('recycle bin crash safety', () => {
  it('finishes a permanent delete of a 240-instance study that SIGKILL interrupted', async () => {
    const ct = generateCt({
      out: dir,
      slices: 240,
      size: 64,
      studyUidSeed: 'trash-crash',
      patientName: 'Crash^Bin',
      patientId: 'BIN-CRASH',
    });
    expect((await storeFiles(ct.files, { port: stack.config.dicomPort })).failed).toEqual([]);
    await waitForIndexedStudies(stack, [ct.studyInstanceUid]);
    for (let i = 0; i < 200; i++) {
      const [row] = await stack.sql<{ n: number }>('select number_of_instances as n from studies where study_instance_uid = $1', [
        ct.studyInstanceUid,
      ]);
      if (row?.n === 240) break;
      await sleep(100);
    }
    expect((await orthancStatistics(stack.config)).CountInstances).toBe(240);

    let admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
    await admin.agent
      .post(`${API}/studies/delete`)
      .set(admin.csrf)
      .send({ Items: [{ StudyInstanceUID: ct.studyInstanceUid }] })
      .expect(200);
    const [entry] = ((await admin.agent.get(`${API}/trashbox/studies`).expect(200)).body as TrashStudyList).Items;
    expect(entry).toMatchObject({ NumberOfInstances: 240, IsWhole: true });

    // Ask for the delete and kill the adapter the moment its mark is committed: Orthanc's delete
    // is then on its way or not yet asked for.
    const request = admin.agent
      .delete(`${API}/trashbox/delete`)
      .query({ id: entry!.Id })
      .set(admin.csrf)
      .then(
        () => 'answered',
        () => 'cut off',
      );
    for (let i = 0; i < 2000; i++) {
      const marked = await stack.sql('select 1 from studies where study_instance_uid = $1 and deleting_at is not null', [
        ct.studyInstanceUid,
      ]);
      const gone = await stack.sql('select 1 from studies where study_instance_uid = $1', [ct.studyInstanceUid]);
      if (marked.length > 0 || gone.length === 0) break;
      await sleep(5);
    }
    await stack.stopAdapter('SIGKILL');
    await request;
    const [left] = await stack.sql<{ deleting: boolean }>(
      'select deleting_at is not null as deleting from studies where study_instance_uid = $1',
      [ct.studyInstanceUid],
    );
    // Killed mid-way: the row is still there, marked as being deleted.
    expect(left).toEqual({ deleting: true });

    await stack.startAdapter();
    admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
    let runs: TrashDeleteRun[] = [];
    for (let i = 0; i < 300; i++) {
      runs = (await admin.agent.get(`${API}/trashdelete/results`).expect(200)).body as TrashDeleteRun[];
      if (runs[0]?.FinishedAt) break;
      await sleep(100);
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ Trigger: 'manual', Studies: 1, Instances: 240, Failed: 0 });
    expect(runs[0]!.FinishedAt).not.toBeNull();
    expect(await orthancStatistics(stack.config)).toMatchObject({ CountStudies: 0, CountSeries: 0, CountInstances: 0 });
    const [counts] = await stack.sql<{ studies: number; series: number; instances: number; deleting: number }>(
      `select (select count(*)::int from studies) as studies, (select count(*)::int from series) as series,
              (select count(*)::int from instances) as instances,
              (select count(*)::int from studies where deleting_at is not null) as deleting`,
    );
    expect(counts).toEqual({ studies: 0, series: 0, instances: 0, deleting: 0 });
    expect(((await admin.agent.get(`${API}/trashbox/studies`).expect(200)).body as TrashStudyList).Count).toBe(0);
  });
});
