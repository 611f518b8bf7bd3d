/**
 * Forward against real peers (issue 15): a 240-slice CT stored by storescu is forwarded by the
 * product to dcmtk's storescp and arrives whole and byte-identical in its pixels; a forward never
 * sends what the caller cannot see; a destination that is down fails with a result per study.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardJob, SendDestination } from '@pacs/common';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyInto, tinyStudyUids } from '../harness/dicom.ts';
import { createReader, waitForIndexedStudies } from '../harness/fixtures.ts';
import { finishedForward, pixelsByUid, startStorescp } from '../harness/network.ts';
import { freePort } from '../../scripts/services/process.ts';
import { writeFileSync } from 'node:fs';

let stack: Stack;
let admin: Session;
let workDir: string;
let received: string;
let storescp: ChildProcess | undefined;
let destination: SendDestination;
let ct: ReturnType<typeof generateCt>;

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  workDir = mkdtempSync(join(tmpdir(), 'pacs-forward-'));
  received = join(workDir, 'received');
  mkdirSync(received);
  const port = await freePort();
  storescp = await startStorescp(['-aet', 'REMOTE', '-od', received], port);
  ct = generateCt({
    out: join(workDir, 'ct'),
    slices: 240,
    size: 128,
    studyUidSeed: 'forward-ct',
    patientName: 'Forward^Ct',
    patientId: 'FWD-1',
  });
  const stored = await storeFiles(ct.files, { port: stack.config.dicomPort, aet: stack.config.dicomAet });
  expect(stored.failed).toEqual([]);
  await waitForIndexedStudies(stack, [ct.studyInstanceUid]);
  destination = (
    await admin.agent
      .post(`${API}/sendsettings/create`)
      .set(admin.csrf)
      .type('form')
      .send({
        Name: 'Reading room',
        IPAddress: '127.0.0.1',
        Port: String(port),
        CalledAETitle: 'REMOTE',
        CallingAETitle: stack.config.dicomAet,
      })
      .expect(200)
  ).body as SendDestination;
}, 240_000);

afterAll(async () => {
  storescp?.kill();
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function forward(session: Session, destinationNo: number, items: object[]) {
  return session.agent.post(`${API}/forward/create`).set(session.csrf).send({ Destination: destinationNo, Items: items });
}

describe('forward', () => {
  it('delivers every instance of a 240-slice study to storescp, pixel data byte-identical', async () => {
    const answer = await forward(admin, destination.No, [{ StudyInstanceUID: ct.studyInstanceUid }]).expect(200);
    const [job] = answer.body as ForwardJob[];
    expect(job).toMatchObject({
      StudyInstanceUID: ct.studyInstanceUid,
      DestinationName: 'Reading room',
      Scope: 'study',
      InstancesTotal: 240,
    });
    const done = await finishedForward(admin, job!.Id);
    expect(done).toMatchObject({ State: 'success', Progress: 100, InstancesFailed: 0, Error: '' });

    const files = readdirSync(received).map((name) => join(received, name));
    expect(files).toHaveLength(240);
    const sent = pixelsByUid(ct.files);
    const got = pixelsByUid(files);
    expect([...got.keys()].sort()).toEqual([...sent.keys()].sort());
    for (const [uid, pixels] of sent) expect(got.get(uid)!.equals(pixels), uid).toBe(true);
  });

  it('sends only the series and instances named', async () => {
    rmSync(received, { recursive: true, force: true });
    mkdirSync(received);
    const instance = pixelsByUid([ct.files[7]!]).keys().next().value as string;
    const [job] = (
      await forward(admin, destination.No, [
        { StudyInstanceUID: ct.studyInstanceUid, SeriesInstanceUID: ct.seriesInstanceUid, SOPInstanceUID: instance },
      ]).expect(200)
    ).body as ForwardJob[];
    expect(job).toMatchObject({ Scope: 'instances', InstancesTotal: 1 });
    expect((await finishedForward(admin, job!.Id)).State).toBe('success');
    expect(readdirSync(received)).toHaveLength(1);
  });

  it('never sends what the caller cannot see, and needs list_forward', async () => {
    const seed = 'forward-hidden';
    const file = join(workDir, `${seed}.dcm`);
    writeFileSync(file, tinyStudy({ seed, patientName: 'Hidden^Mr', patientId: 'FWD-2', modality: 'MR' }));
    await storeFiles([file], { port: stack.config.dicomPort, aet: stack.config.dicomAet });
    await waitForIndexedStudies(stack, [tinyStudyUids(seed).study]);
    await createReader(admin, {
      id: 'ct_forwarder',
      password: 'forward-pass-1',
      role: {
        name: 'CT forwarder',
        permissions: { list: true, list_forward: true },
        targets: { All: false, AETitle: [], InstitutionName: [], Modality: ['CT'] },
      },
    });
    const forwarder = await signIn(stack.baseUrl, 'ct_forwarder', 'forward-pass-1');
    const before = (await admin.agent.get(`${API}/forward/all`).expect(200)).body.length as number;
    // One study it cannot see stops the whole request: nothing is sent.
    await forward(forwarder, destination.No, [
      { StudyInstanceUID: ct.studyInstanceUid },
      { StudyInstanceUID: tinyStudyUids(seed).study },
    ]).expect(404);
    expect((await admin.agent.get(`${API}/forward/all`).expect(200)).body).toHaveLength(before);
    // Its own forwards only; an administrator's list holds everyone's.
    expect((await forwarder.agent.get(`${API}/forward/all`).expect(200)).body).toEqual([]);

    await createReader(admin, { id: 'no_forward', password: 'forward-pass-2', role: { name: 'No forward', permissions: { list: true } } });
    const reader = await signIn(stack.baseUrl, 'no_forward', 'forward-pass-2');
    await forward(reader, destination.No, [{ StudyInstanceUID: ct.studyInstanceUid }]).expect(403);
  });

  it('narrows a whole study to the series the caller sees: a CT-only user forwards no MR series', async () => {
    const ctSeed = 'forward-mixed-ct';
    const study = tinyStudyUids(ctSeed).study;
    const ctFile = join(workDir, `${ctSeed}.dcm`);
    const mrFile = join(workDir, 'forward-mixed-mr.dcm');
    writeFileSync(ctFile, tinyStudy({ seed: ctSeed, patientName: 'Mixed^Pat', patientId: 'FWD-3', modality: 'CT' }));
    writeFileSync(mrFile, tinyStudyInto({ seed: 'forward-mixed-mr', patientName: 'Mixed^Pat', patientId: 'FWD-3', modality: 'MR' }, study));
    for (const file of [ctFile, mrFile])
      expect((await storeFiles([file], { port: stack.config.dicomPort, aet: stack.config.dicomAet })).failed).toEqual([]);
    await waitForIndexedStudies(stack, [study], 2);
    const forwarder = await signIn(stack.baseUrl, 'ct_forwarder', 'forward-pass-1');
    rmSync(received, { recursive: true, force: true });
    mkdirSync(received);
    const [job] = (await forward(forwarder, destination.No, [{ StudyInstanceUID: study }]).expect(200)).body as ForwardJob[];
    expect(job).toMatchObject({ Scope: 'study', InstancesTotal: 1 });
    expect((await finishedForward(forwarder, job!.Id)).State).toBe('success');
    expect([...pixelsByUid(readdirSync(received).map((name) => join(received, name))).keys()]).toEqual([tinyStudyUids(ctSeed).instance]);
    // Naming the MR series outright is refused.
    await forward(forwarder, destination.No, [
      { StudyInstanceUID: study, SeriesInstanceUID: tinyStudyUids('forward-mixed-mr').series },
    ]).expect(404);
  });

  it('refuses bad input with 400', async () => {
    expect((await forward(admin, 9999, [{ StudyInstanceUID: ct.studyInstanceUid }]).expect(400)).body.fields).toEqual({
      Destination: expect.any(String),
    });
    await forward(admin, destination.No, []).expect(400);
    await forward(admin, destination.No, [{ StudyInstanceUID: 'not a uid' }]).expect(400);
    await admin.agent.post(`${API}/forward/create`).set(admin.csrf).send({ Destination: destination.No, Items: '{"x":' }).expect(400);
  });

  it('reports a destination that is down as a failed forward of that study', async () => {
    const down = (
      await admin.agent
        .post(`${API}/sendsettings/create`)
        .set(admin.csrf)
        .type('form')
        .send({ Name: 'Closed', IPAddress: '127.0.0.1', Port: String(await freePort()), CalledAETitle: 'NOBODY', CallingAETitle: 'PACS' })
        .expect(200)
    ).body as SendDestination;
    const [job] = (await forward(admin, down.No, [{ StudyInstanceUID: ct.studyInstanceUid }]).expect(200)).body as ForwardJob[];
    const done = await finishedForward(admin, job!.Id);
    expect(done, JSON.stringify(done)).toMatchObject({ State: 'failure' });
    expect(done.Error).toMatch(/^Stopped after 0 of 240 instances: /);
  });
});
