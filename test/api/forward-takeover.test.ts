/**
 * A forward whose replica died is taken over (issue 15, "Speed"): a forward row left open with a
 * stale heartbeat by a replica that no longer exists, 10 of its 24 instances already answered, is
 * taken over by the running adapter's sweep (every 5 s) and resumes after the last answered
 * instance: storescp receives exactly the other 14. Of two replicas sweeping at once only one
 * takes a stale forward; a forward whose heartbeat is fresh is left to its replica.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardJob } from '@pacs/common';
import { takeOverStale } from '../../adapter/src/features/forward/forward.sql.ts';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import { freePort } from '../../scripts/services/process.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles } from '../harness/dicom.ts';
import { waitForIndexedStudies } from '../harness/fixtures.ts';
import { finishedForward, pixelsByUid, startStorescp } from '../harness/network.ts';
import { startStack, type Stack } from '../harness/stack.ts';

let stack: Stack;
let admin: Session;
let workDir: string;
let received: string;
let port: number;
let storescp: ChildProcess | undefined;
let ct: ReturnType<typeof generateCt>;
let ids: string[];
let sops: string[];

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  workDir = mkdtempSync(join(tmpdir(), 'pacs-forward-takeover-'));
  received = join(workDir, 'received');
  mkdirSync(received);
  port = await freePort();
  storescp = await startStorescp(['-aet', 'REMOTE', '-od', received], port);
  ct = generateCt({
    out: join(workDir, 'ct'),
    slices: 24,
    size: 32,
    studyUidSeed: 'forward-takeover',
    patientName: 'Taken^Over',
    patientId: 'FWD-T',
  });
  expect((await storeFiles(ct.files, { port: stack.config.dicomPort, aet: stack.config.dicomAet })).failed).toEqual([]);
  await waitForIndexedStudies(stack, [ct.studyInstanceUid]);
  const rows = await stack.sql<{ orthanc_id: string; sop_instance_uid: string }>(
    `select i.orthanc_id, i.sop_instance_uid from instances i join series s on s.id = i.series_id join studies t on t.id = s.study_id
      where t.study_instance_uid = $1 order by i.instance_number, i.id`,
    [ct.studyInstanceUid],
  );
  ids = rows.map((row) => row.orthanc_id);
  sops = rows.map((row) => row.sop_instance_uid);
}, 240_000);

afterAll(async () => {
  storescp?.kill();
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** A forward row as a replica writes it, left with the runner and heartbeat given. */
async function leftOpen(runner: string, heartbeatAgo: string, nextInstance: number): Promise<number> {
  const [row] = await stack.sql<{ id: number }>(
    `insert into forward_jobs (account_id, destination, destination_name, called_ae_title, ip_address, port, study_instance_uid,
                               patient_name, scope, instances_total, instance_ids, next_instance, state, progress, runner, heartbeat_at)
     values ($1, null, 'Reading room', 'REMOTE', '127.0.0.1', $2, $3, 'Taken^Over', 'study', $4, $5, $6, 'running', 41, $7,
             now() - $8::interval) returning id`,
    [stack.adminId, port, ct.studyInstanceUid, ids.length, ids, nextInstance, runner, heartbeatAgo],
  );
  return Number(row!.id);
}

describe('a forward whose replica died', () => {
  it('is taken over and resumes after the last answered instance', async () => {
    const id = await leftOpen('dead-host:1:gone', '1 minute', 10);
    const done = await finishedForward(admin, id);
    expect(done, JSON.stringify(done)).toMatchObject({
      State: 'success',
      Progress: 100,
      InstancesTotal: 24,
      InstancesFailed: 0,
      Error: '',
    });
    const got = pixelsByUid(readdirSync(received).map((name) => join(received, name)));
    expect([...got.keys()].sort()).toEqual(sops.slice(10).sort());
    const sent = pixelsByUid(ct.files);
    for (const [uid, pixels] of got) expect(pixels.equals(sent.get(uid)!), uid).toBe(true);
    const [row] = await stack.sql<{ runner: string }>('select runner from forward_jobs where id = $1', [id]);
    expect(row!.runner).not.toBe('dead-host:1:gone');
  }, 120_000);

  it('is taken by one replica only, and a forward with a fresh heartbeat is left alone', async () => {
    const stale = await leftOpen('dead-host:2:gone', '1 minute', 24);
    const fresh = await leftOpen('live-host:3:busy', '0 seconds', 0);
    const db = stack.adapter!.deps.db;
    const [first, second] = await Promise.all([takeOverStale(db, 'replica-a', 15, 20), takeOverStale(db, 'replica-b', 15, 20)]);
    // The adapter's own sweep may take it first in the few milliseconds since the insert: then neither does.
    const takers = [first, second].filter((taken) => taken.includes(stale));
    expect(takers.length).toBeLessThanOrEqual(1);
    const [taken] = await stack.sql<{ runner: string }>('select runner from forward_jobs where id = $1', [stale]);
    if (takers.length === 1) expect(taken!.runner).toBe(takers[0] === first ? 'replica-a' : 'replica-b');
    else expect(taken!.runner).not.toBe('dead-host:2:gone');
    expect([...first, ...second]).not.toContain(fresh);
    const [row] = await stack.sql<{ runner: string; finished_at: Date | null }>(
      'select runner, finished_at from forward_jobs where id = $1',
      [fresh],
    );
    expect(row).toMatchObject({ runner: 'live-host:3:busy', finished_at: null });
    await stack.sql(`update forward_jobs set finished_at = now(), state = 'failure' where id = any($1)`, [[stale, fresh]]);
    const listed = ((await admin.agent.get(`${API}/forward/all`).expect(200)).body as ForwardJob[]).map((each) => each.Id);
    expect(listed).toEqual(expect.arrayContaining([stale, fresh]));
  });
});
