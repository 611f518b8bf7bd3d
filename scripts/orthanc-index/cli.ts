/**
 * `npm run migrate:orthanc-index`: migrates the data folder's Orthanc index from SQLite into
 * PostgreSQL (migrate.ts), with the PACS stopped. Configured as `npm start` is (DATA_DIR, PG_PORT,
 * PG_USER, PG_DATABASE); the cluster is started on a free port for the while, then stopped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../adapter/src/config.ts';
import { ORTHANC_INDEX_DATABASE } from '../../adapter/src/db/databases.ts';
import { orthancFolders } from '../services/orthanc.ts';
import { startPostgres, type RunningPostgres } from '../services/postgres.ts';
import { freePort, pidIsAlive } from '../services/process.ts';
import { loadOrCreateSecrets } from '../services/secrets.ts';
import { MigrationError, migrateOrthancIndex } from './migrate.ts';
import { sqliteIndexFile } from './state.ts';

async function main(): Promise<void> {
  const base = loadConfig({ ...process.env, PG_PASSWORD: 'x', ORTHANC_PASSWORD: 'x' });
  const dataDir = base.dataDir;
  const orthancDir = join(dataDir, 'orthanc');
  if (!existsSync(join(dataDir, 'secrets.json')) || sqliteIndexFile(orthancDir) === undefined) {
    console.log(`${dataDir} has no SQLite index of Orthanc to migrate: nothing to do.`);
    return;
  }
  const running = [join(dataDir, 'postgres', 'postmaster.pid'), orthancFolders(orthancDir).pidFile, join(dataDir, 'run', 'adapter.pid')]
    .flatMap((file) => (existsSync(file) ? [Number(readFileSync(file, 'utf8').split('\n')[0])] : []))
    .some((pid) => pid > 0 && pidIsAlive(pid));
  if (running) throw new MigrationError(`A PACS is running on ${dataDir}: stop it (Ctrl-C) before migrating its index.`);

  const secrets = loadOrCreateSecrets(dataDir);
  const config = loadConfig({ ...process.env, PG_PASSWORD: secrets.pgPassword, ORTHANC_PASSWORD: secrets.orthancPassword });
  const logs = join(dataDir, 'logs');
  const pg = { host: '127.0.0.1', port: await freePort(), user: config.pg.user, password: config.pg.password };
  let postgres: RunningPostgres | undefined;
  try {
    postgres = await startPostgres({
      ...pg,
      dataDir: join(dataDir, 'postgres'),
      database: config.pg.database,
      moreDatabases: [ORTHANC_INDEX_DATABASE],
      logFile: join(logs, 'postgres.log'),
    });
    console.log(`Migrating Orthanc's index of ${dataDir} from SQLite into PostgreSQL…`);
    const result = await migrateOrthancIndex({
      orthancDir,
      pg,
      database: ORTHANC_INDEX_DATABASE,
      orthanc: { user: config.orthanc.user, password: config.orthanc.password, aet: config.dicomAet },
      logFile: join(logs, 'orthanc.log'),
    });
    const { patients, studies, series, instances } = result.after;
    console.log(
      `Done in ${result.seconds} s: ${patients} patients, ${studies} studies, ${series} series, ${instances} instances, ` +
        `the change log up to ${result.lastChange}. Orthanc counts the same as the SQLite index did.`,
    );
    console.log(`The old index is kept as ${result.keptAs}; delete it once the PACS runs well. Start with: npm start`);
  } finally {
    await postgres?.stop().catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  const known = error instanceof MigrationError || error instanceof ConfigError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
