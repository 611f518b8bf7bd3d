/**
 * Serving (issue 18): the adapter's own HTTPS from TLS_CERT/TLS_KEY (HTTP/1.1 over ALPN: Express 5
 * cannot run on Node's HTTP/2 compatibility layer), the plain-HTTP port that redirects to it, the
 * Secure session cookie and HSTS that follow TLS, the built client sent from its precompressed
 * copies, API JSON compressed when asked, and DICOM files and frames never compressed.
 * Every request here goes through Node's own clients with the test's certificate as the only
 * trusted authority, and reads the bytes exactly as they came over the wire.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect as http2Connect } from 'node:http2';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedAccount, StudyItem } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, login, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudyUids } from '../harness/dicom.ts';
import { storeTinyStudies, waitForStudies } from '../harness/fixtures.ts';
import { PYDICOM } from '../harness/sample-archive.ts';
import { freePort } from '../../scripts/services/process.ts';

const certDir = mkdtempSync(join(tmpdir(), 'pacs-tls-api-'));
const certFile = join(certDir, 'cert.pem');
const keyFile = join(certDir, 'key.pem');
// prettier-ignore
execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
  '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
const ca = readFileSync(certFile);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, not decoded. */
  body: Buffer;
}

let stack: Stack;
let redirectPort: number;
let cookie = '';

function raw(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${stack.baseUrl}${path}`, { method, ca, headers: { ...(cookie ? { cookie } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(answer: Answer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

beforeAll(async () => {
  redirectPort = await freePort();
  stack = await startStack({ env: { TLS_CERT: certFile, TLS_KEY: keyFile, HTTP_REDIRECT_PORT: String(redirectPort) } });
});

afterAll(async () => {
  await stack?.stop();
  rmSync(certDir, { recursive: true, force: true });
});

describe('HTTPS', () => {
  it('answers over TLS with the configured certificate, HTTP/1.1 by ALPN, HSTS on every answer', async () => {
    expect(stack.baseUrl).toMatch(/^https:/);
    const answer = await raw(`${API}/product/info`);
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await raw('/viewer/')).headers['strict-transport-security']).toBe('max-age=31536000');

    const port = Number(new URL(stack.baseUrl).port);
    const alpn = await new Promise<string | false>((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.1', port, ca, ALPNProtocols: ['h2', 'http/1.1'] }, () => {
        resolve(socket.alpnProtocol ?? false);
        socket.end();
      });
      socket.on('error', reject);
    });
    expect(alpn).toBe('http/1.1');
    // Node's HTTP/2 client, which offers only h2, gets no session.
    const h2 = await new Promise<string>((resolve) => {
      const session = http2Connect(stack.baseUrl, { ca });
      session.on('connect', () => {
        resolve('connected');
        session.close();
      });
      session.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(h2).not.toBe('connected');
  });

  it('redirects plain HTTP to the same path over HTTPS', async () => {
    const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const req = httpRequest(`http://127.0.0.1:${redirectPort}/viewer/api/studies/search?limit=5`, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on('error', reject).end();
    });
    expect(answer).toEqual({ status: 308, location: `${stack.baseUrl}/viewer/api/studies/search?limit=5` });
  });

  it('marks the session cookie Secure and HttpOnly', async () => {
    const answer = await raw(
      `${API}/login`,
      { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
      'POST',
      new URLSearchParams({ Id: stack.adminId, Password: stack.adminPassword }).toString(),
    );
    expect(answer.status).toBe(200);
    const setCookie = [answer.headers['set-cookie'] ?? []].flat().join('\n');
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
    cookie = setCookie.split(';')[0] ?? '';
  });
});

