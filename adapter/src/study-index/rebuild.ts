/**
 * `npm run index:rebuild`: rebuilds the whole study index from Orthanc alone (the adapter may be
 * running; its follower resumes after the new cursor). Configured like the adapter; under
 * `npm start` the passwords come from DATA_DIR/secrets.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { createPool } from '../db/pool.ts';
import { OrthancClient } from '../orthanc/client.ts';
import { ChangesFollower } from './follower.ts';

const dataDir = resolve(process.env.DATA_DIR ?? './.data');
const secretsFile = join(dataDir, 'secrets.json');
const secrets = existsSync(secretsFile)
  ? (JSON.parse(readFileSync(secretsFile, 'utf8')) as { pgPassword: string; orthancPassword: string })
  : undefined;
const config = loadConfig({
  PG_PASSWORD: secrets?.pgPassword,
  ORTHANC_PASSWORD: secrets?.orthancPassword,
  ...process.env,
});
const db = createPool(config.pg);
try {
  const follower = new ChangesFollower(new OrthancClient(config.orthanc.url, config.orthanc.user, config.orthanc.password), db);
  const who = await follower.rebuildOrHandOver();
  console.log(
    who === 'here' ? 'Rebuilt the study index from Orthanc.' : 'The running adapter is rebuilding the study index now (see its log).',
  );
} finally {
  await db.end();
}
