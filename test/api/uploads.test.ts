/**
 * Uploads against a hostile client (issue 13 items 1, 5, 6): a multipart body cut inside a file
 * part, sent to each of the three upload routes, answers 400 and the server (in this process: the
 * test would die with it) goes on serving; import caps per file and per request; zip archives
 * unpacked entry by entry within their caps; images whose header declares too many pixels refused
 * before decoding; and an import never adds to, or overwrites an instance of, a study the caller
 * cannot see.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import dcmjs from 'dcmjs';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, IMPORT_MESSAGES } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { orthancStatistics, tinyStudy, tinyStudyUids, type TinyStudy } from '../harness/dicom.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';

const FILE_CAP = 200_000;
const REQUEST_CAP = 1_000_000;
const BOUNDARY = 'cut-body-boundary-0123';

let stack: Stack;
let admin: Session;
let mrUser: Session;
const CT: TinyStudy = { seed: 'uploads-ct', patientName: 'Ct^Patient', patientId: 'UP-CT', modality: 'CT' };
const MR: TinyStudy = { seed: 'uploads-mr', patientName: 'Mr^Patient', patientId: 'UP-MR', modality: 'MR' };
const ct = tinyStudyUids(CT.seed);
const mr = tinyStudyUids(MR.seed);

beforeAll(async () => {
  stack = await startStack({
    env: { IMPORT_MAX_FILE_BYTES: String(FILE_CAP), IMPORT_MAX_REQUEST_BYTES: String(REQUEST_CAP), IMPORT_MAX_ZIP_ENTRIES: '3' },
  });
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  await storeTinyStudies(stack, admin, [CT, MR]);
  await createReader(admin, {
    id: 'mr_importer',
    password: 'mr-importer-1',
    role: { name: 'MR importers', permissions: { list: true, list_import: true, viewer: true }, targets: { All: false, Modality: ['MR'] } },
  });
  mrUser = await signIn(stack.baseUrl, 'mr_importer', 'mr-importer-1');
});
afterAll(async () => {
  await stack?.stop();
});

/** A copy of a Part 10 file with some tags changed. */
function rewrite(file: Buffer, change: Record<string, unknown>): Buffer {
  const { DicomMessage, DicomMetaDictionary } = dcmjs.data;
  const message = DicomMessage.readFile(file.buffer.slice(file.byteOffset, file.byteOffset + file.length) as ArrayBuffer);
  const tags = { ...(DicomMetaDictionary.naturalizeDataset(message.dict) as Record<string, unknown>), ...change };
  message.dict = DicomMetaDictionary.denaturalizeDataset(tags);
  return Buffer.from(message.write());
}

/** A small real PNG whose IHDR then declares other dimensions (CRC recomputed). */
function pngDeclaring(width: number, height: number): Buffer {
  const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function zipOf(entries: Record<string, Buffer>): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-upzip-'));
  for (const [name, data] of Object.entries(entries)) writeFileSync(join(dir, name), data);
  const target = join(dir, 'archive.zip');
  execFileSync('python3', [
    '-c',
    'import sys, zipfile, os\nwith zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:\n  [z.write(os.path.join(sys.argv[2], n), n) for n in sys.argv[3:]]',
    target,
    dir,
    ...Object.keys(entries),
  ]);
  return readFileSync(target);
}

async function orthanc(path: string, init: RequestInit = {}): Promise<Response> {
  const { url, user, password } = stack.config.orthanc;
  return fetch(`${url}${path}`, {
    ...init,
    headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64'), ...init.headers },
  });
}

/** Orthanc's id of the instance with this SOP Instance UID. */
async function orthancInstance(sop: string): Promise<string> {
  const found = (await (await orthanc('/tools/lookup', { method: 'POST', body: sop })).json()) as { ID: string; Type: string }[];
  const instance = found.find((item) => item.Type === 'Instance');
  if (!instance) throw new Error(`instance ${sop} not in Orthanc`);
  return instance.ID;
}

