/**
 * The DICOM front receiver (DICOM_FRONT=on; docs/decisions.md "A front receiver for DICOM
 * ingest") against real dcmtk peers, a real Orthanc behind it and PostgreSQL: files of the pydicom
 * corpus in several transfer syntaxes arrive in Orthanc with the very pixel data sent, and in
 * the study index with the calling AE title; C-ECHO is answered; C-FIND is piped to Orthanc and
 * answered; an AE title file meta claims in a browser import grants nothing, while the same AE
 * title by C-STORE does, also after a full rebuild of the index; a file Orthanc refuses goes to failed/ while the others go on; an unknown
 * AE title is refused at association once anonymous users are off.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { findStudies, sendFiles, spoolDrained, storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';
import { createReader, waitForIndexedStudies } from '../harness/fixtures.ts';
import { setAnonymousUsers } from '../harness/network.ts';
import { fileMetaHeader, spoolFolders } from '../../adapter/src/features/dicom-front/spool.ts';
import { readRawElements } from '../../adapter/src/dicom/raw.ts';
import { freePort } from '../../scripts/services/process.ts';

const FILES = '/usr/lib/python3/dist-packages/pydicom/data/test_files';
/** Explicit and implicit little endian, JPEG baseline and extended, JPEG 2000, RLE, an RT plan (distinct SOP instance UIDs). */
const CORPUS = [
  'CT_small.dcm',
  'MR_small_implicit.dcm',
  'SC_rgb_jpeg_dcmtk.dcm',
  'JPGExtended.dcm',
  'JPEG2000.dcm',
  'SC_rgb_rle.dcm',
  'rtplan.dcm',
];

let stack: Stack;
let admin: Session;
let dir: string;

/** The dataset after a Part 10 file's File Meta group. */
function datasetOf(file: Buffer): Buffer {
  return file.subarray(132 + 12 + file.readUInt32LE(140));
}

function sopUidOf(file: Buffer): string {
  return Buffer.from(readRawElements(file, ['00080018']).get('00080018')!)
    .toString('latin1')
    .replace(/[\0 ]+$/, '');
}

