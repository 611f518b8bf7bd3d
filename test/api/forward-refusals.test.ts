/**
 * A destination that refuses some instances reports which (issue 15): dcmtk's storescp, started
 * with a configuration that accepts CT Image Storage and nothing else, receives a study that mixes
 * CT slices with Secondary Capture instances. The forward names exactly the refused ones (UID,
 * series and instance numbers, the reason), every CT slice arrives byte-identical in its pixels,
 * and the audit record is written. A destination that refuses everything stops after
 * FORWARD_MAX_REFUSALS_IN_ROW refusals and reports the rest as not sent; dcmtk's dcmqrscp refuses
 * images above its study quota with DIMSE status 0xA700, which the result names; a cancel closes
 * a forward for good.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORWARD_MAX_REFUSALS_IN_ROW, type ForwardJob, type SendDestination } from '@pacs/common';
import { generateCt, uuidUid } from '../../scripts/demo/generate-ct.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyInstance } from '../harness/dicom.ts';
import { waitForIndexedStudies } from '../harness/fixtures.ts';
import { createSendDestination, finishedForward, pixelsByUid, startStorescp, storescpProfile, until } from '../harness/network.ts';
import { freePort, portIsFree } from '../../scripts/services/process.ts';

let stack: Stack;
let admin: Session;
let workDir: string;
const peers: ChildProcess[] = [];
let silent: Server | undefined;

/** Starts a storescp accepting only `sopClass` and registers it as a send destination. */
async function destinationAccepting(name: string, sopClass: string): Promise<{ destination: SendDestination; folder: string }> {
  const folder = join(workDir, name);
  mkdirSync(folder);
  const config = join(workDir, `${name}.cfg`);
  writeFileSync(config, storescpProfile(sopClass));
  const port = await freePort();
  peers.push(await startStorescp(['-xf', config, 'Only', '-aet', 'PICKY', '-od', folder], port));
  const destination = await createSendDestination(admin, {
    Name: name,
    IPAddress: '127.0.0.1',
    Port: String(port),
    CalledAETitle: 'PICKY',
    CallingAETitle: stack.config.dicomAet,
  });
  return { destination, folder };
}

let ct: ReturnType<typeof generateCt>;
/** The Secondary Capture instances put into the CT's study: series 1 before the CT (series 2), series 3 after it. */
const captures = [
  { seriesNumber: 1, instanceNumber: 1 },
  { seriesNumber: 3, instanceNumber: 1 },
  { seriesNumber: 3, instanceNumber: 2 },
].map((place) => ({
  ...place,
  seriesUid: uuidUid(`refusals-sc-${place.seriesNumber}`, 'series'),
  sopUid: uuidUid(`refusals-sc-${place.seriesNumber}-${place.instanceNumber}`, 'instance'),
}));

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  workDir = mkdtempSync(join(tmpdir(), 'pacs-forward-refusals-'));
  ct = generateCt({
    out: join(workDir, 'ct'),
    slices: 24,
    size: 32,
    studyUidSeed: 'forward-refusals',
    patientName: 'Refused^Some',
    patientId: 'FWD-R',
  });
  const scFiles = captures.map((place, index) => {
    const file = join(workDir, `sc-${index}.dcm`);
    writeFileSync(file, tinyInstance({ patientId: 'FWD-R', patientName: 'Refused^Some', studyUid: ct.studyInstanceUid, ...place }));
    return file;
  });
  expect((await storeFiles([...ct.files, ...scFiles], { port: stack.config.dicomPort, aet: stack.config.dicomAet })).failed).toEqual([]);
  await waitForIndexedStudies(stack, [ct.studyInstanceUid], 3);
}, 240_000);

