/**
 * The DICOM network against real peers (issue 15): DICOM users registered through the API are
 * pushed to Orthanc; with anonymous users off only they may store (dcmtk's storescu from a known
 * and an unknown AE title); echo reaches dcmtk's storescp and tells a closed port apart; the
 * node rules answer the spec's messages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  type DicomConnectionState,
  type DicomUser,
  type EchoResult,
  type PingResult,
  type Provider,
  type SendDestination,
} from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';
import { createReader } from '../harness/fixtures.ts';
import { freePort } from '../../scripts/services/process.ts';
import { holdAssociation } from '../harness/dicom-association.ts';

let stack: Stack;
let admin: Session;
let workDir: string;
let storescp: ChildProcess | undefined;
let storescpPort = 0;

beforeAll(async () => {
  stack = await startStack({ env: { MAX_DICOM_CONNECTIONS: '4' } });
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  workDir = mkdtempSync(join(tmpdir(), 'pacs-network-'));
  storescpPort = await freePort();
  storescp = spawn('storescp', ['-aet', 'REMOTE', '-od', workDir, String(storescpPort)], {
    stdio: 'ignore',
    env: { ...process.env, TCP_NODELAY: '1' },
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
});

afterAll(async () => {
  storescp?.kill();
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function orthanc<T>(path: string): Promise<T> {
  const { url, user, password } = stack.config.orthanc;
  const response = await fetch(`${url}${path}`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') },
  });
  return (await response.json()) as T;
}

/** Stores one tiny study as `callingAet`; whether Orthanc now holds it. */
async function storeAs(callingAet: string, seed: string): Promise<boolean> {
  const file = join(workDir, `${seed}.dcm`);
  writeFileSync(file, tinyStudy({ seed, patientName: 'Net^Test', patientId: seed }));
  await storeFiles([file], { port: stack.config.dicomPort, aet: stack.config.dicomAet, callingAet });
  const { url, user, password } = stack.config.orthanc;
  const response = await fetch(`${url}/tools/lookup`, {
    method: 'POST',
    body: tinyStudyUids(seed).study,
    headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') },
  });
  return ((await response.json()) as unknown[]).length > 0;
}

const provider = async (): Promise<Provider> => ((await admin.agent.get(`${API}/providers/all`).expect(200)).body as Provider[])[0]!;

async function setAnonymous(allow: boolean): Promise<void> {
  const current = await provider();
  await admin.agent
    .patch(`${API}/providers/update`)
    .set(admin.csrf)
    .type('form')
    .send({
      No: String(current.No),
      Name: current.Name,
      AETitle: current.AETitle,
      Port: String(current.Port),
      AllowAnonymousUsers: String(allow),
    })
    .expect(200);
}