describe('the built client', () => {
  const clientDir = () => stack.config.clientDir;
  const viewerChunk = () => readdirSync(join(clientDir(), 'assets')).find((file) => /^study-viewer-.*\.js$/.test(file));

  it('is built with brotli and gzip copies (npm run build)', () => {
    const chunk = viewerChunk();
    expect(chunk, `no viewer chunk in ${clientDir()}: run npm run build`).toBeDefined();
    const files = readdirSync(join(clientDir(), 'assets'));
    expect(files).toContain(`${chunk}.br`);
    expect(files).toContain(`${chunk}.gz`);
  });

  it('sends the copy each browser accepts, with the bytes of the file', async () => {
    const path = `/viewer/assets/${viewerChunk()}`;
    const file = readFileSync(join(clientDir(), 'assets', viewerChunk() ?? ''));
    const cases: Array<[string | undefined, string | undefined]> = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['*', 'br'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, coding] of cases) {
      const answer = await raw(path, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(answer.status, String(accept)).toBe(200);
      expect(answer.headers['content-encoding'], String(accept)).toBe(coding);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(decoded(answer).equals(file), String(accept)).toBe(true);
    }
    const head = await raw(path, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('revalidates the page, and names the viewer chunks there without loading them', async () => {
    const page = await raw('/viewer/', { 'accept-encoding': 'br' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = decoded(page).toString('utf8');
    expect(html).toBe(readFileSync(join(clientDir(), 'index.html'), 'utf8'));
    expect(html).toMatch(/<meta name="pacs-viewer-chunks" content="[^"]*study-viewer-/);
    expect(html).not.toMatch(/rel="modulepreload"[^>]*study-viewer-/);
    // The WebAssembly decoders keep their type, so browsers compile them while they download.
    const wasm = readdirSync(join(clientDir(), 'assets')).find((file) => file.endsWith('.wasm'));
    const answer = await raw(`/viewer/assets/${wasm}`, { 'accept-encoding': 'br' });
    expect(answer.headers['content-type']).toBe('application/wasm');
    expect(answer.headers['content-encoding']).toBe('br');
  });

  it('leaves unknown paths and escapes to the plain file handler', async () => {
    expect((await raw('/viewer/assets/none.js', { 'accept-encoding': 'br' })).status).toBe(404);
    expect((await raw('/viewer/assets/%2e%2e/%2e%2e/package.json', { 'accept-encoding': 'br' })).status).toBe(404);
    expect((await raw('/viewer/%E0%A4%A', { 'accept-encoding': 'br' })).status).toBeLessThan(500);
  });
});

describe('API answers', () => {
  let study: string;
  beforeAll(async () => {
    const agent = request.agent(stack.baseUrl).ca(ca);
    const signed = await login(agent, stack.adminId, stack.adminPassword).expect(200);
    const session: Session = { agent, account: signed.body as SignedAccount, csrf: {} };
    await storeTinyStudies(
      stack,
      session,
      ['a', 'b', 'c'].map((seed) => ({ seed: `serving-${seed}`, patientName: `Serving^${seed}`, patientId: `SERVING-${seed}` })),
    );
    const { failed } = await storeFiles([`${PYDICOM}/test_files/CT_small.dcm`], { port: stack.config.dicomPort });
    expect(failed).toEqual([]);
    await waitForStudies(session, 4);
    study = tinyStudyUids('serving-a').study;
  });

  it('compresses a search answer when asked, and only then', async () => {
    const gzip = await raw(`${API}/studies/search?limit=10`, { 'accept-encoding': 'gzip' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
    const body = JSON.parse(decoded(gzip).toString('utf8')) as { Count: number; Items: StudyItem[] };
    expect(body.Count).toBe(4);
    expect(gzip.body.length).toBeLessThan(decoded(gzip).length);
    const plain = await raw(`${API}/studies/search?limit=10`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8')).Count).toBe(4);
    // Small answers are not worth it.
    const small = await raw(`${API}/product/info`, { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses DICOMweb metadata, never DICOM files or frames', async () => {
    const accept = { 'accept-encoding': 'gzip, deflate, br' };
    const ct = JSON.parse(decoded(await raw(`${API}/dicom-web/studies?PatientID=1CT1`, accept)).toString('utf8')) as Array<
      Record<string, { Value?: string[] }>
    >;
    const ctStudy = ct[0]?.['0020000D']?.Value?.[0];
    expect(ctStudy).toBeDefined();
    const metadata = await raw(`${API}/dicom-web/studies/${ctStudy}/metadata`, accept);
    expect(metadata.status).toBe(200);
    expect(metadata.headers['content-type']).toMatch(/^application\/dicom\+json/);
    expect(metadata.headers['content-encoding']).toBe('br');
    const [instance] = JSON.parse(decoded(metadata).toString('utf8')) as Array<Record<string, { Value?: string[] }>>;
    const series = instance?.['0020000E']?.Value?.[0];
    const sop = instance?.['00080018']?.Value?.[0];

    const frame = await raw(`${API}/dicom-web/studies/${ctStudy}/series/${series}/instances/${sop}/frames/1`, accept);
    expect(frame.status).toBe(200);
    expect(frame.headers['content-type']).toMatch(/^multipart\/related/);
    expect(frame.body.length).toBeGreaterThan(128 * 128 * 2);
    expect(frame.headers['content-encoding']).toBeUndefined();

    const file = await raw(
      `${API}/wado?requestType=WADO&studyUID=${ctStudy}&seriesUID=${series}&objectUID=${sop}&contentType=application/dicom`,
      accept,
    );
    expect(file.status).toBe(200);
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.body.subarray(128, 132).toString('latin1')).toBe('DICM');

    const whole = await raw(`${API}/dicom-web/studies/${study}`, { ...accept, accept: 'multipart/related; type="application/dicom"' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
  });
});
