/**
 * `npm run audit:verify`: recomputes the audit log's hash chain and names the first record that
 * was changed, removed or inserted behind the adapter's back. Exit code 0 when the chain holds, 1
 * when it is broken, 2 when the database cannot be read. Configured like the adapter; under
 * `npm start` the password comes from DATA_DIR/secrets.json. Prints the head hash: noted
 * somewhere else (a ticket, the syslog collector), it also reveals a rewrite of the whole chain.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../config.ts';
import { createPool } from '../../db/pool.ts';
import { verifyChain } from './audit.service.ts';

const dataDir = resolve(process.env.DATA_DIR ?? './.data');
const secretsFile = join(dataDir, 'secrets.json');
const secrets = existsSync(secretsFile) ? (JSON.parse(readFileSync(secretsFile, 'utf8')) as { pgPassword: string }) : undefined;
const config = loadConfig({ PG_PASSWORD: secrets?.pgPassword, ORTHANC_PASSWORD: 'unused', ...process.env });
const db = createPool(config.pg);
try {
  const report = await verifyChain(db);
  if (report.Ok) {
    console.log(`Audit log chain holds: ${report.Checked} record(s) checked. Head: ${report.Head ?? '(empty log)'}`);
  } else {
    console.log(`Audit log chain BROKEN at record ${report.FirstBroken}: ${report.Problem} (${report.Checked} record(s) before it hold).`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Audit log not checked: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  await db.end();
}