describe('nodes', () => {
  it('has one provider: Orthanc’s AE title and port, open to anonymous users', async () => {
    expect(await provider()).toMatchObject({
      No: 1,
      AETitle: stack.config.dicomAet,
      Port: stack.config.dicomPort,
      AllowAnonymousUsers: true,
      user_items: [],
    });
    await admin.agent.post(`${API}/providers/create`).set(admin.csrf).type('form').send({ AETitle: 'X', Port: '1234' }).expect(409);
  });

  it('refuses bad node fields with the spec’s messages and a duplicate AE title', async () => {
    const base = { Provider: '1', Name: 'CT', AETitle: 'CT_ONE', IPAddress: '127.0.0.1', Port: '104' };
    const bad: [Record<string, string>, string, string][] = [
      [{ AETitle: 'CT\\ONE' }, 'AETitle', MESSAGES.invalid],
      [{ AETitle: 'A'.repeat(17) }, 'AETitle', MESSAGES.invalid],
      [{ AETitle: ' CT' }, 'AETitle', MESSAGES.invalid],
      [{ AETitle: '' }, 'AETitle', MESSAGES.required],
      [{ Port: '0' }, 'Port', MESSAGES.invalid],
      [{ Port: '70000' }, 'Port', MESSAGES.invalid],
      [{ IPAddress: '256.1.1.1' }, 'IPAddress', MESSAGES.invalid],
      [{ IPAddress: '10.0.0' }, 'IPAddress', MESSAGES.invalid],
    ];
    for (const [change, field, message] of bad) {
      const answer = await admin.agent
        .post(`${API}/users/create`)
        .set(admin.csrf)
        .type('form')
        .send({ ...base, ...change })
        .expect(400);
      expect(answer.body.fields, JSON.stringify(change)).toEqual({ [field]: message });
    }
    await admin.agent.post(`${API}/users/create`).set(admin.csrf).type('form').send(base).expect(200);
    const duplicate = await admin.agent
      .post(`${API}/users/create`)
      .set(admin.csrf)
      .type('form')
      .send({ ...base, AETitle: 'ct_one' })
      .expect(409);
    expect(duplicate.body.fields).toEqual({ AETitle: MESSAGES.already_exists });
    const destination = await admin.agent
      .post(`${API}/sendsettings/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Name: 'X', IPAddress: '1.2.3.4', Port: '104', CalledAETitle: 'A\\B', CallingAETitle: 'PACS' })
      .expect(400);
    expect(destination.body.fields).toEqual({ CalledAETitle: MESSAGES.invalid });
  });

  it('pushes DICOM users and send destinations to Orthanc as modalities, and removes them', async () => {
    const user = (
      await admin.agent
        .post(`${API}/users/create`)
        .set(admin.csrf)
        .type('form')
        .send({ Provider: '1', Name: 'MR', AETitle: 'MR_TWO', IPAddress: '127.0.0.1', Port: '11112' })
        .expect(200)
    ).body as DicomUser;
    const destination = (
      await admin.agent
        .post(`${API}/sendsettings/create`)
        .set(admin.csrf)
        .type('form')
        .send({ Name: 'Reading room', IPAddress: '127.0.0.1', Port: String(storescpPort), CalledAETitle: 'REMOTE', CallingAETitle: 'PACS' })
        .expect(200)
    ).body as SendDestination;
    const modalities = await orthanc<string[]>('/modalities');
    expect(modalities).toEqual(expect.arrayContaining([`pacs-user-${user.No}`, `pacs-dest-${destination.No}`]));
    const pushed = await orthanc<Record<string, unknown>>(`/modalities?expand`);
    expect(pushed[`pacs-user-${user.No}`]).toMatchObject({
      AET: 'MR_TWO',
      Host: '127.0.0.1',
      Port: 11112,
      AllowStore: true,
      AllowFind: true,
    });
    expect(pushed[`pacs-dest-${destination.No}`]).toMatchObject({ AET: 'REMOTE', AllowStore: false });

    expect((await admin.agent.get(`${API}/users/aetitles`).expect(200)).body).toEqual(expect.arrayContaining(['MR_TWO']));
    expect(((await provider()).user_items as DicomUser[]).map((item) => item.AETitle)).toContain('MR_TWO');

    await admin.agent.delete(`${API}/users/delete`).query({ no: user.No }).set(admin.csrf).expect(200);
    await admin.agent.delete(`${API}/sendsettings/delete`).query({ no: destination.No }).set(admin.csrf).expect(200);
    expect(await orthanc<string[]>('/modalities')).not.toEqual(expect.arrayContaining([`pacs-user-${user.No}`]));
    expect(await orthanc<string[]>('/modalities')).not.toEqual(expect.arrayContaining([`pacs-dest-${destination.No}`]));
  });

  it('lets only registered DICOM users store once anonymous users are off, and anyone again when on', async () => {
    await admin.agent
      .post(`${API}/users/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Provider: '1', Name: 'Modality', AETitle: 'KNOWN_CT', IPAddress: '127.0.0.1', Port: '104' })
      .expect(200);
    expect(await storeAs('STRANGER', 'net-open')).toBe(true);

    await setAnonymous(false);
    expect((await provider()).AllowAnonymousUsers).toBe(false);
    expect(await storeAs('STRANGER', 'net-closed-stranger')).toBe(false);
    expect(await storeAs('KNOWN_CT', 'net-closed-known')).toBe(true);

    await setAnonymous(true);
    expect(await storeAs('STRANGER', 'net-open-again')).toBe(true);
  });

  it('answers the AE title lookup to list readers only, and the node screens to administrators only', async () => {
    const reader = await createReader(admin, {
      id: 'net_reader',
      password: 'reader-pass-1',
      role: { name: 'Net reader', permissions: { list: true } },
    });
    void reader;
    const session = await signIn(stack.baseUrl, 'net_reader', 'reader-pass-1');
    await session.agent.get(`${API}/users/aetitles`).expect(200);
    await session.agent.get(`${API}/users/all`).expect(403);
    await session.agent.get(`${API}/providers/all`).expect(403);
    await session.agent
      .post(`${API}/dicomecho/request`)
      .set(session.csrf)
      .type('form')
      .send({ IPAddress: '127.0.0.1', Port: '104', CallingAETitle: 'A', CalledAETitle: 'B' })
      .expect(403);
  });
});

