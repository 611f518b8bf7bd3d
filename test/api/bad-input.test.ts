/**
 * The bad-input sweep (issue 13, item 10): every route of API_ROUTES, as an admin, a plain user,
 * a teleradiology user (PatientName hidden) and nobody, gets hostile values in its query string,
 * its JSON and form bodies and its path: NUL bytes, bad %-escapes, `__proto__`/`constructor` as
 * keys and values, huge and negative numbers, out-of-range dates, deeply nested JSON, very long
 * strings, arrays and objects where strings are expected, and a cookie that cannot be decoded.
 * Field names come from the sources of the route's own feature, so a new field is swept without
 * editing this file. Not one request may answer 500 or lose its connection, and the adapter (its
 * own process, as in production) must still be running at the end. The figures are printed so
 * they can be quoted.
 */
import { readdirSync, readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissions, PERMISSION_KEYS, ungrantable, type TeleradiologyKind } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';
import type { AnyRouteSpec } from '../../adapter/src/http/routes.ts';
import { API_ROUTES } from '../../adapter/src/app.ts';
import { accountsRoutes } from '../../adapter/src/features/accounts/accounts.routes.ts';
import { authRoutes } from '../../adapter/src/features/auth/auth.routes.ts';
import { configsRoutes } from '../../adapter/src/features/configs/configs.routes.ts';
import { dicomwebRoutes } from '../../adapter/src/features/dicomweb/dicomweb.routes.ts';
import { importRoutes } from '../../adapter/src/features/import/import.routes.ts';
import { institutionsRoutes } from '../../adapter/src/features/institutions/institutions.routes.ts';
import { reportPdfRoutes } from '../../adapter/src/features/reports/report-pdf.routes.ts';
import { reportsRoutes } from '../../adapter/src/features/reports/reports.routes.ts';
import { rolesRoutes } from '../../adapter/src/features/roles/roles.routes.ts';
import { securityRoutes } from '../../adapter/src/features/security/security.routes.ts';
import { serverRoutes } from '../../adapter/src/features/server/server.routes.ts';
import { settingsRoutes } from '../../adapter/src/features/settings/settings.routes.ts';
import { sharesRoutes } from '../../adapter/src/features/shares/shares.routes.ts';
import { studiesRoutes } from '../../adapter/src/features/studies/studies.routes.ts';
import { viewerRoutes } from '../../adapter/src/features/viewer/viewer.routes.ts';

const adapterSrc = fileURLToPath(new URL('../../adapter/src/', import.meta.url));

/** The feature folder whose sources name each route's fields. */
const FEATURE_OF = new Map<AnyRouteSpec, string>();
for (const [routes, feature] of [
  [serverRoutes, 'server'],
  [authRoutes, 'auth'],
  [securityRoutes, 'security'],
  [settingsRoutes, 'settings'],
  [configsRoutes, 'configs'],
  [studiesRoutes, 'studies'],
  [dicomwebRoutes, 'dicomweb'],
  [importRoutes, 'import'],
  [accountsRoutes, 'accounts'],
  [rolesRoutes, 'roles'],
  [institutionsRoutes, 'institutions'],
  [viewerRoutes, 'viewer'],
  [reportsRoutes, 'reports'],
  [reportPdfRoutes, 'reports'],
  [sharesRoutes, 'shares'],
] as const) {
  for (const route of routes) FEATURE_OF.set(route, feature);
}

