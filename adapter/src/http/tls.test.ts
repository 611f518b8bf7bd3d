import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { ensureSelfSigned, isLoopbackHost, redirectToHttps } from './tls.ts';

const dir = mkdtempSync(join(tmpdir(), 'pacs-tls-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A certificate and its key made by openssl, as an administrator would bring them. */
function makePair(name: string): { cert: string; key: string } {
  const cert = join(dir, `${name}.crt`);
  const key = join(dir, `${name}.key`);
  // prettier-ignore
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { cert, key };
}

const base = { PG_PASSWORD: 'x', ORTHANC_PASSWORD: 'x', DATA_DIR: dir };
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('TLS configuration', () => {
  let pair: { cert: string; key: string };
  let other: { cert: string; key: string };
  beforeAll(() => {
    pair = makePair('good');
    other = makePair('other');
  });

  it('serves HTTPS from TLS_CERT and TLS_KEY, with a Secure session cookie', () => {
    const config = loadConfig({ ...base, HOST: '127.0.0.1', TLS_CERT: pair.cert, TLS_KEY: pair.key });
    expect(config.tls).toEqual({ certFile: pair.cert, keyFile: pair.key, selfSigned: false });
    expect(config.cookieSecure).toBe(true);
  });

  it('offers a self-signed certificate under DATA_DIR only beyond loopback, without a trusted proxy', () => {
    const open = loadConfig({ ...base, HOST: '0.0.0.0' });
    expect(open.tls).toEqual({
      certFile: join(dir, 'tls/self-signed/cert.pem'),
      keyFile: join(dir, 'tls/self-signed/key.pem'),
      selfSigned: true,
    });
    expect(open.cookieSecure).toBe(true);
    for (const env of [{ HOST: '127.0.0.1' }, { HOST: 'localhost' }, { HOST: '::1' }, { TRUST_PROXY: '1' }, { TLS_SELF_SIGNED: 'false' }]) {
      const config = loadConfig({ ...base, ...env });
      expect(config.tls, JSON.stringify(env)).toBeNull();
      expect(config.cookieSecure).toBe(false);
    }
  });

  it('names every problem with the files in words, all at once', () => {
    expect(problemsOf({ TLS_CERT: pair.cert })).toEqual([
      'TLS_KEY is missing: HTTPS needs both TLS_CERT (the certificate) and TLS_KEY (its private key).',
    ]);
    expect(problemsOf({ TLS_CERT: join(dir, 'none.crt'), TLS_KEY: dir })).toEqual([
      `TLS_CERT cannot be read: ${join(dir, 'none.crt')} (no such file).`,
      `TLS_KEY cannot be read: ${dir} (a folder, not a file).`,
    ]);
    const notPem = join(dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    expect(problemsOf({ TLS_CERT: notPem, TLS_KEY: notPem })).toEqual([
      `TLS_CERT is not a PEM certificate ("-----BEGIN CERTIFICATE-----"): ${notPem}.`,
      `TLS_KEY is not an unencrypted PEM private key ("-----BEGIN PRIVATE KEY-----"): ${notPem}.`,
    ]);
    // The key where the certificate should be is not a certificate either.
    expect(problemsOf({ TLS_CERT: pair.cert, TLS_KEY: other.key })).toEqual([
      `TLS_KEY does not belong to the certificate in TLS_CERT (${other.key}).`,
    ]);
    expect(problemsOf({ HOST: '127.0.0.1', HTTP_REDIRECT_PORT: '8081' })).toEqual([
      'HTTP_REDIRECT_PORT redirects to HTTPS, which is off: set TLS_CERT and TLS_KEY (or leave HTTP_REDIRECT_PORT empty).',
    ]);
    expect(problemsOf({ TLS_CERT: pair.cert, TLS_KEY: pair.key, HTTP_REDIRECT_PORT: '8080' })).toEqual([
      'HTTP_REDIRECT_PORT must differ from PORT (both 8080).',
    ]);
  });

  it('stops the adapter with the message, not a stack trace', () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, ...base, TLS_CERT: join(dir, 'missing.crt'), TLS_KEY: pair.key },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`TLS_CERT cannot be read: ${join(dir, 'missing.crt')} (no such file).`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    // Starting Node with tsx takes longer than vitest's 5 s when the machine is busy: the same
    // bound as the child's own.
  }, 30_000);
});

describe('self-signed certificate', () => {
  it('is made once, with a private key only its owner reads, for the names users type', async () => {
    const config = loadConfig({ ...base, HOST: '0.0.0.0' });
    const files = config.tls!;
    expect(await ensureSelfSigned(files, config.host)).toBe(true);
    expect(statSync(files.keyFile).mode & 0o777).toBe(0o600);
    const cert = new X509Certificate(execFileSync('cat', [files.certFile]));
    expect(cert.subjectAltName).toContain('DNS:localhost');
    expect(cert.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(cert.checkHost('localhost')).toBe('localhost');
    const before = cert.fingerprint256;
    expect(await ensureSelfSigned(files, config.host)).toBe(false);
    expect(new X509Certificate(execFileSync('cat', [files.certFile])).fingerprint256).toBe(before);
  });
});

describe('HTTP to HTTPS redirect', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer(redirectToHttps(8443));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A raw request, so Host and the request target can be anything a client sends. */
  const ask = (path: string, host: string) =>
    new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path, headers: { host } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on('error', reject).end();
    });

  it('sends every path to the same name on the HTTPS port, never elsewhere', async () => {
    expect(await ask('/viewer/#/list?x=1', 'pacs.example:8080')).toEqual({
      status: 308,
      location: 'https://pacs.example:8443/viewer/#/list?x=1',
    });
    expect(await ask('/viewer/api/product/info?a=b', '[::1]:80')).toEqual({
      status: 308,
      location: 'https://[::1]:8443/viewer/api/product/info?a=b',
    });
    expect(await ask('http://evil.example/steal', 'pacs.example')).toEqual({ status: 308, location: 'https://pacs.example:8443/viewer/' });
    expect(await ask('//evil.example/steal', 'pacs.example')).toEqual({ status: 308, location: 'https://pacs.example:8443/viewer/' });
    expect((await ask('/viewer/', 'evil.example/x')).status).toBe(400);
    expect((await ask('/viewer/', 'pacs.example:80x')).status).toBe(400);
  });

  it('knows loopback hosts', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.5', 'pacs.example'].some(isLoopbackHost)).toBe(false);
  });
});