interface RawSession {
  cookie: string;
  csrf: string;
}

/** A session for raw socket requests: its cookie and CSRF token, from the real sign-in. */
async function rawSignIn(id: string, password: string): Promise<RawSession> {
  const response = await fetch(`${stack.baseUrl}${API}/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Id: id, Password: password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, csrf: ((await response.json()) as { CsrfToken: string }).CsrfToken };
}

/**
 * A multipart POST over a raw socket whose body ends inside a file part, though the HTTP message
 * itself is complete (its Content-Length matches): the parser meets the end of the body while a
 * file stream is open. The server closes the connection after its answer (Connection: close).
 */
function postCutBody(
  session: RawSession,
  path: string,
  fields: Record<string, string>,
  fileField: string,
): Promise<{ status: number; body: string }> {
  const head = Object.entries(fields)
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const body = Buffer.concat([
    Buffer.from(
      `${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="cut.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    tinyStudy(CT).subarray(0, 300),
  ]);
  const { port } = new URL(stack.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString();
      const [statusLine = '', ...rest] = answer.split('\r\n');
      resolve({ status: Number(statusLine.split(' ')[1]), body: rest.join('\r\n').split('\r\n\r\n').slice(1).join('\r\n\r\n') });
    });
    socket.write(
      [
        `POST ${API}${path} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Cookie: ${session.cookie}`,
        `X-CSRF-Token: ${session.csrf}`,
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        `Content-Length: ${body.length}`,
        'Connection: close',
        '',
        '',
      ].join('\r\n'),
    );
    // No half-close: the server would take the end of the connection for an abort.
    socket.write(body);
  });
}

