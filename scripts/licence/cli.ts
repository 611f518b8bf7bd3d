/**
 * npm run licence -- keygen <folder>
 *   writes <folder>/licence-private.pem (keep it secret: it issues licences) and
 *   <folder>/licence-public.pem (copy it into the site's LICENCE_KEYS folder).
 * npm run licence -- issue --key <private.pem> --type Trial|Demonstration|Academic|Professional
 *   --to <licensed to> --period YYYY/MM/DD-YYYY/MM/DD [--support <period>] [--id <licence id>]
 *   [--studies N] [--web N] [--dicom N] [--shares N] [--cxr N|-1] [--serial S]
 *   [--distributor <name>] [--distributor-email ..] [--distributor-phone ..] [--distributor-fax ..]
 *   [--distributor-address ..] [--distributor-website ..] [--out <file>]
 *   prints (or writes) the signed licence file. Limits: 0 = unlimited (the default).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { LicencePayload, LicenceType } from '@pacs/common';
import { generateKeyPair, issueLicence } from './issue.ts';

const [command, ...rest] = process.argv.slice(2);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

if (command === 'keygen') {
  const folder = rest[0] ?? fail('Usage: npm run licence -- keygen <folder>');
  mkdirSync(folder, { recursive: true });
  const privateFile = join(folder, 'licence-private.pem');
  if (existsSync(privateFile)) fail(`${privateFile} exists: refusing to overwrite a signing key.`);
  const pair = generateKeyPair();
  writeFileSync(privateFile, pair.privatePem, { mode: 0o600 });
  writeFileSync(join(folder, 'licence-public.pem'), pair.publicPem);
  process.stdout.write(`Wrote ${privateFile} (secret) and ${join(folder, 'licence-public.pem')} (give it to the sites).\n`);
} else if (command === 'issue') {
  const { values } = parseArgs({
    args: rest,
    options: Object.fromEntries(
      [
        'key',
        'type',
        'to',
        'period',
        'support',
        'id',
        'studies',
        'web',
        'dicom',
        'shares',
        'cxr',
        'serial',
        'out',
        'distributor',
        'distributor-email',
        'distributor-phone',
        'distributor-fax',
        'distributor-address',
        'distributor-website',
        'device-class',
        'device-common-name',
        'device-sales-name',
        'device-certification',
        'device-di',
      ].map((name) => [name, { type: 'string' as const }]),
    ),
  });
  const text = (name: string): string => values[name] ?? '';
  const count = (name: string, fallback: number): number => {
    const value = values[name];
    if (value === undefined) return fallback;
    if (!/^-?\d+$/.test(value)) fail(`--${name} must be a whole number.`);
    return Number(value);
  };
  if (!values.key) fail('--key <private.pem> is required.');
  const payload: LicencePayload = {
    LicenseId: text('id') || randomUUID(),
    LicenseType: text('type') as LicenceType,
    LicensedTo: text('to'),
    LicensePeriod: text('period'),
    SupportPeriod: text('support') || text('period'),
    Distributor: {
      Name: text('distributor'),
      Address: text('distributor-address'),
      Email: text('distributor-email'),
      Phone: text('distributor-phone'),
      Fax: text('distributor-fax'),
      Website: text('distributor-website'),
    },
    MaxNumberOfStudy: count('studies', 0),
    MaxNumberOfWebConnection: count('web', 0),
    MaxNumberOfDicomConnection: count('dicom', 0),
    MaxNumberOfSharedStudy: count('shares', 0),
    MaxNumberOfCXR: count('cxr', -1),
    SerialNumber: text('serial'),
  };
  // Medical-device editions: the identification the about page shows (common/src/devices.ts).
  if (values['device-di'] !== undefined) {
    payload.Device = {
      Class: text('device-class'),
      CommonName: text('device-common-name'),
      SalesName: text('device-sales-name'),
      CertificationNumber: text('device-certification'),
      DeviceIdentifiers: text('device-di')
        .split(',')
        .map((id) => id.trim()),
    };
  }
  let file;
  try {
    file = issueLicence(payload, readFileSync(values.key, 'utf8'));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const output = `${JSON.stringify(file, null, 2)}\n`;
  if (values.out) {
    writeFileSync(values.out, output);
    process.stdout.write(`Wrote licence ${payload.LicenseId} to ${values.out}\n`);
  } else process.stdout.write(output);
} else {
  fail('Usage: npm run licence -- keygen <folder> | issue --key <private.pem> --type <type> --to <name> --period <period> [...]');
}
