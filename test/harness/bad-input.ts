/**
 * The stack the bad-input tests share: the adapter as its own process (as in production, so a
 * crash shows), one tiny study, a report on it, and three users besides the administrator. Requests
 * go through node:http rather than supertest: hostile bytes must reach the server unchanged, and a
 * lost connection must be reported, not thrown. The hostile values live here too, beside the
 * `nested` JSON both files send.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { allPermissions, PERMISSION_KEYS, ungrantable, type TeleradiologyKind } from '@pacs/common';
import { startStack, type Stack } from './stack.ts';
import { API } from './api.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from './dicom.ts';

export const SWEEP_PASSWORD = 'sweep-pass-1';
export const SWEEP_STUDY = tinyStudyUids('sweep-1');

export interface Answer {
  status: number;
  /** Set when the connection was lost or no answer came. */
  dropped?: string;
  body: string;
}

/** Cookie and CSRF header of a signed-in user. */
export interface RawSession {
  cookie: string;
  csrf: string;
}

export interface BadInputStack {
  stack: Stack;
  /** One request as given (path already encoded); never throws. */
  send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer>;
  /** admin, plain (every permission but admin), radiologist (teleradiology: PatientName hidden); nobody has none. */
  users: Record<string, RawSession>;
  /** The report on SWEEP_STUDY. */
  documentId: number;
  /** The plain user's role; sweep_victim has it too. */
  plainRole: number;
  stop(): Promise<void>;
}

/** JSON text nested `depth` objects deep (built as text: stringifying it would exhaust the stack). */
export function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;
}

/** Hostile values for a query string or a form, already %-encoded (some deliberately badly). */
export const QUERY_VALUES: string[] = [
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%',
  '%ZZ',
  '__proto__',
  'constructor',
  'toString',
  '99999999999999999999999',
  '-1',
  '-99999999999',
  '1e308',
  'NaN',
  '99999999',
  '20241301',
  '20241399-99999999',
  '%2B275760-09-13T00%3A00%3A00.000Z',
  '-271821-04-20',
  '0000-00-00',
  // Long, yet within Node's 16 KB header limit once in every field (past it, Node answers 431).
  'x'.repeat(500),
  '%F0%9F%98%80'.repeat(40),
  '%27%3B--',
];

/** Hostile JSON values, as JSON text: everything above as strings, and the wrong types. */
export const JSON_VALUES: string[] = [
  ...[
    '\u0000',
    'a\u0000b',
    '__proto__',
    'constructor',
    '99999999999999999999999',
    '-1',
    '99999999',
    '20241301',
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20',
    'x'.repeat(50_000),
  ].map((text) => JSON.stringify(text)),
  '1e308',
  '-1',
  '-9007199254740993',
  '1.5',
  'true',
  'null',
  '[]',
  '["a","b"]',
  '{}',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  nested(5000),
  JSON.stringify(Array.from({ length: 5_000 }, () => ({ a: 1 }))),
];

/** A JSON object text: `fields` as they are, then `name` set to the JSON text `raw`. */
export function jsonBody(fields: Record<string, unknown>, extra: [string, string][]): string {
  const parts = Object.entries(fields).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  for (const [name, raw] of extra) parts.push(`${JSON.stringify(name)}:${raw}`);
  return `{${parts.join(',')}}`;
}

/** One hostile value in one field among ordinary ones: the few that reach each kind of check. */
export const ONE_FIELD_QUERY_VALUES = [
  'a%00b',
  '%E0%A4%A',
  '__proto__',
  '99999999999999999999999',
  '-1',
  '20241301',
  '%2B275760-09-13T00%3A00%3A00.000Z',
];
export const ONE_FIELD_JSON_VALUES = [
  '"a\\u0000b"',
  '"__proto__"',
  '"99999999"',
  '"+275760-09-13T00:00:00.000Z"',
  '1e308',
  '-1',
  '[]',
  '{"a":"b"}',
  nested(5000),
];