/** Names read from the request in a folder's sources: `(req, 'Name'`, `req.query.name`, `body.Name`. */
function fieldNames(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(join(dir, file), 'utf8');
    for (const pattern of [
      /\(req, '([A-Za-z_]\w*)'/g,
      /req\.(?:query|body)\.([A-Za-z_]\w*)/g,
      /req\.(?:query|body)\[['"]([A-Za-z_]\w*)/g,
      /\bbody\.([A-Za-z_]\w*)/g,
      /as Record<string, unknown>\)\.([A-Za-z_]\w*)/g,
    ]) {
      for (const match of source.matchAll(pattern)) names.add(match[1]!);
    }
  }
  return names;
}

/** Names every route gets besides its feature's: list filters, paging and sorting, the usual ids. */
const COMMON_NAMES = ['uid', 'UID', 'id', 'Id', 'no', 'No', 'orderby', 'limit', 'offset', 'StudyDate', 'PatientName', 'ExpiresAt'];

const PASSWORD = 'sweep-pass-1';
let stack: Stack;
const study = tinyStudyUids('sweep-1');
/** Cookie and CSRF header per user; nobody has neither. */
const users: Record<string, { cookie: string; csrf: string }> = {};
let documentId = 1;
let plainRole = 1;

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

interface Answer {
  status: number;
  /** Set when the connection was lost or no answer came. */
  dropped?: string;
  body: string;
}

function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  const url = new URL(stack.baseUrl);
  return new Promise((resolve) => {
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
}

async function signIn(id: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const answer = await new Promise<{ status: number; cookie: string; body: string }>((resolve, reject) => {
    const url = new URL(stack.baseUrl);
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
}

async function adminCall(method: string, path: string, form: Record<string, string>): Promise<unknown> {
  const admin = users.admin!;
  const answer = await send(
    method,
    `${API}${path}`,
    { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams(form).toString(),
  );
  if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as unknown;
}

beforeAll(async () => {
  stack = await startStack({ adapter: 'child' });
  const dir = mkdtempSync(join(tmpdir(), 'pacs-sweep-'));
  const file = join(dir, 'sweep.dcm');
  writeFileSync(file, tinyStudy({ seed: 'sweep-1', patientName: 'Sweep^Patient', patientId: 'SWEEP1', accessionNumber: 'ACC-SWEEP' }));
  expect(storeFiles([file], { port: stack.config.dicomPort, callingAet: 'SWEEP_AE' }).failed).toEqual([]);
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
  plainRole = await role('Sweep readers');
  const radiologistRole = await role('Sweep radiologists', 'Radiologist');
  for (const [id, roleNo] of [
    ['sweep_user', plainRole],
    ['sweep_radiologist', radiologistRole],
    ['sweep_victim', plainRole],
  ] as const) {
    await adminCall('post', '/accounts/create', { Id: id, Password: PASSWORD, Name: id, Role: String(roleNo) });
  }
  users.plain = await signIn('sweep_user', PASSWORD);
  users.radiologist = await signIn('sweep_radiologist', PASSWORD);

  for (let i = 0; i < 200; i++) {
    const answer = await send('get', `${API}/studies/find?uid=${study.study}`, { cookie: users.admin.cookie });
    if (answer.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const created = (await adminCall('post', '/reports/create', {
    uid: study.study,
    name: 'Sweep report',
    status: 'Draft',
    title: 'Sweep',
    findings: 'Nothing found',
  })) as { Id: number };
  documentId = created.Id;
}, 180_000);

afterAll(async () => {
  agent.destroy();
  await stack?.stop();
});

/** A field's ordinary value, so one hostile field at a time gets past the others. */
function baseline(): Record<string, unknown> {
  return {
    uid: study.study,
    UID: study.study,
    studyUID: study.study,
    seriesUID: study.series,
    objectUID: study.instance,
    number: 'ACC-SWEEP',
    id: String(documentId),
    no: '1',
    No: '1',
    report: '1',
    Id: 'sweep_victim',
    Account: 'sweep_victim',
    Role: String(plainRole),
    Name: 'Sweep name',
    name: 'report_header',
    key: 'list',
    value: '{}',
    Password: PASSWORD,
    CurrentPassword: PASSWORD,
    institution: '0',
    Institution: '0',
    Targets: '{"All":true}',
    Permissions: '{"list":true}',
    ExpiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    limit: '10',
    offset: '0',
    orderby: 'StudyDate',
    period: 'all',
    status: 'Draft',
    title: 'Sweep',
    items: [],
    images: [],
  };
}

/** JSON text nested `depth` objects deep (built as text: stringifying it would exhaust the stack). */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;
}

/** Hostile values for a query string or a form, already %-encoded (some deliberately badly). */
const QUERY_VALUES: string[] = [
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
const JSON_VALUES: string[] = [
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
function jsonBody(fields: Record<string, unknown>, extra: [string, string][]): string {
  const parts = Object.entries(fields).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  for (const [name, raw] of extra) parts.push(`${JSON.stringify(name)}:${raw}`);
  return `{${parts.join(',')}}`;
}

/** One hostile value in one field among ordinary ones: the few that reach each kind of check. */
const ONE_FIELD_QUERY_VALUES = [
  'a%00b',
  '%E0%A4%A',
  '__proto__',
  '99999999999999999999999',
  '-1',
  '20241301',
  '%2B275760-09-13T00%3A00%3A00.000Z',
];
const ONE_FIELD_JSON_VALUES = [
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

const SWEEP_USERS = ['admin', 'plain', 'radiologist', 'nobody'] as const;

describe('the cases issue 13 names', () => {
  const BAD_REQUEST = 'The request could not be understood by the server due to malformed syntax.';
  const INVALID = 'The field is not a valid value';
  const json = (who: 'admin' | 'plain' | 'radiologist') => ({
    cookie: users[who]!.cookie,
    'x-csrf-token': users[who]!.csrf,
    'x-requested-with': 'XMLHttpRequest',
    'content-type': 'application/json',
  });
  const get = (path: string, who: 'admin' | 'plain' | 'radiologist' = 'plain') =>
    send('get', `${API}${path}`, { cookie: users[who]!.cookie });
  const body = (answer: Answer) => JSON.parse(answer.body) as { status: number; code: string; message: string; fields?: object };

  it('answers 400 to a NUL byte in a login id, an access key, a uid and a search filter', async () => {
    for (const form of [{ Id: 'admin\u0000', Password: 'x' }, { AccessKey: 'key\u0000' }]) {
      const answer = await send('post', `${API}/login`, json('plain'), JSON.stringify(form));
      expect(answer.status, JSON.stringify(form)).toBe(400);
      expect(body(answer).message).toBe(INVALID);
    }
    for (const path of [`/studies/find?uid=1.2%00`, `/studies/search?PatientName=a%00b`, `/dicom-web/studies/1.2%00/series`]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect([INVALID, BAD_REQUEST]).toContain(body(answer).message);
    }
  });

  it('answers 400 to a session cookie with a bad %-escape', async () => {
    const answer = await send('get', `${API}/accounts/signed`, { cookie: 'pacs_sid=%E0%A4%A' });
    expect(answer.status).toBe(400);
    expect(body(answer)).toMatchObject({ code: 'bad_request', message: BAD_REQUEST });
  });

  it('answers 400 to orderby and filter keys named constructor or __proto__', async () => {
    for (const path of [
      '/studies/search?orderby=constructor',
      '/studies/search?orderby=__proto__',
      `/series/fromstudy?uid=${study.study}&orderby=constructor`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(body(answer).code).toBe('validation_failed');
    }
    // As filters they are unknown keys, ignored like any other.
    const answer = await get('/studies/search?constructor=x&__proto__=y&toString=z');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ Count: 1 });
  });

  it('answers 400 to dates out of range', async () => {
    for (const path of [
      '/studies/search?StudyDate=99999999',
      '/studies/search?StudyDate=20241301',
      '/studies/search?UpdatedAfter=-271821-04-20',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(body(answer).message).toBe(INVALID);
    }
  });

  it('answers 400 naming the field to a key number past its column, before the database sees it', async () => {
    for (const path of ['/roles/delete?no=1e308', '/roles/delete?no=-99999999999', '/institutions/delete?no=99999999999']) {
      const answer = await send('delete', `${API}${path}`, json('admin'));
      expect(answer.status, path).toBe(400);
      expect(body(answer), path).toMatchObject({ code: 'validation_failed', fields: { no: INVALID } });
    }
  });

  it('answers 400 to annotation JSON nested 5,000 deep, and stores an ordinary one', async () => {
    const item = (data: string) =>
      `{"uid":"${study.study}","items":[{"SeriesInstanceUID":"${study.series}","SOPInstanceUID":"${study.instance}","Frame":1,"Tool":"Length","Data":${data}}]}`;
    const deep = await send('put', `${API}/annotations/replace`, json('plain'), item(nested(5000)));
    expect(deep.status).toBe(400);
    expect(body(deep).message).toBe(INVALID);
    const nul = await send('put', `${API}/annotations/replace`, json('plain'), item('{"label":"a\\u0000b"}'));
    expect(nul.status).toBe(400);
    const ok = await send('put', `${API}/annotations/replace`, json('plain'), item('{"handles":{"points":[[1,2,3]]},"label":"ok"}'));
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject([{ Tool: 'Length', Data: { label: 'ok' } }]);
  });

  it('renders the report PDF for a role that cannot see PatientName', async () => {
    const answer = await send('get', `${API}/documents/pdf?id=${documentId}`, { cookie: users.radiologist!.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body.startsWith('%PDF-')).toBe(true);
  });
});

describe('bad-input sweep', () => {
  it('answers every hostile request on every route without a 500 or a dropped connection', async () => {
    const failures: string[] = [];
    let sent = 0;
    let fiveHundreds = 0;
    let dropped = 0;
    const featureNames = new Map<string, Set<string>>();

    const check = async (label: string, method: string, path: string, headers: Record<string, string>, body?: string) => {
      const answer = await send(method, path, headers, body);
      sent++;
      if (answer.dropped) {
        dropped++;
        failures.push(`DROPPED ${label}: ${answer.dropped}`);
      } else if (answer.status >= 500 && answer.status !== 503) {
        fiveHundreds++;
        failures.push(`${answer.status} ${label}: ${answer.body.slice(0, 200)}`);
      } else if (answer.status >= 500) {
        // 503 says Orthanc or PostgreSQL are unreachable: both run throughout, so it is a failure too.
        fiveHundreds++;
        failures.push(`${answer.status} ${label}: ${answer.body.slice(0, 200)}`);
      } else if (answer.status >= 400 && !/"code":"[a-z_]+","message":/.test(answer.body) && !/"message"/.test(answer.body)) {
        failures.push(`no catalogue body ${label}: ${answer.status} ${answer.body.slice(0, 120)}`);
      }
    };

    // Sign-out last: it ends the sessions the sweep uses.
    const routes = [...API_ROUTES].sort(
      (a, b) => Number(a.path === '/login' && a.method === 'delete') - Number(b.path === '/login' && b.method === 'delete'),
    );
    const queue: (() => Promise<void>)[] = [];
    for (const route of routes) {
      const feature = FEATURE_OF.get(route);
      let names = featureNames.get(feature ?? '');
      if (!names) {
        names = new Set([...COMMON_NAMES, ...(feature ? fieldNames(join(adapterSrc, 'features', feature)) : [])]);
        featureNames.set(feature ?? '', names);
      }
      const unsafe = route.method !== 'get';
      const paths = route.path.includes('*path')
        ? [
            `studies/${study.study}/series`,
            'studies/%00/series',
            'studies/a%00b',
            'studies/%E0%A4%A/series',
            'studies/__proto__/series/constructor/instances',
            `studies/${'9'.repeat(5000)}`,
            'studies/../../../instances',
            `studies/${study.study}/series/${study.series}/instances/${study.instance}/frames/99999999999999`,
            `studies/${study.study}/series/${study.series}/instances/${study.instance}/frames/-1`,
            `studies/${study.study}/series/${study.series}/instances/${study.instance}/rendered`,
          ].map((tail) => route.path.replace('*path', tail))
        : [route.path];

      for (const who of SWEEP_USERS) {
        const session = users[who];
        const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
          ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
          'x-requested-with': 'XMLHttpRequest',
          ...extra,
        });
        const label = (what: string) => `${route.method.toUpperCase()} ${route.path} as ${who}: ${what}`;
        const all = [...names];
        const base = baseline();
        const baseQuery = Object.entries(base)
          .filter(([, value]) => typeof value === 'string')
          .map(([key, value]) => `${key}=${encodeURIComponent(value as string)}`);

        for (const path of paths) {
          // Every field at once, then each hostile value in one field among ordinary ones (as the
          // admin and the plain user: nobody is refused before any field is read).
          for (const value of QUERY_VALUES) {
            const query = all.map((name) => `${name}=${value}`).join('&');
            queue.push(() => check(label(`all query fields = ${value.slice(0, 40)}`), route.method, `${API}${path}?${query}`, headers()));
          }
          queue.push(() =>
            check(
              label('repeated and bracketed keys'),
              route.method,
              `${API}${path}?${all.map((n) => `${n}=a&${n}=b&${n}[x]=c`).join('&')}`,
              headers(),
            ),
          );
          for (const key of ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', '__proto__[polluted]', 'constructor.prototype']) {
            queue.push(() => check(label(`key ${key}`), route.method, `${API}${path}?${key}=x&orderby=${key}`, headers()));
          }
          if ((who === 'admin' || who === 'plain') && path === paths[0]) {
            for (const name of all) {
              for (const value of ONE_FIELD_QUERY_VALUES) {
                const query = [...baseQuery.filter((part) => !part.startsWith(`${name}=`)), `${name}=${value}`].join('&');
                queue.push(() => check(label(`query ${name}=${value.slice(0, 40)}`), route.method, `${API}${path}?${query}`, headers()));
              }
            }
          }
        }
        if (!unsafe) continue;

        for (const value of JSON_VALUES) {
          const body = jsonBody(
            {},
            all.map((name) => [name, value]),
          );
          if (body.length > 1_800_000) continue;
          queue.push(() =>
            check(
              label(`JSON all fields = ${value.slice(0, 40)}`),
              route.method,
              `${API}${route.path}`,
              headers({ 'content-type': 'application/json' }),
              body,
            ),
          );
        }
        if (who === 'admin' || who === 'plain') {
          for (const name of all) {
            for (const value of ONE_FIELD_JSON_VALUES) {
              const { [name]: _replaced, ...others } = base;
              const body = jsonBody(others, [[name, value]]);
              queue.push(() =>
                check(
                  label(`JSON ${name}=${value.slice(0, 40)}`),
                  route.method,
                  `${API}${route.path}`,
                  headers({ 'content-type': 'application/json' }),
                  body,
                ),
              );
            }
          }
          // Nested items: annotations, key images and images carry objects of their own.
          for (const value of JSON_VALUES) {
            const item = jsonBody(
              {},
              ['SeriesInstanceUID', 'SOPInstanceUID', 'Frame', 'Tool', 'Data'].map((key) => [key, value]),
            );
            const { items: _items, images: _images, ...others } = base;
            queue.push(() =>
              check(
                label(`JSON items[0] fields = ${value.slice(0, 40)}`),
                route.method,
                `${API}${route.path}`,
                headers({ 'content-type': 'application/json' }),
                jsonBody(others, [
                  ['items', `[${item}]`],
                  ['images', `[${item}]`],
                ]),
              ),
            );
          }
        }
        queue.push(() =>
          check(
            label('form with NUL in every field'),
            route.method,
            `${API}${route.path}`,
            headers({ 'content-type': 'application/x-www-form-urlencoded' }),
            all.map((n) => `${n}=a%00b`).join('&'),
          ),
        );
        queue.push(() =>
          check(
            label('form with bad escapes'),
            route.method,
            `${API}${route.path}`,
            headers({ 'content-type': 'application/x-www-form-urlencoded' }),
            all.map((n) => `${n}=%E0%A4%A`).join('&'),
          ),
        );
        queue.push(() =>
          check(label('malformed JSON'), route.method, `${API}${route.path}`, headers({ 'content-type': 'application/json' }), '{"a":'),
        );
        queue.push(() =>
          check(label('JSON array body'), route.method, `${API}${route.path}`, headers({ 'content-type': 'application/json' }), '[1,2,3]'),
        );
        queue.push(() =>
          check(label('JSON string body'), route.method, `${API}${route.path}`, headers({ 'content-type': 'application/json' }), '"x"'),
        );
        queue.push(() =>
          check(
            label('multipart cut short'),
            route.method,
            `${API}${route.path}`,
            headers({ 'content-type': 'multipart/form-data; boundary=zz' }),
            '--zz\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\nabc',
          ),
        );
      }
      // A cookie that cannot be decoded, and one with a token far too long.
      for (const cookie of [
        'pacs_sid=%E0%A4%A',
        'pacs_sid=%',
        `pacs_sid=${'%41'.repeat(3000)}`,
        'pacs_sid=a%00b',
        '__proto__=x; constructor=y',
      ]) {
        queue.push(() =>
          check(`${route.method.toUpperCase()} ${route.path} with cookie ${cookie.slice(0, 30)}`, route.method, `${API}${paths[0]}`, {
            cookie,
            'x-requested-with': 'XMLHttpRequest',
          }),
        );
      }
    }

    // Four at a time, in order: a route's requests finish before the next route's start mostly.
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < queue.length) await queue[next++]!();
      }),
    );

    const alive = await send('get', `${API}/product/info`, {});
    const pid = stack.adapterPid();
    let running = false;
    try {
      running = pid !== undefined && process.kill(pid, 0);
    } catch {
      running = false;
    }
    console.log(`bad-input sweep: ${sent} requests over ${API_ROUTES.length} routes, ${fiveHundreds} answered 5xx, ${dropped} dropped`);
    // One line per route, user and outcome, with a count and the first example.
    const kinds = new Map<string, { count: number; example: string }>();
    for (const failure of failures) {
      const kind = failure.split(': ')[0]!;
      const seen = kinds.get(kind);
      if (seen) seen.count++;
      else kinds.set(kind, { count: 1, example: failure.slice(kind.length + 2, kind.length + 200) });
    }
    for (const [kind, { count, example }] of kinds) console.log(`${count} × ${kind}: ${example}`);
    expect(failures.length, failures.slice(0, 40).join('\n')).toBe(0);
    expect(fiveHundreds).toBe(0);
    expect(dropped).toBe(0);
    expect(alive.status).toBe(200);
    expect(running).toBe(true);
  }, 1_800_000);
});