async function orthanc<T>(path: string, init: RequestInit = {}): Promise<T> {
  const auth = 'Basic ' + Buffer.from(`${stack.config.orthanc.user}:${stack.config.orthanc.password}`).toString('base64');
  const response = await fetch(`${stack.config.orthanc.url}${path}`, { ...init, headers: { authorization: auth, ...init.headers } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (response.headers.get('content-type')?.includes('json') ? response.json() : Buffer.from(await response.arrayBuffer())) as T;
}

async function orthancFileOf(sopUid: string): Promise<Buffer> {
  const found = await orthanc<{ ID: string; Type: string }[]>('/tools/lookup', { method: 'POST', body: sopUid });
  const instance = found.find((each) => each.Type === 'Instance');
  if (!instance) throw new Error(`${sopUid} not in Orthanc`);
  return orthanc<Buffer>(`/instances/${instance.ID}/file`);
}

/** Waits until the drain handed every spooled file to Orthanc (the harness's wait, called by hand where the adapter was killed). */
const drained = () => spoolDrained(stack.dataDir, stack.config.dicomPort, 30_000);

beforeAll(async () => {
  // The adapter in its own process: storescu (spawnSync) blocks this one.
  stack = await startStack({ env: { DICOM_FRONT: 'on' }, adapter: 'child' });
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  dir = mkdtempSync(join(tmpdir(), 'pacs-front-'));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the DICOM front receiver', () => {
  it('stores the corpus in Orthanc byte for byte, and indexes it with the calling AE title', async () => {
    const files = CORPUS.map((name) => join(FILES, name));
    expect((await storeFiles(files, { port: stack.config.dicomPort, callingAet: 'FRONT_CORPUS' })).failed).toEqual([]);
    await drained();
    for (const file of files) {
      const sent = readFileSync(file);
      const stored = await orthancFileOf(sopUidOf(sent));
      // storescu re-encodes the dataset it reads (group lengths, padding), so the pixel data is
      // compared: uncompressed as its value, encapsulated as the bytes it ends the file with.
      const pixels = (bytes: Buffer) => readRawElements(bytes, ['7FE00010']).get('7FE00010') ?? bytes.subarray(-4096);
      // (The RT plan has no pixel data: found by its SOP instance UID is what it shows.)
      if (!file.endsWith('rtplan.dcm')) expect(Buffer.from(pixels(stored)).equals(Buffer.from(pixels(sent))), file).toBe(true);
      expect(stored.length, file).toBeGreaterThan(1000);
    }
    const deadline = Date.now() + 20_000;
    let rows: { ae_title: string }[] = [];
    while (Date.now() < deadline) {
      rows = await stack.sql<{ ae_title: string }>('select distinct ae_title from series');
      if (rows.length > 0 && (await stack.sql('select 1 from instances')).length >= files.length) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(rows.map((row) => row.ae_title)).toEqual(['FRONT_CORPUS']);
    // Counted by the front itself (Orthanc behind it sees only loopback).
    const counted = await stack.sql<{ accepted: number }>(
      `select sum(accepted)::int as accepted from statistics_associations where ae_title = 'FRONT_CORPUS'`,
    );
    expect(counted[0]?.accepted).toBeGreaterThanOrEqual(1);
  });

  it('answers C-ECHO and pipes C-FIND to Orthanc', async () => {
    const echo = spawnSync('echoscu', ['-aet', 'FRONT_ECHO', '-aec', 'PACS', '127.0.0.1', String(stack.config.dicomPort)]);
    expect(echo.status).toBe(0);
    // C-FIND is for registered DICOM users: one from this machine.
    await admin.agent
      .post(`${API}/users/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Provider: '1', Name: 'FRONT_FIND', AETitle: 'FRONT_FIND', IPAddress: '127.0.0.1', Port: '104' })
      .expect(200);
    const find = await findStudies({ port: stack.config.dicomPort }, 'FRONT_FIND');
    expect(find.status).toBe(0);
    expect(find.stderr).toMatch(/Find Response: 1 \(Pending\)/);
  });

  it('takes the AE title from the association, never from an imported file meta', async () => {
    const claimed = tinyStudy({ seed: 'front-forged', patientName: 'Forged^Claim', patientId: 'FRONT1' });
    const forged = Buffer.concat([
      fileMetaHeader({
        sopClassUid: '1.2.840.10008.5.1.4.1.1.7',
        sopInstanceUid: tinyStudyUids('front-forged').instance,
        transferSyntax: '1.2.840.10008.1.2.1',
        callingAet: 'FRONT_LIMITED',
      }),
      datasetOf(claimed),
    ]);
    await admin.agent.post(`${API}/import/files`).set(admin.csrf).attach('files', forged, 'forged.dcm').expect(200);
    const sentFile = join(dir, 'sent.dcm');
    writeFileSync(sentFile, tinyStudy({ seed: 'front-sent', patientName: 'Sent^ByModality', patientId: 'FRONT2' }));
    expect((await storeFiles([sentFile], { port: stack.config.dicomPort, callingAet: 'FRONT_LIMITED' })).failed).toEqual([]);
    const studies = [tinyStudyUids('front-forged').study, tinyStudyUids('front-sent').study];
    await waitForIndexedStudies(stack, studies);

    await createReader(admin, {
      id: 'front_reader',
      password: 'front-reader-1',
      role: { name: 'Front AE', permissions: { list: true }, targets: { All: false, AETitle: ['FRONT_LIMITED'] } },
    });
    const reader = await signIn(stack.baseUrl, 'front_reader', 'front-reader-1');
    const listed = (await reader.agent.get(`${API}/studies/search`).expect(200)).body.Items as { StudyInstanceUID: string }[];
    expect(listed.map((item) => item.StudyInstanceUID)).toEqual([studies[1]]);

    // A full rebuild from Orthanc alone, long after the association (the senders are kept for
    // ever, one row per series): the AE title, and what the limited reader sees, come back.
    await stack.sql(`update dicom_front_senders set received_at = now() - interval '400 days'`);
    await stack.sql('delete from studies');
    await stack.sql('delete from orthanc_changes_cursor');
    await waitForIndexedStudies(stack, studies);
    const rebuilt = await stack.sql<{ ae_title: string }>('select ae_title from series where series_instance_uid = $1', [
      tinyStudyUids('front-sent').series,
    ]);
    expect(rebuilt.map((row) => row.ae_title)).toEqual(['FRONT_LIMITED']);
    const relisted = (await reader.agent.get(`${API}/studies/search`).expect(200)).body.Items as { StudyInstanceUID: string }[];
    expect(relisted.map((item) => item.StudyInstanceUID)).toEqual([studies[1]]);
  });

  it('moves a file Orthanc refuses to failed/ and goes on with the others', async () => {
    const folders = spoolFolders(stack.dataDir, stack.config.dicomPort);
    // What a disk fault could leave: a spool file Orthanc cannot read, handed over as any other.
    const broken = join(folders.ready, '00000000000001-1-000001.dcm');
    writeFileSync(broken, Buffer.concat([Buffer.alloc(128), Buffer.from('DICMnot a dataset')]));
    const good = join(dir, 'after.dcm');
    writeFileSync(good, tinyStudy({ seed: 'front-after', patientName: 'After^Broken', patientId: 'FRONT3' }));
    // The adapter killed and started again finds the broken file, as after a crash.
    await stack.stopAdapter('SIGKILL');
    await stack.startAdapter();
    expect((await storeFiles([good], { port: stack.config.dicomPort, callingAet: 'FRONT_AFTER' })).failed).toEqual([]);
    await drained();
    expect(existsSync(join(folders.failed, '00000000000001-1-000001.dcm'))).toBe(true);
    await waitForIndexedStudies(stack, [tinyStudyUids('front-after').study]);
  });

  it('refuses an unknown AE title at association once anonymous users are off', async () => {
    await setAnonymousUsers(admin, false);
    const refused = spawnSync('echoscu', ['-aet', 'FRONT_STRANGER', '-aec', 'PACS', '127.0.0.1', String(stack.config.dicomPort)], {
      encoding: 'utf8',
    });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/Calling AE Title Not Recognized/i);
    const known = spawnSync('echoscu', ['-aet', 'FRONT_FIND', '-aec', 'PACS', '127.0.0.1', String(stack.config.dicomPort)]);
    expect(known.status).toBe(0);
    // Counted by the front, written off the association's path: polled.
    const deadline = Date.now() + 10_000;
    let rejected = 0;
    while (rejected === 0 && Date.now() < deadline) {
      const rows = await stack.sql<{ rejected: number | null }>(
        `select sum(rejected)::int as rejected from statistics_associations where ae_title = 'FRONT_STRANGER'`,
      );
      rejected = rows[0]?.rejected ?? 0;
      if (rejected === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rejected).toBe(1);
  });

  it('loses no acknowledged instance when the adapter is killed mid-association', async () => {
    const files = Array.from({ length: 150 }, (_, i) => {
      const file = join(dir, `kill-${i}.dcm`);
      writeFileSync(file, tinyStudy({ seed: `front-kill-${i}`, patientName: 'Killed^Mid', patientId: 'FRONT_KILL' }));
      return file;
    });
    // FRONT_FIND is registered from this address (anonymous users are off by now).
    const sending = sendFiles(files, { port: stack.config.dicomPort, callingAet: 'FRONT_FIND' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await stack.stopAdapter('SIGKILL');
    const { acknowledged } = await sending;
    await stack.startAdapter();
    await drained();
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const file of acknowledged) {
      const seed = /kill-(\d+)\.dcm$/.exec(file)![1];
      const found = await orthanc<{ Type: string }[]>('/tools/lookup', {
        method: 'POST',
        body: tinyStudyUids(`front-kill-${seed}`).instance,
      });
      expect(
        found.some((each) => each.Type === 'Instance'),
        file,
      ).toBe(true);
    }
  });
});

describe("the provider's DICOM port changed in Admin › Connection", () => {
  it('moves the front to the new port at once; what is sent there reaches Orthanc', async () => {
    await setAnonymousUsers(admin, true);
    const oldPort = stack.config.dicomPort;
    const newPort = await freePort();
    const [provider] = (await admin.agent.get(`${API}/providers/all`).expect(200)).body as {
      No: number;
      Name: string;
      AETitle: string;
      AllowAnonymousUsers: boolean;
    }[];
    const setPort = (port: number) =>
      admin.agent
        .patch(`${API}/providers/update`)
        .set(admin.csrf)
        .type('form')
        .send({
          No: String(provider!.No),
          Name: provider!.Name,
          AETitle: provider!.AETitle,
          Port: String(port),
          AllowAnonymousUsers: String(provider!.AllowAnonymousUsers),
        })
        .expect(200);
    await setPort(newPort);
    try {
      const echo = (port: number) =>
        spawnSync('echoscu', ['-to', '5', '-aet', 'FRONT_MOVED', '-aec', 'PACS', '127.0.0.1', String(port)]).status;
      expect(echo(newPort)).toBe(0);
      expect(echo(oldPort)).not.toBe(0);
      const file = join(dir, 'moved.dcm');
      writeFileSync(file, tinyStudy({ seed: 'front-moved', patientName: 'Moved^Port', patientId: 'FRONT4' }));
      expect((await storeFiles([file], { port: newPort, callingAet: 'FRONT_MOVED' })).failed).toEqual([]);
      await spoolDrained(stack.dataDir, newPort, 30_000);
      await waitForIndexedStudies(stack, [tinyStudyUids('front-moved').study]);
    } finally {
      await setPort(oldPort);
    }
    expect(spawnSync('echoscu', ['-to', '5', '-aet', 'FRONT_MOVED', '-aec', 'PACS', '127.0.0.1', String(oldPort)]).status).toBe(0);
  });
});
