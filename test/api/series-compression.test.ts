/**
 * The viewer's whole-series download over a slow link (docs/decisions.md "Serving: uncompressed
 * pixel data over a WAN"): asked with `Save-Data: on`, a series stored uncompressed comes
 * brotli- (or gzip-) encoded, and once decoded holds exactly the stored files, pixel for pixel;
 * unasked, or for a series stored compressed, it comes as stored. Raw HTTP here, so that the test
 * sees the bytes on the wire and decodes them itself.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles } from '../harness/dicom.ts';
import { waitForStudies } from '../harness/fixtures.ts';
import { pixelsByUid } from '../harness/network.ts';
import { PYDICOM } from '../harness/sample-archive.ts';
import { generateCt } from '../../scripts/demo/generate-ct.ts';

const WHOLE_SERIES = 'multipart/related; type="application/dicom"; transfer-syntax=*';

let stack: Stack;
let admin: Session;
let cookie = '';
let dir = '';
let ctFiles: string[] = [];
let ctPath = '';
let jpegPath = '';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it crossed the wire (not decoded). */
  wire: Buffer;
}

function rawGet(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${stack.baseUrl}${path}`, { headers: { cookie, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, wire: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** The parts of a multipart answer, in order (each declares its Content-Length). */
function parts(body: Buffer, contentType: string | undefined): Buffer[] {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType ?? '')?.[2];
  expect(boundary, `no boundary in ${contentType}`).toBeTruthy();
  const found: Buffer[] = [];
  let at = body.indexOf(`--${boundary}`);
  while (body.toString('latin1', at + boundary!.length + 2, at + boundary!.length + 4) !== '--') {
    const headEnd = body.indexOf('\r\n\r\n', at);
    const length = Number(/content-length:\s*(\d+)/i.exec(body.toString('latin1', at, headEnd))?.[1]);
    found.push(body.subarray(headEnd + 4, headEnd + 4 + length));
    at = headEnd + 4 + length + 2;
  }
  return found;
}

async function seriesPathOf(studyUid: string): Promise<string> {
  const series = (await admin.agent.get(`${API}/series/fromstudy`).query({ uid: studyUid }).expect(200)).body[0];
  return `${API}/dicom-web/studies/${studyUid}/series/${series.SeriesInstanceUID as string}`;
}

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  const login = await fetch(`${stack.baseUrl}${API}/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Id: stack.adminId, Password: stack.adminPassword }),
  });
  expect(login.status).toBe(200);
  cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  dir = mkdtempSync(join(tmpdir(), 'series-compression-'));
  // A small CT with noise, as the viewer's bench CT (explicit VR little endian, 16-bit signed).
  const ct = generateCt({ out: join(dir, 'ct'), slices: 6, size: 128, studyUidSeed: 'series-compression', patientName: 'Wan^Ct' });
  ctFiles = readdirSync(join(dir, 'ct'))
    .sort()
    .map((file) => join(dir, 'ct', file));
  const jpeg = join(PYDICOM, 'test_files', 'JPGExtended.dcm');
  expect((await storeFiles([...ctFiles, jpeg], { port: stack.config.dicomPort, callingAet: 'MODALITY1' })).failed).toEqual([]);
  await waitForStudies(admin, 2);
  ctPath = await seriesPathOf(ct.studyInstanceUid);
  const [jpegStudy] = (await admin.agent.get(`${API}/studies/search`).query({ PatientName: 'CompressedSamples^NM1' }).expect(200)).body
    .Items as { StudyInstanceUID: string }[];
  jpegPath = await seriesPathOf(jpegStudy!.StudyInstanceUID);
});

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the whole-series download on a slow link', () => {
  it('sends a series stored uncompressed brotli-encoded when asked, and decoded it is the stored files, pixel for pixel', async () => {
    const plain = await rawGet(ctPath, { accept: WHOLE_SERIES, 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/save-data/i);

    const encoded = await rawGet(ctPath, { accept: WHOLE_SERIES, 'accept-encoding': 'gzip, deflate, br', 'save-data': 'on' });
    expect(encoded.status).toBe(200);
    expect(encoded.headers['content-encoding']).toBe('br');
    const decoded = brotliDecompressSync(encoded.wire);
    // Smaller on the wire: noisy 16-bit CT compresses about 1.9× (the bench's 512×512 slices).
    expect(encoded.wire.length).toBeLessThan(plain.wire.length * 0.75);

    // Decoded, every file byte for byte as the uncompressed answer carries it (Orthanc's stored file) ...
    const files = parts(decoded, encoded.headers['content-type'] as string);
    const plainFiles = parts(plain.wire, plain.headers['content-type'] as string);
    expect(files).toHaveLength(ctFiles.length);
    expect(files.map((file, index) => file.equals(plainFiles[index]!))).toEqual(files.map(() => true));
    // ... and every pixel value of every slice as the modality sent it.
    const received = files.map((file, index) => {
      const path = join(dir, `received-${index}.dcm`);
      writeFileSync(path, file);
      return path;
    });
    const originalPixels = pixelsByUid(ctFiles);
    const receivedPixels = pixelsByUid(received);
    expect([...receivedPixels.keys()].sort()).toEqual([...originalPixels.keys()].sort());
    for (const [uid, pixels] of originalPixels) expect(receivedPixels.get(uid)!.equals(pixels), uid).toBe(true);
  });

  it('uses gzip for a client that takes no brotli', async () => {
    const encoded = await rawGet(ctPath, { accept: WHOLE_SERIES, 'accept-encoding': 'gzip', 'save-data': 'on' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    const files = parts(gunzipSync(encoded.wire), encoded.headers['content-type'] as string);
    const plain = await rawGet(ctPath, { accept: WHOLE_SERIES });
    const plainFiles = parts(plain.wire, plain.headers['content-type'] as string);
    expect(files).toHaveLength(ctFiles.length);
    expect(files.map((file, index) => file.equals(plainFiles[index]!))).toEqual(files.map(() => true));
  });

  it('sends as stored what is compressed already, and what a client cannot decode', async () => {
    const jpeg = await rawGet(jpegPath, { accept: WHOLE_SERIES, 'accept-encoding': 'br, gzip', 'save-data': 'on' });
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers['content-encoding']).toBeUndefined();
    const [file] = parts(jpeg.wire, jpeg.headers['content-type'] as string);
    expect(file!.toString('latin1', 128, 132)).toBe('DICM');
    expect(file!.includes(Buffer.from('1.2.840.10008.1.2.4.51'))).toBe(true);
    const identity = await rawGet(ctPath, { accept: WHOLE_SERIES, 'accept-encoding': 'identity', 'save-data': 'on' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(parts(identity.wire, identity.headers['content-type'] as string)).toHaveLength(ctFiles.length);
  });

  it('answers 400, not 500, for a transfer syntax the archive cannot produce (RLE with Orthanc 1.10)', async () => {
    const rle = await rawGet(ctPath, { accept: 'multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.5' });
    expect(rle.status).toBe(400);
  });

  it('still checks who may see the series first', async () => {
    const saved = cookie;
    cookie = '';
    try {
      const answer = await rawGet(ctPath, { accept: WHOLE_SERIES, 'accept-encoding': 'br', 'save-data': 'on' });
      expect(answer.status).toBe(401);
      expect(answer.headers['content-encoding']).toBeUndefined();
    } finally {
      cookie = saved;
    }
  });
});
