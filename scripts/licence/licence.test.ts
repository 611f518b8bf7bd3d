import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLicensed, parseLicenceFile, periodIncludes, type LicencePayload } from '@pacs/common';
import { generateKeyPair, issueLicence } from './issue.ts';
import { loadTrustedKeys, signingKey } from '../../adapter/src/features/licence/licence-keys.ts';

const payload: LicencePayload = {
  LicenseId: 'L-1',
  LicenseType: 'Trial',
  LicensedTo: 'St. Elsewhere',
  LicensePeriod: '2026/01/01-2026/12/31',
  SupportPeriod: '2026/01/01-9999/12/31',
  Distributor: { Name: 'Acme', Address: '', Email: '', Phone: '', Fax: '', Website: '' },
  MaxNumberOfStudy: 2,
  MaxNumberOfWebConnection: 0,
  MaxNumberOfDicomConnection: 0,
  MaxNumberOfSharedStudy: 0,
  MaxNumberOfCXR: -1,
  SerialNumber: '',
};

function keysFolder(...publicPems: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), 'licence-keys-'));
  publicPems.forEach((pem, index) => writeFileSync(join(folder, `k${index}.pem`), pem));
  writeFileSync(join(folder, 'notes.txt'), 'ignored');
  return folder;
}

describe('licence signatures', () => {
  const site = generateKeyPair();
  const other = generateKeyPair();

  it('verifies a licence issued with a trusted key, and names the key', () => {
    const keys = loadTrustedKeys(keysFolder(other.publicPem, site.publicPem));
    const file = parseLicenceFile(JSON.stringify(issueLicence(payload, site.privatePem)))!;
    expect(signingKey(file, keys)?.fingerprint).toBe(keys[1]!.fingerprint);
  });

  it('refuses a tampered payload, a foreign key and a broken signature', () => {
    const keys = loadTrustedKeys(keysFolder(site.publicPem));
    const file = issueLicence(payload, site.privatePem);
    expect(signingKey({ ...file, Payload: file.Payload.replace('"MaxNumberOfStudy":2', '"MaxNumberOfStudy":0') }, keys)).toBeUndefined();
    expect(signingKey(issueLicence(payload, other.privatePem), keys)).toBeUndefined();
    expect(signingKey({ ...file, Signature: 'AAAA' }, keys)).toBeUndefined();
  });

  it('refuses to sign a malformed payload', () => {
    expect(() => issueLicence({ ...payload, LicensePeriod: '2026/02/30-2026/12/31' }, site.privatePem)).toThrow(/LicensePeriod/);
  });
});

describe('licence validity (spec 3 §4)', () => {
  const day = (text: string) => new Date(`${text}T12:00:00Z`);
  it('holds inside the period, both ends included; 9999 never expires', () => {
    expect(periodIncludes('2026/01/01-2026/12/31', day('2026-01-01'))).toBe(true);
    expect(periodIncludes('2026/01/01-2026/12/31', day('2026-12-31'))).toBe(true);
    expect(periodIncludes('2026/01/01-2026/12/31', day('2027-01-01'))).toBe(false);
    expect(periodIncludes('2026/01/01-2026/12/31', day('2025-12-31'))).toBe(false);
    expect(periodIncludes('2026/01/01-9999/12/31', day('3000-01-01'))).toBe(true);
    expect(periodIncludes('nonsense', day('2026-06-01'))).toBe(false);
  });
  it('is licensed only when not Trial and both periods hold', () => {
    expect(isLicensed(payload, day('2026-06-01'))).toBe(false);
    expect(isLicensed({ ...payload, LicenseType: 'Academic' }, day('2026-06-01'))).toBe(true);
    expect(isLicensed({ ...payload, LicenseType: 'Academic', SupportPeriod: '2025/01/01-2025/12/31' }, day('2026-06-01'))).toBe(false);
  });
});