describe('DICOM connection limit', () => {
  it('refuses a DICOM user beyond the licence’s maximum, and the state shows who is connected', async () => {
    const create = (ae: string) =>
      admin.agent
        .post(`${API}/users/create`)
        .set(admin.csrf)
        .type('form')
        .send({ Provider: '1', Name: ae, AETitle: ae, IPAddress: '127.0.0.1', Port: '104' });
    const registered = ((await admin.agent.get(`${API}/users/all`).expect(200)).body as DicomUser[]).length;
    for (let i = registered; i < 4; i++) await create(`FILL_${i}`).expect(200);
    const refused = await create('ONE_TOO_MANY').expect(403);
    expect(refused.body).toMatchObject({
      code: 'dicom_connection_limit',
      message: 'You have already reached the maximum number of DICOM Connections.',
    });

    // An association held open by a registered user (read from Orthanc's log within a second).
    const held = await holdAssociation(stack.config.dicomPort, 'KNOWN_CT', stack.config.dicomAet);
    try {
      const read = async () => (await admin.agent.get(`${API}/dicomconnections/state`).expect(200)).body as DicomConnectionState;
      let state = await read();
      for (let i = 0; i < 60 && !state.Associations?.length; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        state = await read();
      }
      expect(state.Maximum).toBe(4);
      expect(state.Users).toHaveLength(4);
      expect(state.Associations).toEqual([{ AETitle: 'KNOWN_CT', RemoteAddress: '127.0.0.1', Since: expect.any(String) }]);
      expect(state.Users.filter((user) => user.Connected).map((user) => user.AETitle)).toEqual(['KNOWN_CT']);
    } finally {
      await held.release();
    }
    const reader = await signIn(stack.baseUrl, 'net_reader', 'reader-pass-1');
    await reader.agent.get(`${API}/dicomconnections/state`).expect(403);
  });
});

describe('echo and ping', () => {
  const echo = async (form: Record<string, string>): Promise<EchoResult> =>
    (await admin.agent.post(`${API}/dicomecho/request`).set(admin.csrf).type('form').send(form).expect(200)).body as EchoResult;

  it('echoes a running storescp, and tells a closed port apart', async () => {
    expect(await echo({ IPAddress: '127.0.0.1', Port: String(storescpPort), CallingAETitle: 'PACS', CalledAETitle: 'REMOTE' })).toEqual({
      TcpResult: true,
      Status: '0000',
      Message: 'Success',
    });
    const closed = await freePort();
    expect(await echo({ IPAddress: '127.0.0.1', Port: String(closed), CallingAETitle: 'PACS', CalledAETitle: 'REMOTE' })).toEqual({
      TcpResult: false,
      Status: 'Failure',
      Message: 'Failed to connect',
    });
  });

  it('refuses bad echo input before trying', async () => {
    const answer = await admin.agent
      .post(`${API}/dicomecho/request`)
      .set(admin.csrf)
      .type('form')
      .send({ IPAddress: '127.0.0.1', Port: '70000', CallingAETitle: 'PACS', CalledAETitle: 'REMOTE' })
      .expect(400);
    expect(answer.body.fields).toEqual({ Port: MESSAGES.invalid });
  });

  it('pings this machine three times and says how', async () => {
    const result = (
      await admin.agent.post(`${API}/ping/send`).set(admin.csrf).type('form').send({ IPAddress: '127.0.0.1', Count: '3' }).expect(200)
    ).body as PingResult;
    expect(result.IPAddress).toBe('127.0.0.1');
    expect(['icmp', 'tcp']).toContain(result.Method);
    expect(result.Replies).toHaveLength(3);
    for (const reply of result.Replies)
      expect(reply).toMatchObject({ Status: 'Success', Address: '127.0.0.1', RoundtripTime: expect.any(Number) });
    await admin.agent.post(`${API}/ping/send`).set(admin.csrf).type('form').send({ IPAddress: '256.0.0.1' }).expect(400);
  });
});
