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
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../harness/stack.ts';
import { API } from '../harness/api.ts';
import {
  JSON_VALUES,
  jsonBody,
  ONE_FIELD_JSON_VALUES,
  ONE_FIELD_QUERY_VALUES,
  QUERY_VALUES,
  startBadInputStack,
  SWEEP_PASSWORD as PASSWORD,
  SWEEP_STUDY,
  type BadInputStack,
} from '../harness/bad-input.ts';
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
import { statisticsRoutes } from '../../adapter/src/features/statistics/statistics.routes.ts';
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
  [statisticsRoutes, 'statistics'],
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

let sweep: BadInputStack;
let stack: Stack;
/** Cookie and CSRF header per user; nobody has neither. */
let users: BadInputStack['users'];
let documentId = 1;
let plainRole = 1;
const study = SWEEP_STUDY;
const send: BadInputStack['send'] = (...args) => sweep.send(...args);

beforeAll(async () => {
  sweep = await startBadInputStack();
  ({ stack, users, documentId, plainRole } = sweep);
}, 180_000);
afterAll(async () => {
  await sweep?.stop();
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

const SWEEP_USERS = ['admin', 'plain', 'radiologist', 'nobody'] as const;

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
