/**
 * The adapter keeps running when Orthanc or PostgreSQL goes away, answers 503 with a clear
 * message meanwhile, and recovers by itself when they return — no restart of the adapter.
 * Orthanc's own index is in PostgreSQL: while PostgreSQL is down Orthanc answers 503 too, and it
 * reconnects by itself when PostgreSQL returns — no restart of Orthanc either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { anonymous, API, signIn, type Session } from '../harness/api.ts';
import { orthancStatistics } from '../harness/dicom.ts';
import { storeTinyStudies } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;
beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
});
afterAll(async () => {
  await stack?.stop();
});

/** Polls until the heartbeat answers the wanted status; the health cache lives one second. */
async function heartbeatUntil(status: number): Promise<{ status: number; body: unknown }> {
  let last = { status: 0, body: undefined as unknown };
  for (let i = 0; i < 50; i++) {
    const response = await admin.agent.get(`${API}/server/heartbeat`).query({ key: 'study' });
    last = { status: response.status, body: response.body };
    if (response.status === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return last;
}

/** /state reports what the health cache knows; it refreshes within a second. */
async function stateUntil(service: 'Orthanc' | 'Database', wanted: 'up' | 'down'): Promise<string> {
  let last = '';
  for (let i = 0; i < 20 && last !== wanted; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    last = (await anonymous(stack.baseUrl).get(`${API}/state`).expect(200)).body[service];
  }
  return last;
}

describe('Orthanc stops and returns', () => {
  it('answers 503 orthanc_unavailable while Orthanc is down, and 200 again after it restarts', async () => {
    expect((await heartbeatUntil(200)).status).toBe(200);
    await stack.stopOrthanc();

    const down = await heartbeatUntil(503);
    expect(down).toEqual({ status: 503, body: { status: 503, code: 'orthanc_unavailable', message: ERRORS.orthanc_unavailable.message } });
    expect(await stateUntil('Orthanc', 'down')).toBe('down');
    // Everything that does not need Orthanc keeps working.
    await admin.agent.get(`${API}/service/settings`).expect(200);

    await stack.startOrthanc();
    expect((await heartbeatUntil(200)).status).toBe(200);
    expect(await stateUntil('Orthanc', 'up')).toBe('up');
  });
});

describe('PostgreSQL stops and returns', () => {
  it('answers 503 database_unavailable while PostgreSQL is down and recovers with the same session, Orthanc reconnecting by itself', async () => {
    await stack.stopPostgres();
    // A session seen in the last two seconds is still known from memory; then the outage shows.
    let response = await admin.agent.get(`${API}/accounts/signed`);
    for (let i = 0; i < 30 && response.status !== 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      response = await admin.agent.get(`${API}/accounts/signed`);
    }
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ status: 503, code: 'database_unavailable', message: ERRORS.database_unavailable.message });
    const login = await anonymous(stack.baseUrl)
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ Id: 'admin', Password: stack.adminPassword });
    expect(login.status).toBe(503);
    expect(await stateUntil('Database', 'down')).toBe('down');
    // Orthanc's index is in the same PostgreSQL: Orthanc keeps running but answers 503, and the
    // adapter reports it down rather than waiting on it.
    const { url, user, password } = stack.config.orthanc;
    const orthanc = await fetch(`${url}/statistics`, {
      headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') },
      // Orthanc answers once its connection retries are spent: up to 10 × 2 s (orthanc.jsonc).
      signal: AbortSignal.timeout(45_000),
    });
    expect(orthanc.status).toBe(503);
    expect(await stateUntil('Orthanc', 'down')).toBe('down');

    await stack.startPostgres();
    // The pool replaces its dead connections on the next queries.
    let recovered = 0;
    for (let i = 0; i < 30 && recovered !== 200; i++) {
      recovered = (await admin.agent.get(`${API}/accounts/signed`)).status;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(200);
    // The same Orthanc process reconnected to its index: it is up again and stores what arrives.
    expect(await stateUntil('Orthanc', 'up')).toBe('up');
    await storeTinyStudies(stack, admin, [{ seed: 'resilience-after-pg', patientName: 'After^Outage', patientId: 'R1' }]);
    expect((await orthancStatistics(stack.config)).CountStudies).toBe(1);
  });
});