function uploadsLeft(): string[] {
  const dir = join(stack.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('a multipart body cut inside a file part', () => {
  // The adapter runs in this process: an error event nobody listens to would surface here (and
  // end a production adapter).
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  beforeAll(() => {
    process.on('uncaughtException', record);
  });
  afterAll(() => {
    process.off('uncaughtException', record);
  });
  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(uncaught).toEqual([]);
  });

  it('answers 400 on import, and the next import is stored', async () => {
    const cut = await postCutBody(await rawSignIn('admin', stack.adminPassword), '/import/files', {}, 'files');
    expect(cut.status).toBe(400);
    expect(JSON.parse(cut.body)).toMatchObject({ code: 'bad_request', message: ERRORS.bad_request.message });
    const next = await admin.agent
      .post(`${API}/import/files`)
      .set(admin.csrf)
      .attach('files', tinyStudy({ seed: 'after-cut', patientName: 'After^Cut', patientId: 'UP-AC' }), 'after.dcm')
      .expect(200);
    expect(next.body).toMatchObject({ Stored: 1, Failed: 0 });
    expect(uploadsLeft()).toEqual([]);
  });

  it('answers 400 on capture, and the next capture is stored', async () => {
    const cut = await postCutBody(
      await rawSignIn('admin', stack.adminPassword),
      '/studies/capture',
      { uid: ct.study, SeriesInstanceUID: ct.series },
      'image',
    );
    expect(cut.status).toBe(400);
    expect(JSON.parse(cut.body)).toMatchObject({ code: 'bad_request' });
    await admin.agent
      .post(`${API}/studies/capture`)
      .set(admin.csrf)
      .field('uid', ct.study)
      .field('SeriesInstanceUID', ct.series)
      .attach('image', PNG.sync.write(new PNG({ width: 8, height: 8 })), 'capture.png')
      .expect(200);
  });

  it('answers 400 on the logo upload, and the next upload is stored', async () => {
    const cut = await postCutBody(
      await rawSignIn('admin', stack.adminPassword),
      '/institutions/uploadimagefile',
      { institution: '0', name: 'report_header' },
      'file',
    );
    expect(cut.status).toBe(400);
    expect(JSON.parse(cut.body)).toMatchObject({ code: 'bad_request' });
    await admin.agent
      .post(`${API}/institutions/uploadimagefile`)
      .set(admin.csrf)
      .field('institution', '0')
      .field('name', 'report_header')
      .attach('file', PNG.sync.write(new PNG({ width: 8, height: 8 })), 'logo.png')
      .expect(200);
  });

  it('settles and cleans up when the client hangs up in the middle of an import', async () => {
    const raw = await rawSignIn('admin', stack.adminPassword);
    const { port } = new URL(stack.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      [
        `POST ${API}/import/files HTTP/1.1`,
        'Host: 127.0.0.1',
        `Cookie: ${raw.cookie}`,
        `X-CSRF-Token: ${raw.csrf}`,
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        'Content-Length: 500000',
        '',
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.dcm"\r\n\r\n`,
      ].join('\r\n'),
    );
    socket.write(Buffer.alloc(50_000, 1));
    // The upload's temporary folder appears once the adapter reads the body …
    for (let i = 0; i < 100 && uploadsLeft().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uploadsLeft()).toHaveLength(1);
    socket.destroy();
    // … and is gone once the reader has given up on it.
    for (let i = 0; i < 100 && uploadsLeft().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(uploadsLeft()).toEqual([]);
    await admin.agent.get(`${API}/studies/search`).expect(200);
  });
});

describe('import caps', () => {
  it('fails only the file over the per-file cap and stores the others', async () => {
    const response = await admin.agent
      .post(`${API}/import/files`)
      .set(admin.csrf)
      .attach('files', Buffer.alloc(FILE_CAP + 1000, 7), 'huge.dcm')
      .attach('files', tinyStudy({ seed: 'cap-small', patientName: 'Cap^Small', patientId: 'UP-CS' }), 'small.dcm')
      .expect(200);
    expect(
      response.body.Files.map((file: { File: string; Status: string; Message?: string }) => [file.File, file.Status, file.Message]),
    ).toEqual([
      ['huge.dcm', 'Failed', IMPORT_MESSAGES.too_large],
      ['small.dcm', 'Success', undefined],
    ]);
  });

  it('answers 413 past the per-request cap; files stored before stay stored', async () => {
    const first = tinyStudyUids('cap-first');
    const before = (await orthancStatistics(stack.config)).CountInstances;
    let request = admin.agent
      .post(`${API}/import/files`)
      .set(admin.csrf)
      .attach('files', tinyStudy({ seed: 'cap-first', patientName: 'Cap^First', patientId: 'UP-CF' }), 'first.dcm');
    for (let i = 0; i < 6; i++) request = request.attach('files', Buffer.alloc(FILE_CAP - 10_000, i), `filler-${i}.dcm`);
    const response = await request;
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
    expect((await orthancStatistics(stack.config)).CountInstances).toBe(before + 1);
    await orthancInstance(first.instance);
  });

  it('unpacks a zip entry by entry, within its entry count and size caps', async () => {
    const files = Object.fromEntries(
      ['z1', 'z2', 'z3', 'z4'].map((seed) => [
        `${seed}.dcm`,
        tinyStudy({ seed: `zip-${seed}`, patientName: 'Zip^Patient', patientId: 'UP-Z' }),
      ]),
    );
    const many = await admin.agent.post(`${API}/import/files`).set(admin.csrf).attach('files', zipOf(files), 'many.zip').expect(200);
    expect(
      many.body.Files.map((file: { File: string; Status: string; Message?: string }) => [file.File, file.Status, file.Message]),
    ).toEqual([
      ['many.zip/z1.dcm', 'Success', undefined],
      ['many.zip/z2.dcm', 'Success', undefined],
      ['many.zip/z3.dcm', 'Success', undefined],
      ['many.zip', 'Failed', IMPORT_MESSAGES.too_large],
    ]);
    // A small archive whose entry unpacks past the per-file cap: refused from its declared size.
    const bomb = zipOf({
      'zeros.dcm': Buffer.alloc(FILE_CAP * 4),
      'ok.dcm': tinyStudy({ seed: 'zip-ok', patientName: 'Zip^Ok', patientId: 'UP-ZO' }),
    });
    expect(bomb.length).toBeLessThan(FILE_CAP);
    const unpacked = await admin.agent.post(`${API}/import/files`).set(admin.csrf).attach('files', bomb, 'bomb.zip').expect(200);
    expect(
      unpacked.body.Files.map((file: { File: string; Status: string; Message?: string }) => [file.File, file.Status, file.Message]),
    ).toEqual([
      ['bomb.zip/zeros.dcm', 'Failed', IMPORT_MESSAGES.too_large],
      ['bomb.zip/ok.dcm', 'Success', undefined],
    ]);
  });
});

describe('images are measured from their header before decoding', () => {
  it('refuses a small PNG that declares 6000×6000 pixels with 413, for capture and logo', async () => {
    const huge = pngDeclaring(6000, 6000);
    expect(huge.length).toBeLessThan(1000);
    const capture = await admin.agent
      .post(`${API}/studies/capture`)
      .set(admin.csrf)
      .field('uid', ct.study)
      .attach('image', huge, 'capture.png')
      .expect(413);
    expect(capture.body.code).toBe('payload_too_large');
    const logo = await admin.agent
      .post(`${API}/institutions/uploadimagefile`)
      .set(admin.csrf)
      .field('institution', '0')
      .field('name', 'report_footer')
      .attach('file', huge, 'logo.png')
      .expect(413);
    expect(logo.body.code).toBe('payload_too_large');
  });

  it('refuses a JPEG logo whose frame header declares too many pixels', async () => {
    const frame = [0xff, 0xc0, 0x00, 0x0b, 8, 0xea, 0x60, 0xea, 0x60, 1, 1, 0x11, 0];
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, ...frame, 0xff, 0xd9]);
    const logo = await admin.agent
      .post(`${API}/institutions/uploadimagefile`)
      .set(admin.csrf)
      .field('institution', '0')
      .field('name', 'report_footer')
      .attach('file', jpeg, 'logo.jpg')
      .expect(413);
    expect(logo.body.code).toBe('payload_too_large');
  });
});