export async function startBadInputStack(): Promise<BadInputStack> {
  const stack = await startStack({ adapter: 'child' });
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const url = new URL(stack.baseUrl);
  const stop = async () => {
    agent.destroy();
    await stack.stop();
  };

  const send = (method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> =>
    new Promise((resolve) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: method.toUpperCase(),
          path,
          // Node sends a DELETE's body without framing unless told its length.
          headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent,
          timeout: 120_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, 2000).toString() }));
          res.on('error', (error) => resolve({ status: 0, dropped: error.message, body: '' }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within 120 s')));
      req.on('error', (error) => resolve({ status: 0, dropped: error.message, body: '' }));
      req.end(body);
    });

  const signIn = async (id: string, password: string): Promise<RawSession> => {
    const answer = await new Promise<{ status: number; cookie: string; body: string }>((resolve, reject) => {
      const body = new URLSearchParams({ Id: id, Password: password }).toString();
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `${API}/login`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              cookie: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; '),
              body: text,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    if (answer.status !== 200) throw new Error(`sign-in as ${id} answered ${answer.status}: ${answer.body}`);
    return { cookie: answer.cookie, csrf: (JSON.parse(answer.body) as { CsrfToken: string }).CsrfToken };
  };

  const users: Record<string, RawSession> = {};
  const adminCall = async (method: string, path: string, form: Record<string, string>): Promise<unknown> => {
    const admin = users.admin!;
    const answer = await send(
      method,
      `${API}${path}`,
      { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams(form).toString(),
    );
    if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body}`);
    return JSON.parse(answer.body) as unknown;
  };

  try {
    const dir = mkdtempSync(join(tmpdir(), 'pacs-sweep-'));
    try {
      const file = join(dir, 'sweep.dcm');
      writeFileSync(file, tinyStudy({ seed: 'sweep-1', patientName: 'Sweep^Patient', patientId: 'SWEEP1', accessionNumber: 'ACC-SWEEP' }));
      const { failed } = await storeFiles([file], { port: stack.config.dicomPort, callingAet: 'SWEEP_AE' });
      if (failed.length > 0) throw new Error(`storescu failed: ${JSON.stringify(failed)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    users.admin = await signIn('admin', stack.adminPassword);

    // Everything this edition and kind can grant, except admin.
    const everythingButAdmin = (kind: TeleradiologyKind | null) => {
      const refused = new Set(ungrantable(allPermissions(), stack.config.edition, kind));
      return Object.fromEntries(
        PERMISSION_KEYS.filter((key) => key !== 'all' && key !== 'admin' && !refused.has(key)).map((key) => [key, true]),
      );
    };
    const role = async (name: string, kind: TeleradiologyKind | null = null) =>
      (
        (await adminCall('post', '/roles/create', {
          Name: name,
          Institution: '0',
          Permissions: JSON.stringify(everythingButAdmin(kind)),
          ...(kind ? { Teleradiology: kind } : {}),
          Targets: JSON.stringify({ All: true }),
          StudyAccess: 'all',
        })) as { No: number }
      ).No;
    const plainRole = await role('Sweep readers');
    const radiologistRole = await role('Sweep radiologists', 'Radiologist');
    for (const [id, roleNo] of [
      ['sweep_user', plainRole],
      ['sweep_radiologist', radiologistRole],
      ['sweep_victim', plainRole],
    ] as const) {
      await adminCall('post', '/accounts/create', { Id: id, Password: SWEEP_PASSWORD, Name: id, Role: String(roleNo) });
    }
    users.plain = await signIn('sweep_user', SWEEP_PASSWORD);
    users.radiologist = await signIn('sweep_radiologist', SWEEP_PASSWORD);

    for (let i = 0; i < 200; i++) {
      const answer = await send('get', `${API}/studies/find?uid=${SWEEP_STUDY.study}`, { cookie: users.admin.cookie });
      if (answer.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const created = (await adminCall('post', '/reports/create', {
      uid: SWEEP_STUDY.study,
      name: 'Sweep report',
      status: 'Draft',
      title: 'Sweep',
      findings: 'Nothing found',
    })) as { Id: number };
    return { stack, send, users, documentId: created.Id, plainRole, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