afterAll(async () => {
  for (const peer of peers) peer.kill();
  silent?.close();
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function forwardStudy(destination: SendDestination): Promise<ForwardJob> {
  const [job] = (
    await admin.agent
      .post(`${API}/forward/create`)
      .set(admin.csrf)
      .send({ Destination: destination.No, Items: [{ StudyInstanceUID: ct.studyInstanceUid }] })
      .expect(200)
  ).body as ForwardJob[];
  return finishedForward(admin, job!.Id);
}

describe('a destination that refuses some instances', () => {
  it('names exactly the refused instances; every other one arrives byte-identical; the forward is audited', async () => {
    const { destination, folder } = await destinationAccepting('ct-only', 'CTImageStorage');
    const done = await forwardStudy(destination);
    expect(done, JSON.stringify(done)).toMatchObject({
      State: 'failure',
      InstancesTotal: 27,
      InstancesFailed: 3,
      InstancesNotSent: 0,
      Progress: 100,
      Error: '',
    });
    expect(done.Refused).toEqual(
      captures.map((place) => ({
        SOPInstanceUID: place.sopUid,
        SeriesNumber: place.seriesNumber,
        InstanceNumber: place.instanceNumber,
        Reason: expect.stringContaining('not accepted') as string,
      })),
    );

    const got = pixelsByUid(readdirSync(folder).map((name) => join(folder, name)));
    const sent = pixelsByUid(ct.files);
    expect([...got.keys()].sort()).toEqual([...sent.keys()].sort());
    for (const [uid, pixels] of sent) expect(got.get(uid)!.equals(pixels), uid).toBe(true);

    await stack.adapter!.deps.audit.flush();
    const audit = await stack.sql<{ details: { Job: number } }>(
      `select details from audit_events where action = 'study_forward' and study_instance_uid = $1`,
      [ct.studyInstanceUid],
    );
    expect(audit.map((row) => row.details.Job)).toContain(done.Id);
  });

  it('stops after refusals in a row from a destination that refuses everything, the rest not sent', async () => {
    const { destination, folder } = await destinationAccepting('mr-only', 'MRImageStorage');
    const done = await forwardStudy(destination);
    expect(done, JSON.stringify(done)).toMatchObject({
      State: 'failure',
      InstancesTotal: 27,
      InstancesFailed: 27,
      InstancesNotSent: 27 - FORWARD_MAX_REFUSALS_IN_ROW,
    });
    expect(done.Refused).toHaveLength(FORWARD_MAX_REFUSALS_IN_ROW);
    expect(done.Error).toBe(
      `Stopped after ${FORWARD_MAX_REFUSALS_IN_ROW} refusals in a row: ${27 - FORWARD_MAX_REFUSALS_IN_ROW} instances not sent.`,
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  it('cancels a forward still waiting for its destination, and nothing starts after the cancel', async () => {
    // A peer that takes the connection and never answers: the sender waits for the association.
    const sockets: Socket[] = [];
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const destination = await createSendDestination(admin, {
      Name: 'Silent',
      IPAddress: '127.0.0.1',
      Port: String(port),
      CalledAETitle: 'SILENT',
      CallingAETitle: stack.config.dicomAet,
    });
    const [job] = (
      await admin.agent
        .post(`${API}/forward/create`)
        .set(admin.csrf)
        .send({ Destination: destination.No, Items: [{ StudyInstanceUID: ct.studyInstanceUid }] })
        .expect(200)
    ).body as ForwardJob[];
    const cancelled = (
      await admin.agent
        .post(`${API}/forward/cancel`)
        .set(admin.csrf)
        .type('form')
        .send({ Id: String(job!.Id) })
        .expect(200)
    ).body as ForwardJob;
    expect(cancelled).toMatchObject({ State: 'failure', Error: 'Cancelled.', InstancesNotSent: 27, InstancesFailed: 27, Refused: [] });
    expect(cancelled.FinishedAt).not.toBeNull();
    const [before] = await stack.sql<{ orthanc_job: string }>('select orthanc_job from forward_jobs where id = $1', [job!.Id]);
    // Past a sweep (every 5 s): the row stays closed on the same job.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const listed = ((await admin.agent.get(`${API}/forward/all`).expect(200)).body as ForwardJob[]).find((item) => item.Id === job!.Id);
    expect(listed).toMatchObject({ Error: 'Cancelled.', FinishedAt: cancelled.FinishedAt });
    expect(await stack.sql('select orthanc_job from forward_jobs where id = $1', [job!.Id])).toEqual([before]);
    for (const socket of sockets) socket.destroy();
  });

  it("names the instances a destination refuses with a DIMSE status, with the status's meaning", async () => {
    // dcmqrscp refuses (0xA700, out of resources) an image larger than its storage area's study quota:
    // the 128×128 CT slices (32 KB) are refused, the tiny Secondary Captures (under 1 KB) accepted.
    const study = generateCt({
      out: join(workDir, 'big'),
      slices: 4,
      size: 128,
      studyUidSeed: 'forward-status',
      patientName: 'Status^A',
      patientId: 'FWD-S',
    });
    const small = [1, 3].map((seriesNumber) => {
      const file = join(workDir, `status-sc-${seriesNumber}.dcm`);
      const place = {
        seriesNumber,
        instanceNumber: 1,
        seriesUid: uuidUid(`status-sc-${seriesNumber}`, 'series'),
        sopUid: uuidUid(`status-sc-${seriesNumber}`, 'instance'),
      };
      writeFileSync(file, tinyInstance({ patientId: 'FWD-S', patientName: 'Status^A', studyUid: study.studyInstanceUid, ...place }));
      return { file, ...place };
    });
    expect(
      (await storeFiles([...study.files, ...small.map((one) => one.file)], { port: stack.config.dicomPort, aet: stack.config.dicomAet }))
        .failed,
    ).toEqual([]);
    await waitForIndexedStudies(stack, [study.studyInstanceUid], 3);
    const folder = join(workDir, 'qr');
    mkdirSync(folder);
    const port = await freePort();
    const config = join(workDir, 'qr.cfg');
    writeFileSync(
      config,
      [
        'NetworkTCPPort = ' + String(port),
        'MaxPDUSize = 16384',
        'MaxAssociations = 16',
        'HostTable BEGIN',
        'HostTable END',
        'VendorTable BEGIN',
        'VendorTable END',
        'AETable BEGIN',
        `QUOTA ${folder} RW (9, 16kb) ANY`,
        'AETable END',
        '',
      ].join('\n'),
    );
    peers.push(spawn('dcmqrscp', ['-c', config, String(port)], { stdio: 'ignore' }));
    // The forward must not start before dcmqrscp listens (it was refused at connect on a loaded machine).
    await until(
      async () => !(await portIsFree(port)),
      (listening) => listening,
      'dcmqrscp listening',
    );
    const destination = await createSendDestination(admin, {
      Name: 'Quota',
      IPAddress: '127.0.0.1',
      Port: String(port),
      CalledAETitle: 'QUOTA',
      CallingAETitle: stack.config.dicomAet,
    });
    const [job] = (
      await admin.agent
        .post(`${API}/forward/create`)
        .set(admin.csrf)
        .send({ Destination: destination.No, Items: [{ StudyInstanceUID: study.studyInstanceUid }] })
        .expect(200)
    ).body as ForwardJob[];
    let done: ForwardJob | undefined;
    for (let i = 0; i < 300 && !done; i++) {
      done = ((await admin.agent.get(`${API}/forward/all`).expect(200)).body as ForwardJob[]).find(
        (item) => item.Id === job!.Id && item.FinishedAt !== null,
      );
      if (!done) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(done, JSON.stringify(done)).toMatchObject({
      State: 'failure',
      InstancesTotal: 6,
      InstancesFailed: 4,
      InstancesNotSent: 0,
      Error: '',
    });
    const ctUids = [...pixelsByUid(study.files).keys()];
    expect(done!.Refused.map((one) => one.SOPInstanceUID).sort()).toEqual(ctUids.sort());
    for (const refusal of done!.Refused) {
      expect(refusal).toMatchObject({ SeriesNumber: 2, Reason: 'The destination answered status A700 (refused: out of resources).' });
    }
    const stored = readdirSync(folder)
      .filter((name) => name !== 'index.dat')
      .map((name) => join(folder, name));
    expect([...pixelsByUid(stored).keys()].sort()).toEqual(small.map((one) => one.sopUid).sort());
  });
});
