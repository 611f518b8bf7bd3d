/**
 * The two commands (README, "Backup and restore"):
 *   npm run backup [-- <backup folder>] [--keep N]
 *       back up the PACS running on DATA_DIR (default ./.data) into a new folder of BACKUP_DIR
 *       (default ./backups); --keep (or BACKUP_KEEP) removes the oldest beyond N, 0 keeps all
 *   npm run restore -- <backup> [--data-dir DIR] [--force]
 *       restore a backup into a new data folder (default DATA_DIR, ./.data)
 * Configured like the adapter; the passwords come from DATA_DIR/secrets.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../adapter/src/config.ts';
import { takeBackup } from './take-backup.ts';
import { RestoreError, restoreBackup } from './restore-backup.ts';

class UsageError extends Error {}

interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
}

function parse(args: string[], withValue: string[], bare: string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (bare.includes(name) && inline === undefined) flags.set(name, true);
    else if (withValue.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined || value === '') throw new UsageError(`--${name} needs a value.`);
      flags.set(name, value);
    } else throw new UsageError(`Unknown option ${arg}.`);
  }
  return { positional, flags };
}

function keepFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,6}$/.test(value))
    throw new UsageError(`--keep / BACKUP_KEEP must be a whole number of backups, 0 to keep all (got "${value}").`);
  return Number(value);
}

function secretsOf(dataDir: string): { pgPassword?: string; orthancPassword?: string } {
  const file = join(dataDir, 'secrets.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { pgPassword: string; orthancPassword: string }) : {};
}

async function backup(args: string[]): Promise<void> {
  const { positional, flags } = parse(args, ['keep'], []);
  if (positional.length > 1) throw new UsageError('Name at most one backup folder.');
  const dataDir = resolve(process.env.DATA_DIR ?? './.data');
  if (!existsSync(join(dataDir, 'orthanc'))) throw new UsageError(`${dataDir} holds no PACS (no orthanc folder): set DATA_DIR.`);
  const secrets = secretsOf(dataDir);
  // The backup reads Orthanc's database and files, not its REST API: its password is not needed.
  const config = loadConfig({ PG_PASSWORD: secrets.pgPassword, ORTHANC_PASSWORD: secrets.orthancPassword ?? 'unused', ...process.env });
  const backupRoot = resolve(positional[0] ?? process.env.BACKUP_DIR ?? './backups');
  const keep = keepFrom((flags.get('keep') as string | undefined) ?? process.env.BACKUP_KEEP);
  console.log(`Backing up ${dataDir} into ${backupRoot}…`);
  const { dir, manifest, removed } = await takeBackup({ dataDir: config.dataDir, pg: config.pg, backupRoot, keep });
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const { storage } = manifest;
  console.log(`Backup written: ${dir}`);
  console.log(`  databases: ${manifest.databases.join(', ')}`);
  console.log(
    `  storage: ${storage.files} files (${mb(storage.bytes)}): ${storage.copied} copied (${mb(storage.copiedBytes)}), ` +
      `${storage.linked} linked from ${manifest.previous ?? 'no previous backup'}`,
  );
  if (manifest.missing.length > 0)
    console.log(`  ${manifest.missing.length} resource(s) deleted in Orthanc during the backup: the restore deletes them too`);
  for (const name of removed) console.log(`  removed the old backup ${name} (keeping ${keep})`);
  console.log(`  took ${manifest.seconds} s`);
}

async function restore(args: string[]): Promise<void> {
  const { positional, flags } = parse(args, ['data-dir'], ['force']);
  if (positional.length !== 1) throw new UsageError('Usage: npm run restore -- <backup folder> [--data-dir DIR] [--force]');
  const dataDir = resolve((flags.get('data-dir') as string | undefined) ?? process.env.DATA_DIR ?? './.data');
  // Only the names are needed here; the restore generates the data folder's passwords.
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PG_PASSWORD: 'x', ORTHANC_PASSWORD: 'x' });
  console.log(`Restoring ${positional[0]} into ${dataDir}…`);
  const result = await restoreBackup({
    backupDir: positional[0]!,
    dataDir,
    force: flags.get('force') === true,
    pgUser: config.pg.user,
    pgDatabase: config.pg.database,
    orthancUser: config.orthanc.user,
    dicomAet: config.dicomAet,
  });
  console.log(`Restored: ${result.studies} studies, ${result.instances} instances, ${result.files} files.`);
  if (result.deleted > 0) console.log(`  ${result.deleted} resource(s) deleted during the backup were deleted here too.`);
  console.log(
    result.index === 'rebuilt'
      ? '  Study index rebuilt from Orthanc.'
      : `  Study index caught up with Orthanc (${result.index.added} studies added, ${result.index.removed} removed).`,
  );
  const near = relative(process.cwd(), dataDir) || '.';
  const shown = near.startsWith('..') ? dataDir : near;
  console.log(`Start it with: DATA_DIR=${shown} npm start`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'backup') await backup(rest);
  else if (command === 'restore') await restore(rest);
  else throw new UsageError('Usage: cli.ts backup|restore …');
} catch (error) {
  if (error instanceof UsageError || error instanceof RestoreError || error instanceof ConfigError) console.error(error.message);
  else console.error(`${command === 'restore' ? 'Restore' : 'Backup'} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
