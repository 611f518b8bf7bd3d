/** Licence files for tests: a site key pair in a temporary LICENCE_KEYS folder, and licences it signs. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LicencePayload } from '@pacs/common';
import { generateKeyPair, issueLicence } from '../../scripts/licence/issue.ts';

const ymd = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '/');

/** A period from `fromDays` to `toDays` days from today. */
export function periodAround(fromDays: number, toDays: number): string {
  const day = 86_400_000;
  return `${ymd(new Date(Date.now() + fromDays * day))}-${ymd(new Date(Date.now() + toDays * day))}`;
}

export interface LicenceIssuer {
  /** The folder to give the adapter as LICENCE_KEYS. */
  keysDir: string;
  /** A licence file's text, signed by the trusted key (or by `privatePem`). */
  issue(overrides?: Partial<LicencePayload>, privatePem?: string): string;
}

export function licenceIssuer(): LicenceIssuer {
  const pair = generateKeyPair();
  const keysDir = mkdtempSync(join(tmpdir(), 'pacs-licence-keys-'));
  writeFileSync(join(keysDir, 'site.pem'), pair.publicPem);
  return {
    keysDir,
    issue: (overrides = {}, privatePem = pair.privatePem) =>
      JSON.stringify(
        issueLicence(
          {
            LicenseId: 'TEST-0001',
            LicenseType: 'Trial',
            LicensedTo: 'St. Elsewhere Hospital',
            LicensePeriod: periodAround(-10, 20),
            SupportPeriod: periodAround(-10, 20),
            Distributor: {
              Name: 'Northwind Imaging',
              Address: '1 Harbour Road',
              Email: 'support@northwind.example',
              Phone: '+1 555 0100',
              Fax: '',
              Website: 'https://northwind.example',
            },
            MaxNumberOfStudy: 0,
            MaxNumberOfWebConnection: 0,
            MaxNumberOfDicomConnection: 0,
            MaxNumberOfSharedStudy: 0,
            MaxNumberOfCXR: -1,
            SerialNumber: 'SN-42',
            ...overrides,
          },
          privatePem,
        ),
      ),
  };
}
