/**
 * Orthanc's internal DICOM port behind the front receiver (docs/decisions.md "Orthanc's internal
 * DICOM port: TLS with the front's certificate only"): Orthanc 1.10 listens there on every
 * interface and, behind the front, does not check a DICOM user's address. Against real dcmtk
 * peers and a real Orthanc: a plain association there with a registered user's AE title (from an
 * address the user is not registered at) is refused, and so is TLS with a certificate that is not
 * the product's; with the product's pair it is answered (what the front does). Through the public
 * port a registered user's C-FIND and C-MOVE (Orthanc's sub-operations to a plain storescp) work.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { findStudies, storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';
import { waitForIndexedStudies } from '../harness/fixtures.ts';
import { setAnonymousUsers, startStorescp } from '../harness/network.ts';
import { freePort } from '../../scripts/services/process.ts';
import { internalTlsFiles } from '../../adapter/src/features/dicom-front/internal-tls.ts';

let stack: Stack;
let admin: Session;
let dir: string;
let storescp: ChildProcess | undefined;
let storescpPort: number;

function addUser(name: string, address: string, port: number) {
  return admin.agent
    .post(`${API}/users/create`)
    .set(admin.csrf)
    .type('form')
    .send({ Provider: '1', Name: name, AETitle: name, IPAddress: address, Port: String(port) })
    .expect(200);
}

beforeAll(async () => {
  stack = await startStack({ env: { DICOM_FRONT: 'on' }, adapter: 'child' });
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  dir = mkdtempSync(join(tmpdir(), 'pacs-internal-tls-'));
  const file = join(dir, 'study.dcm');
  writeFileSync(file, tinyStudy({ seed: 'internal-tls', patientName: 'Internal^Tls', patientId: 'INTERNAL_TLS' }));
  await storeFiles([file], { port: stack.config.dicomPort });
  await waitForIndexedStudies(stack, [tinyStudyUids('internal-tls').study]);
  storescpPort = await freePort();
  // INTERNAL_FAR is registered from another machine: what someone on the network who knows its AE title would use.
  await addUser('INTERNAL_FAR', '10.9.9.9', 104);
  await addUser('INTERNAL_NEAR', '127.0.0.1', storescpPort);
  await setAnonymousUsers(admin, false);
}, 180_000);

afterAll(async () => {
  storescp?.kill();
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("Orthanc's internal DICOM port", () => {
  it('refuses a plain association with a registered AE title', async () => {
    const port = stack.config.dicomFront.internalPort;
    const find = await findStudies({ port }, 'INTERNAL_FAR');
    expect(find.status, find.stderr).not.toBe(0);
    expect(find.stderr).not.toMatch(/Find Response: 1 \(Pending\)/);
    const echo = spawnSync('echoscu', ['-aet', 'INTERNAL_FAR', '-aec', 'PACS', '127.0.0.1', String(port)], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(echo.status, echo.stderr).not.toBe(0);
  });

  it("refuses TLS with a certificate that is not the product's, and without one", () => {
    const key = join(dir, 'other-key.pem');
    const cert = join(dir, 'other-cert.pem');
    // prettier-ignore
    const made = spawnSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=pacs-internal-dicom', '-keyout', key, '-out', cert,
    ], { encoding: 'utf8' });
    expect(made.status, made.stderr).toBe(0);
    const port = String(stack.config.dicomFront.internalPort);
    const product = internalTlsFiles(stack.config.dicomFront.tlsDir);
    // Our side trusts the server (-ic, or its own certificate): only Orthanc's refusal can fail it.
    const foreign = spawnSync('echoscu', ['+tls', key, cert, '-ic', '-aet', 'INTERNAL_FAR', '-aec', 'PACS', '127.0.0.1', port], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(foreign.status, foreign.stderr).not.toBe(0);
    const anonymous = spawnSync('echoscu', ['+tla', '+cf', product.certFile, '-aet', 'INTERNAL_FAR', '-aec', 'PACS', '127.0.0.1', port], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(anonymous.status, anonymous.stderr).not.toBe(0);
    // The product's own pair is answered: the port is open to the front, and the refusals above are the certificate's.
    const own = spawnSync(
      'echoscu',
      ['+tls', product.keyFile, product.certFile, '+cf', product.certFile, '-aet', 'INTERNAL_FAR', '-aec', 'PACS', '127.0.0.1', port],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(own.status, own.stderr).toBe(0);
  });
});

describe('the public port (the front)', () => {
  it("pipes a registered user's C-FIND and C-MOVE; Orthanc's sub-operations stay plain", async () => {
    const port = stack.config.dicomPort;
    const find = await findStudies({ port }, 'INTERNAL_NEAR');
    expect(find.status, find.stderr).toBe(0);
    expect(find.stderr).toMatch(/Find Response: 1 \(Pending\)/);
    // The same AE title from the wrong address is refused by the front.
    const far = await findStudies({ port }, 'INTERNAL_FAR');
    expect(far.status).not.toBe(0);

    const received = join(dir, 'received');
    rmSync(received, { recursive: true, force: true });
    spawnSync('mkdir', ['-p', received]);
    storescp = await startStorescp(['-aet', 'INTERNAL_NEAR', '-od', received], storescpPort);
    const move = spawnSync(
      'movescu',
      [
        '-S',
        '-aet',
        'INTERNAL_NEAR',
        '-aec',
        'PACS',
        '-aem',
        'INTERNAL_NEAR',
        '-k',
        'QueryRetrieveLevel=STUDY',
        '-k',
        `StudyInstanceUID=${tinyStudyUids('internal-tls').study}`,
        '127.0.0.1',
        String(port),
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(move.status, move.stderr).toBe(0);
    expect(readdirSync(received).length).toBe(1);
  });
});
