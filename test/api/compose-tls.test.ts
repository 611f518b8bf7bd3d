/**
 * docker-compose.yml's optional TLS front (profile "tls"), run natively: Debian's nginx with
 * docker/tls/nginx.conf in front of the compose stack started with the .env settings README gives
 * for it. Mapped as for the other services (test/harness/compose-native.ts): the front's ports 80
 * and 443 to free ports on 127.0.0.1, `adapter:8080` to the adapter's port, the certs folder to a
 * temporary one holding a self-signed certificate, which the test's clients trust as their CA.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect as connectHttp2, constants } from 'node:http2';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '../../scripts/services/process.ts';
import { mounts, publishedPorts, repoRoot, service } from '../harness/compose.ts';
import { startComposeNatively, type NativeCompose } from '../harness/compose-native.ts';

const DOT_ENV = {
  PG_PASSWORD: 'pg-compose-2',
  ORTHANC_PASSWORD: 'orthanc-compose-2',
  ADMIN_PASSWORD: 'compose-admin-2',
  // What README and .env.example say to set with the TLS front.
  HTTP_PUBLISH: '127.0.0.1:8080',
  TRUST_PROXY: '1',
  COOKIE_SECURE: 'true',
};
let stack: NativeCompose;
let ca: string;
const front = { https: 0, http: 0 };

beforeAll(async () => {
  stack = await startComposeNatively(DOT_ENV);
  const tls = service(stack.compose, 'tls');
  const certsMount = mounts(tls).find((mount) => mount.source === './certs')!;
  const certs = join(stack.root, 'certs');
  mkdirSync(certs);
  // With the address as subjectAltName, which Node's clients check.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      'key.pem',
      '-out',
      'cert.pem',
    ],
    { stdio: 'pipe', cwd: certs },
  );
  ca = readFileSync(join(certs, 'cert.pem'), 'utf8');

  [front.https, front.http] = await Promise.all([freePort(), freePort()]);
  const portOf: Record<string, number> = { '443': front.https, '80': front.http };
  const conf = readFileSync(join(repoRoot, mounts(tls).find((mount) => mount.target === '/etc/nginx/conf.d/default.conf')!.source), 'utf8')
    .replace(/listen (\d+)/g, (_, port: string) => `listen 127.0.0.1:${portOf[port]}`)
    .replace('http://adapter:8080', `http://127.0.0.1:${stack.ports.adapter}`)
    .replaceAll(certsMount.target, certs);
  const prefix = join(stack.root, 'nginx');
  mkdirSync(prefix);
  writeFileSync(join(prefix, 'default.conf'), conf);
  // The image's own nginx.conf: conf.d inside http {}; here only what a private nginx needs.
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${prefix}/default.conf;\n}\n`,
  );
  const nginx = stack.spawn(
    'nginx',
    'nginx',
    ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
    {
      PATH: process.env.PATH!,
    },
  );
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = tcpConnect(front.https, '127.0.0.1', () => resolve(socket.end() !== undefined));
      socket.on('error', () => resolve(false));
    });
  await waitFor('nginx', listening, 15_000, nginx, join(stack.root, 'nginx.log'));
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTPS/1.1 request through the front, trusting only the test's certificate. */
function viaFront(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port: front.https, path, method: options.method ?? 'GET', headers: options.headers, ca },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the TLS front, run natively with its compose configuration', () => {
  it('is published on 443 and 80 and sends plain HTTP to HTTPS', async () => {
    expect(publishedPorts(service(stack.compose, 'tls'))).toEqual([
      { published: 443, target: 443 },
      { published: 80, target: 80 },
    ]);
    const answer = await new Promise<Answer>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port: front.http, path: '/viewer/?x=1' }, (res) => {
        res.resume();
        resolve({ status: res.statusCode!, headers: res.headers, body: '' });
      })
        .on('error', reject)
        .end();
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://127.0.0.1/viewer/?x=1');
  });

  it('speaks HTTP/2 over TLS, and the adapter marks its answers for HTTPS only (HSTS)', async () => {
    const session = connectHttp2(`https://127.0.0.1:${front.https}`, { ca });
    try {
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const stream = session.request({ [constants.HTTP2_HEADER_PATH]: '/viewer/api/product/info' });
        stream.on('response', (response) => {
          stream.resume();
          resolve(response);
        });
        stream.on('error', reject);
        stream.end();
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(headers[':status']).toBe(200);
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      session.close();
    }
  });

  it('signs in with a Secure cookie and answers the study list through the front', async () => {
    const form = new URLSearchParams({ Id: 'admin', Password: DOT_ENV.ADMIN_PASSWORD }).toString();
    const login = await viaFront('/viewer/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest', origin: 'https://127.0.0.1' },
      body: form,
    });
    expect(login.status, login.body).toBe(200);
    const cookie = login.headers['set-cookie']!.find((line) => line.startsWith('pacs_sid='))!;
    expect(cookie).toMatch(/;\s*Secure/i);
    const list = await viaFront('/viewer/api/studies/search?limit=5', { headers: { cookie: cookie.split(';')[0]! } });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toMatchObject({ Count: 0, Items: [] });
  });

  it('throttles sign-in by the real client address, whatever X-Forwarded-For a client sends', async () => {
    const failed = await viaFront('/viewer/api/login', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-requested-with': 'XMLHttpRequest',
        'x-forwarded-for': '203.0.113.9',
        origin: 'https://127.0.0.1',
      },
      body: new URLSearchParams({ Id: 'admin', Password: 'wrong-password' }).toString(),
    });
    expect(failed.status).toBe(401);
    const env = stack.adapterEnv();
    const db = new pg.Client({
      host: env.PG_HOST,
      port: Number(env.PG_PORT),
      user: env.PG_USER,
      password: env.PG_PASSWORD,
      database: env.PG_DATABASE,
    });
    await db.connect();
    try {
      const { rows } = await db.query<{ ip: string }>('select ip from sign_in_failures');
      expect(rows.map((row) => row.ip)).toEqual(['127.0.0.1']);
    } finally {
      await db.end();
    }
  });
});
