/**
 * The medical-device edition's product information (issue 19; spec 3 §2): with EDITION=md and a
 * licence whose manufacturer signed a Device member, GET /md/number answers the identification
 * with the licence's serial number, and GET /md/barcode a PNG GS1 DataMatrix that a real reader
 * (libdmtx's dmtxread) decodes to the UDI's element string, FNC1 first: (01)GTIN(21)serial.
 * Before a device licence, and for a number the licence does not name, both are 404.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MedicalDeviceNumbers } from '@pacs/common';
import { API, anonymous, signIn, type Session } from '../harness/api.ts';
import { licenceIssuer, type LicenceIssuer } from '../harness/licence.ts';
import { startStack, type Stack } from '../harness/stack.ts';

const DEVICE = {
  Class: 'IIa',
  CommonName: 'Medical image management system',
  SalesName: 'Open PACS MD',
  CertificationNumber: '306ADBZX00001000',
  DeviceIdentifiers: ['04912345678904', '04912345678911'],
};

let stack: Stack;
let admin: Session;
let issuer: LicenceIssuer;
let workDir: string;

beforeAll(async () => {
  issuer = licenceIssuer();
  workDir = mkdtempSync(join(tmpdir(), 'pacs-md-'));
  stack = await startStack({ env: { LICENCE_KEYS: issuer.keysDir, EDITION: 'md' } });
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
});

afterAll(async () => {
  await stack?.stop();
  rmSync(issuer.keysDir, { recursive: true, force: true });
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** What libdmtx reads from a PNG in GS1 mode, FNC1 written as '^'. */
function dmtxRead(png: Buffer): string {
  const file = join(workDir, `barcode-${Date.now()}.png`);
  writeFileSync(file, png);
  const run = spawnSync('dmtxread', ['-N1', '-m', '10000', '-G', '94', file], { encoding: 'latin1' });
  if (run.status !== 0) throw new Error(`dmtxread: ${run.stderr}`);
  return run.stdout;
}

describe('medical-device identification', () => {
  it('is 404 until a licence names the device, and public once it does', async () => {
    await anonymous(stack.baseUrl).get(`${API}/md/number`).expect(404);
    await admin.agent
      .post(`${API}/server/activate`)
      .set(admin.csrf)
      .type('form')
      .send({ License: issuer.issue({ Device: DEVICE, SerialNumber: 'SN-42', LicenseType: 'Professional' }) })
      .expect(200);
    const numbers = (await anonymous(stack.baseUrl).get(`${API}/md/number`).expect(200)).body as MedicalDeviceNumbers;
    expect(numbers).toEqual({ ...DEVICE, SerialNumber: 'SN-42' });
  });

  it('draws the UDI as a GS1 DataMatrix a barcode reader decodes', async () => {
    for (const di of DEVICE.DeviceIdentifiers) {
      const response = await anonymous(stack.baseUrl).get(`${API}/md/barcode`).query({ di }).buffer(true).expect(200);
      expect(response.headers['content-type']).toBe('image/png');
      // FNC1 first (a GS1 symbol, not plain text), then the element string: (01) is of fixed
      // length and (21) comes last, so no separator is needed.
      expect(dmtxRead(response.body as Buffer)).toBe(`^01${di}21SN-42`);
    }
  });

  it('refuses a number the licence does not name, and a device identifier with a wrong check digit', async () => {
    await anonymous(stack.baseUrl).get(`${API}/md/barcode`).query({ di: '04912345678928' }).expect(404);
    await anonymous(stack.baseUrl).get(`${API}/md/barcode`).expect(400);
    // The issuing command refuses to sign a wrong check digit (the adapter checks the same rule again).
    expect(() => issuer.issue({ Device: { ...DEVICE, DeviceIdentifiers: ['04912345678905'] } })).toThrow('GTIN-14');
  });
});