describe('import into a study the caller cannot see', () => {
  it('refuses an MR instance carrying a CT study’s UID: not stored, and the CT stays invisible', async () => {
    const before = await orthancStatistics(stack.config);
    const intruder = rewrite(tinyStudy({ seed: 'mr-into-ct', patientName: CT.patientName, patientId: CT.patientId, modality: 'MR' }), {
      StudyInstanceUID: ct.study,
    });
    const response = await mrUser.agent.post(`${API}/import/files`).set(mrUser.csrf).attach('files', intruder, 'mr.dcm').expect(200);
    expect(response.body).toMatchObject({
      Stored: 0,
      Failed: 1,
      Files: [{ File: 'mr.dcm', Status: 'Failed', Message: IMPORT_MESSAGES.outside_scope, Instances: 0, StudyInstanceUIDs: [] }],
    });
    expect((await orthancStatistics(stack.config)).CountInstances).toBe(before.CountInstances);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const list = await mrUser.agent.get(`${API}/studies/search`).expect(200);
    expect(list.body.Items?.map((item: { StudyInstanceUID: string }) => item.StudyInstanceUID) ?? []).not.toContain(ct.study);
    await mrUser.agent.get(`${API}/series/fromstudy`).query({ uid: ct.study }).expect(404);
  });

  it('refuses a changed copy of an instance of that study: Orthanc keeps the original', async () => {
    const id = await orthancInstance(ct.instance);
    const md5 = async () => (await orthanc(`/instances/${id}/attachments/dicom/md5`)).text();
    const original = await md5();
    const changed = tinyStudy({ ...CT, patientName: 'Changed^Name' });
    const response = await mrUser.agent.post(`${API}/import/files`).set(mrUser.csrf).attach('files', changed, 'ct-copy.dcm').expect(200);
    expect(response.body.Files[0]).toMatchObject({ Status: 'Failed', Message: IMPORT_MESSAGES.outside_scope });
    expect(await md5()).toBe(original);
    const tags = (await (await orthanc(`/instances/${id}/simplified-tags`)).json()) as { PatientName: string };
    expect(tags.PatientName).toBe('Ct^Patient');
  });

  it('stores a new series into a study the caller can see', async () => {
    const before = await orthancStatistics(stack.config);
    const added = rewrite(tinyStudy({ seed: 'mr-second', patientName: MR.patientName, patientId: MR.patientId, modality: 'MR' }), {
      StudyInstanceUID: mr.study,
    });
    const response = await mrUser.agent.post(`${API}/import/files`).set(mrUser.csrf).attach('files', added, 'mr-2.dcm').expect(200);
    expect(response.body.Files).toEqual([{ File: 'mr-2.dcm', Status: 'Success', Instances: 1, StudyInstanceUIDs: [mr.study] }]);
    expect((await orthancStatistics(stack.config)).CountInstances).toBe(before.CountInstances + 1);
  });

  it('refuses, into a CT+MR study the MR user sees, a changed CT copy and a new CT series; an MR series goes in', async () => {
    const MIX: TinyStudy = { seed: 'uploads-mix', patientName: 'Mix^Patient', patientId: 'UP-MIX', modality: 'MR' };
    const mix = tinyStudyUids(MIX.seed);
    await storeTinyStudies(stack, admin, [MIX]);
    const seriesOf = (seed: string, modality: string) =>
      rewrite(tinyStudy({ seed, patientName: MIX.patientName, patientId: MIX.patientId, modality }), { StudyInstanceUID: mix.study });
    // An administrator adds a CT series: the MR user sees the study through its MR series only.
    const ctSeries = seriesOf('uploads-mix-ct', 'CT');
    const added = await admin.agent.post(`${API}/import/files`).set(admin.csrf).attach('files', ctSeries, 'ct.dcm').expect(200);
    expect(added.body.Files[0]).toMatchObject({ Status: 'Success' });
    const deadline = Date.now() + 30_000;
    const seriesSeen = async (session: Session) =>
      ((await session.agent.get(`${API}/series/fromstudy`).query({ uid: mix.study }).expect(200)).body as unknown[]).length;
    while ((await seriesSeen(admin)) < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await seriesSeen(admin)).toBe(2);
    expect(await seriesSeen(mrUser)).toBe(1);

    const before = await orthancStatistics(stack.config);
    const ctCopy = rewrite(ctSeries, { SeriesDescription: 'Replaced by the MR user' });
    const newCt = seriesOf('uploads-mix-ct-2', 'CT');
    const refused = await mrUser.agent
      .post(`${API}/import/files`)
      .set(mrUser.csrf)
      .attach('files', ctCopy, 'ct-copy.dcm')
      .attach('files', newCt, 'ct-new.dcm')
      .expect(200);
    expect(refused.body).toMatchObject({
      Stored: 0,
      Failed: 2,
      Files: [
        { File: 'ct-copy.dcm', Status: 'Failed', Message: IMPORT_MESSAGES.outside_scope },
        { File: 'ct-new.dcm', Status: 'Failed', Message: IMPORT_MESSAGES.outside_scope },
      ],
    });
    expect((await orthancStatistics(stack.config)).CountInstances).toBe(before.CountInstances);
    const tags = (await (
      await orthanc(`/instances/${await orthancInstance(tinyStudyUids('uploads-mix-ct').instance)}/simplified-tags`)
    ).json()) as {
      SeriesDescription?: string;
    };
    expect(tags.SeriesDescription ?? '').not.toBe('Replaced by the MR user');

    const mrSeries = seriesOf('uploads-mix-mr-2', 'MR');
    const accepted = await mrUser.agent.post(`${API}/import/files`).set(mrUser.csrf).attach('files', mrSeries, 'mr.dcm').expect(200);
    expect(accepted.body.Files[0]).toMatchObject({ Status: 'Success', StudyInstanceUIDs: [mix.study] });
  });
});
