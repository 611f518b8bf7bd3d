/**
 * Hostile input, case by case (issue 13): the requests its list names — NUL bytes, bad %-escapes,
 * `constructor` and `__proto__` as keys, dates and numbers out of range, JSON nested 5,000 deep —
 * each answered 400 with the catalogue's message, and the ordinary request beside it still
 * served. The sweep of every route with such values is bad-input-sweep.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../harness/api.ts';
import { nested, startBadInputStack, SWEEP_STUDY, type Answer, type BadInputStack } from '../harness/bad-input.ts';

let sweep: BadInputStack;
/** Cookie and CSRF header per user; nobody has neither. */
let users: BadInputStack['users'];
let documentId = 1;
const study = SWEEP_STUDY;
const send: BadInputStack['send'] = (...args) => sweep.send(...args);

beforeAll(async () => {
  sweep = await startBadInputStack();
  ({ users, documentId } = sweep);
}, 180_000);
afterAll(async () => {
  await sweep?.stop();
});

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
