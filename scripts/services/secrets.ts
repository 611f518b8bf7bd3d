/**
 * Passwords between the adapter and its private services (PostgreSQL, Orthanc's REST API) are
 * generated on first start and kept in DATA_DIR/secrets.json, readable by the owner only.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export interface Secrets {
  pgPassword: string;
  orthancPassword: string;
}

export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secrets: Secrets = {
    pgPassword: randomBytes(24).toString('base64url'),
    orthancPassword: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}
