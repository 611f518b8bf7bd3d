/**
 * `npm start`: PostgreSQL and Orthanc as private child processes with their data under DATA_DIR,
 * then the adapter in this process. Ctrl-C (or SIGTERM) stops the adapter, then Orthanc, then
 * PostgreSQL, each waited for. A second start reuses the data.
 */
import { mkdirSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../adapter/src/config.ts';
import { startAdapter, type RunningAdapter } from '../adapter/src/server.ts';
import { startPostgres, type RunningPostgres } from './services/postgres.ts';
import { startOrthanc, type RunningOrthanc } from './services/orthanc.ts';
import { loadOrCreateSecrets } from './services/secrets.ts';

const env = { ...process.env };
let config;
try {
  // Validate what the user set before touching anything; the secrets come next.
  config = loadConfig({ ...env, PG_PASSWORD: 'x', ORTHANC_PASSWORD: 'x' });
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

mkdirSync(config.dataDir, { recursive: true });
chmodSync(config.dataDir, 0o711);
const logs = join(config.dataDir, 'logs');
mkdirSync(logs, { recursive: true });
const secrets = loadOrCreateSecrets(config.dataDir);
config = loadConfig({ ...env, PG_PASSWORD: secrets.pgPassword, ORTHANC_PASSWORD: secrets.orthancPassword });

let postgres: RunningPostgres | undefined;
let orthanc: RunningOrthanc | undefined;
let adapter: RunningAdapter | undefined;
let stopping = false;

async function stop(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  console.log('\nStopping…');
  await adapter?.close().catch((error: unknown) => console.error('adapter:', error));
  await orthanc?.stop().catch((error: unknown) => console.error('Orthanc:', error));
  await postgres?.stop().catch((error: unknown) => console.error('PostgreSQL:', error));
  console.log('Stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  console.log(`Data folder: ${config.dataDir}`);
  postgres = await startPostgres({
    dataDir: join(config.dataDir, 'postgres'),
    port: config.pg.port,
    user: config.pg.user,
    password: config.pg.password,
    database: config.pg.database,
    logFile: join(logs, 'postgres.log'),
  });
  console.log(`PostgreSQL  127.0.0.1:${config.pg.port}`);
  orthanc = await startOrthanc({
    dataDir: join(config.dataDir, 'orthanc'),
    httpPort: Number(new URL(config.orthanc.url).port),
    dicomPort: config.dicomPort,
    aet: config.dicomAet,
    user: config.orthanc.user,
    password: config.orthanc.password,
    logFile: join(logs, 'orthanc.log'),
  });
  console.log(`Orthanc     ${config.orthanc.url} (loopback), DICOM ${config.dicomAet}@${config.dicomPort}`);
  adapter = await startAdapter(config);

  const url = `${adapter.url}/viewer/`;
  console.log(`\nThe PACS is running: ${url}`);
  const admin = adapter.firstStart.admin;
  if (admin?.generated) {
    console.log(`Sign in as "${admin.id}" with the password ${admin.password}`);
    console.log('This password is shown only once: write it down, then change it under your profile.');
  } else if (admin) {
    console.log(`Sign in as "${admin.id}" with the password from ADMIN_PASSWORD.`);
  } else {
    console.log('Sign in with your account. Press Ctrl-C to stop.');
  }
} catch (error) {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
