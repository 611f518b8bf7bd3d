/**
 * Licences against the real stack (issue 19): without a licence the site is unlimited; a signed
 * Trial licence is reported by /service/info; tampered, foreign, malformed and expired files are
 * refused with their reason; the licence's study limit refuses a new study by browser import and
 * by C-STORE (dcmtk's storescu) once reached, not before; its web-connection limit refuses a sign-in.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, LICENCE_MESSAGES, type ServiceInfo } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, login, anonymous, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';
import { waitForIndexedStudies } from '../harness/fixtures.ts';
import { licenceIssuer, periodAround } from '../harness/licence.ts';
import { generateKeyPair } from '../../scripts/licence/issue.ts';

const issuer = licenceIssuer();
let stack: Stack;
let admin: Session;
let workDir: string;

beforeAll(async () => {
  stack = await startStack({ env: { LICENCE_KEYS: issuer.keysDir } });
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  workDir = mkdtempSync(join(tmpdir(), 'pacs-licence-'));
});

afterAll(async () => {
  await stack?.stop();
  for (const dir of [workDir, issuer.keysDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const info = async (): Promise<ServiceInfo> => (await admin.agent.get(`${API}/service/info`).expect(200)).body as ServiceInfo;
const activate = (text: string) => admin.agent.post(`${API}/server/activate`).set(admin.csrf).type('form').send({ License: text });

function studyFile(seed: string): string {
  const file = join(workDir, `${seed}.dcm`);
  writeFileSync(file, tinyStudy({ seed, patientName: 'Limit^Test', patientId: seed }));
  return file;
}

async function inOrthanc(seed: string): Promise<boolean> {
  const { url, user, password } = stack.config.orthanc;
  const response = await fetch(`${url}/tools/lookup`, {
    method: 'POST',
    body: tinyStudyUids(seed).study,
    headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') },
  }).catch(() => null); // Orthanc restarting (the store gate moving)
  return response !== null && ((await response.json()) as unknown[]).length > 0;
}

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('without a licence', () => {
  it('runs unlimited and says so', async () => {
    const { LicenseStatus, DatabaseStatus } = await info();
    expect(LicenseStatus).toMatchObject({
      IsEmpty: true,
      LicenseType: '',
      MaxNumberOfStudy: 0,
      MaxNumberOfWebConnection: 0,
      MaxNumberOfDicomConnection: 0,
      MaxNumberOfSharedStudy: 0,
      MaxNumberOfCXR: -1,
    });
    expect(DatabaseStatus).toMatchObject({ Database: 'PostgreSQL', NumberOfStudies: 0, AcceptingStudies: true });
    expect(DatabaseStatus.NumberOfAccounts).toBeGreaterThan(0);
  });

  it('answers /service/info to signed-in users only, and activation to admins only', async () => {
    await anonymous(stack.baseUrl).get(`${API}/service/info`).expect(401);
    await anonymous(stack.baseUrl).post(`${API}/server/activate`).set('X-Requested-With', 'XMLHttpRequest').send({}).expect(401);
  });
});

describe('activation', () => {
  it('refuses a tampered, foreign, malformed or expired licence with its reason', async () => {
    const good = JSON.parse(issuer.issue({ MaxNumberOfStudy: 5 })) as { Payload: string };
    const tampered = JSON.stringify({ ...good, Payload: good.Payload.replace('"MaxNumberOfStudy":5', '"MaxNumberOfStudy":0') });
    const cases: [string, string][] = [
      [tampered, LICENCE_MESSAGES.signature],
      [issuer.issue({}, generateKeyPair().privatePem), LICENCE_MESSAGES.signature],
      ['not a licence', LICENCE_MESSAGES.format],
      [JSON.stringify({ ...good, Format: 'other/1' }), LICENCE_MESSAGES.format],
      [issuer.issue({ LicensePeriod: periodAround(-40, -1) }), LICENCE_MESSAGES.period],
      [issuer.issue({ LicensePeriod: periodAround(2, 40) }), LICENCE_MESSAGES.period],
    ];
    for (const [text, message] of cases) {
      const response = await activate(text).expect(400);
      expect(response.body).toMatchObject({ code: 'licence_refused', message });
    }
    await activate('').expect(400);
    expect((await info()).LicenseStatus.IsEmpty).toBe(true);
  });

  it('installs a Trial licence and reports it (spec 3 §3 Server info)', async () => {
    const response = await activate(issuer.issue({ MaxNumberOfStudy: 2, MaxNumberOfWebConnection: 3 })).expect(200);
    const { LicenseStatus } = response.body as ServiceInfo;
    expect(LicenseStatus).toMatchObject({
      IsEmpty: false,
      LicenseId: 'TEST-0001',
      LicenseType: 'Trial',
      LicensedTo: 'St. Elsewhere Hospital',
      MaxNumberOfStudy: 2,
      MaxNumberOfWebConnection: 3,
      LicenseValid: true,
      SupportValid: true,
      Licensed: false,
      Distributor: { Name: 'Northwind Imaging', Email: 'support@northwind.example' },
    });
    expect((await info()).LicenseStatus.LicenseType).toBe('Trial');
  });
});

describe('limits of the licence', () => {
  it('refuses a study beyond the limit by import and by C-STORE, never the ones before', async () => {
    // Study 1 by C-STORE, study 2 by import: both within the limit of 2.
    expect((await storeFiles([studyFile('lic-a')], { port: stack.config.dicomPort, aet: stack.config.dicomAet })).failed).toEqual([]);
    const second = await admin.agent.post(`${API}/import/files`).set(admin.csrf).attach('files', studyFile('lic-b'), 'b.dcm').expect(200);
    expect(second.body.Files[0]).toMatchObject({ Status: 'Success' });
    await waitForIndexedStudies(stack, [tinyStudyUids('lic-a').study, tinyStudyUids('lic-b').study]);

    // A third study by import is refused with the spec's message.
    const third = await admin.agent.post(`${API}/import/files`).set(admin.csrf).attach('files', studyFile('lic-c'), 'c.dcm').expect(200);
    expect(third.body.Files[0]).toMatchObject({ Status: 'Failed', Message: ERRORS.study_limit.message });
    expect(await inOrthanc('lic-c')).toBe(false);

    // The adapter closes DICOM stores; then storescu's third study is refused and not stored.
    await until('stores to close', async () => !(await info()).DatabaseStatus.AcceptingStudies);
    await until('Orthanc to listen again', async () => (await fetch(`${stack.config.orthanc.url}/system`).catch(() => null)) !== null);
    const refused = await storeFiles([studyFile('lic-d')], { port: stack.config.dicomPort, aet: stack.config.dicomAet });
    expect(refused.sent).toBe(0);
    expect(await inOrthanc('lic-d')).toBe(false);
    expect(await inOrthanc('lic-a')).toBe(true);
    expect(await inOrthanc('lic-b')).toBe(true);
  });

  it('takes the limit away with an unlimited licence: stores open again', async () => {
    await activate(issuer.issue({ LicenseId: 'TEST-0002', LicenseType: 'Professional', MaxNumberOfWebConnection: 2 })).expect(200);
    await until('stores to open', async () => (await info()).DatabaseStatus.AcceptingStudies);
    await until('Orthanc to take the store', async () => {
      await storeFiles([studyFile('lic-e')], { port: stack.config.dicomPort, aet: stack.config.dicomAet });
      return inOrthanc('lic-e');
    });
  });

  it('refuses a sign-in beyond the web connections', async () => {
    // The admin's session is the first; one more fits, the third is refused.
    await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
    const response = await login(anonymous(stack.baseUrl), stack.adminId, stack.adminPassword).expect(429);
    expect(response.body.message).toBe(ERRORS.web_connection_limit.message);
  });
});
