/**
 * `npm run migrate:orthanc-index`: moves an older data folder's Orthanc index from SQLite into
 * PostgreSQL, row by row, with Orthanc stopped (docs/decisions.md, "Orthanc's index in PostgreSQL").
 *
 * Re-sending the stored files to a new Orthanc would lose what only the index knows: the calling AE
 * title of each instance (RemoteAET, which decides visibility), reception dates, the change log the
 * study index's cursor points into. So the rows themselves are copied: an Orthanc started once on the
 * empty database lets the PostgreSQL plugin create its schema; then, in one transaction, Debian's
 * sqlite3 streams each table of the old index as CSV into psql's \copy, and SQL moves the rows into
 * the plugin's tables, translating what the two back-ends spell differently (resource levels count
 * from 0 in the plugin, from 1 in SQLite). The plugin's triggers keep its counters (sizes, resource
 * counts, last change) as they do for Orthanc's own writes. Storage files stay where they are: the
 * index names them by the same UUIDs. Orthanc is then started on PostgreSQL and its /statistics is
 * compared with the SQLite counts; the old file is kept beside as `index.before-postgresql`.
 */
import { execFile } from 'node:child_process';
import { renameSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PgServer } from '../../adapter/src/db/databases.ts';
import { postgresBinDir } from '../services/postgres.ts';
import { startOrthanc, type RunningOrthanc } from '../services/orthanc.ts';
import { freePort } from '../services/process.ts';
import { postgresIndexState, sqliteIndexFile } from './state.ts';

const run = promisify(execFile);

/** The SQLite schema version Orthanc 1.10 writes (GlobalProperty 1). */
const SQLITE_SCHEMA = '6';
/** The suffix the old index file is kept under after a migration. */
export const KEPT_SUFFIX = '.before-postgresql';

export interface MigrationOptions {
  /** Orthanc's data folder (`<DATA_DIR>/orthanc`). */
  orthancDir: string;
  /** The product's cluster, running. */
  pg: PgServer;
  /** The database of Orthanc's index (ORTHANC_INDEX_DATABASE). */
  database: string;
  /** For the temporary Orthanc that creates the schema and checks the result. */
  orthanc: { user: string; password: string; aet: string };
  logFile: string;
}

export interface Counts {
  patients: number;
  studies: number;
  series: number;
  instances: number;
  diskSize: number;
}

export interface MigrationResult {
  before: Counts;
  after: Counts;
  lastChange: number;
  seconds: number;
  keptAs: string;
}

/** A problem the person migrating must fix (shown without a stack trace). */
export class MigrationError extends Error {}

/**
 * Each old table: the columns read from SQLite, the staging table's column types, and the statement
 * that moves the staged rows into the plugin's table. Parents before children (foreign keys).
 */
const TABLES: { sqlite: string; columns: string; staging: string; move: string }[] = [
  {
    sqlite: 'Resources',
    columns: 'internalId, resourceType, publicId, parentId',
    staging: 'internalid bigint, resourcetype int, publicid text, parentid bigint',
    // SQLite counts levels from 1 (Orthanc's ResourceType), the plugin from 0; patients first.
    move: `insert into resources (internalid, resourcetype, publicid, parentid)
             select internalid, resourcetype - 1, publicid, parentid from s_resources order by resourcetype, internalid`,
  },
  {
    sqlite: 'MainDicomTags',
    columns: 'id, tagGroup, tagElement, value',
    staging: 'id bigint, taggroup int, tagelement int, value text',
    move: 'insert into maindicomtags (id, taggroup, tagelement, value) select id, taggroup, tagelement, value from s_maindicomtags',
  },
  {
    sqlite: 'DicomIdentifiers',
    columns: 'id, tagGroup, tagElement, value',
    staging: 'id bigint, taggroup int, tagelement int, value text',
    move: 'insert into dicomidentifiers (id, taggroup, tagelement, value) select id, taggroup, tagelement, value from s_dicomidentifiers',
  },
  {
    sqlite: 'Metadata',
    columns: 'id, type, value',
    staging: 'id bigint, type int, value text',
    move: 'insert into metadata (id, type, value, revision) select id, type, value, 0 from s_metadata',
  },
  {
    sqlite: 'AttachedFiles',
    columns: 'id, fileType, uuid, compressedSize, uncompressedSize, compressionType, uncompressedMD5, compressedMD5',
    staging:
      'id bigint, filetype int, uuid text, compressedsize bigint, uncompressedsize bigint, compressiontype int, uncompressedmd5 text, compressedmd5 text',
    move: `insert into attachedfiles (id, filetype, uuid, compressedsize, uncompressedsize, compressiontype, uncompressedhash, compressedhash, revision)
             select id, filetype, uuid, compressedsize, uncompressedsize, compressiontype, uncompressedmd5, compressedmd5, 0 from s_attachedfiles`,
  },
  {
    sqlite: 'Changes',
    columns: 'seq, changeType, internalId, resourceType, date',
    staging: 'seq bigint, changetype int, internalid bigint, resourcetype int, date text',
    move: `insert into changes (seq, changetype, internalid, resourcetype, date)
             select seq, changetype, internalid, resourcetype - 1, date from s_changes order by seq`,
  },
  {
    sqlite: 'ExportedResources',
    columns: 'seq, resourceType, publicId, remoteModality, patientId, studyInstanceUid, seriesInstanceUid, sopInstanceUid, date',
    staging:
      'seq bigint, resourcetype int, publicid text, remotemodality text, patientid text, studyinstanceuid text, seriesinstanceuid text, sopinstanceuid text, date text',
    move: `insert into exportedresources (seq, resourcetype, publicid, remotemodality, patientid, studyinstanceuid, seriesinstanceuid, sopinstanceuid, date)
             select seq, resourcetype - 1, publicid, remotemodality, patientid, studyinstanceuid, seriesinstanceuid, sopinstanceuid, date
             from s_exportedresources order by seq`,
  },
  {
    // The plugin's trigger queued every patient as it was inserted; the old order (and the
    // protected patients, which are absent from it) replaces that.
    sqlite: 'PatientRecyclingOrder',
    columns: 'seq, patientId',
    staging: 'seq bigint, patientid bigint',
    move: `delete from patientrecyclingorder;
           insert into patientrecyclingorder (seq, patientid) select seq, patientid from s_patientrecyclingorder order by seq`,
  },
  {
    // Orthanc's own properties (modalities, peers, the anonymization counter); not the schema
    // version, the size-is-fast flag nor the values reserved to each back-end (4, 10–19).
    sqlite: 'GlobalProperties',
    columns: 'property, value',
    staging: 'property int, value text',
    move: `insert into globalproperties (property, value)
             select property, value from s_globalproperties where property not in (1, 4, 6) and property not between 10 and 19
             on conflict (property) do update set value = excluded.value`,
  },
  {
    // SQLite never reuses an id or a change number, even after deletions: neither may PostgreSQL,
    // or the study index's cursor would point past changes still to come.
    sqlite: 'sqlite_sequence',
    columns: 'name, seq',
    staging: 'name text, seq bigint',
    move: `select setval('resources_internalid_seq', greatest((select max(internalid) from resources), (select seq from s_sqlite_sequence where name = 'Resources'), 0) + 1, false);
           select setval('changes_seq_seq', greatest((select max(seq) from changes), (select seq from s_sqlite_sequence where name = 'Changes'), 0) + 1, false);
           select setval('exportedresources_seq_seq', greatest((select max(seq) from exportedresources), (select seq from s_sqlite_sequence where name = 'ExportedResources'), 0) + 1, false);
           select setval('patientrecyclingorder_seq_seq', greatest((select max(seq) from patientrecyclingorder), (select seq from s_sqlite_sequence where name = 'PatientRecyclingOrder'), 0) + 1, false);
           update globalintegers set value = greatest(value, (select seq from s_sqlite_sequence where name = 'Changes')) where key = 6`,
  },
];

/** The psql script: staging tables filled from sqlite3 by \copy, then moved, in one transaction. */
export function migrationScript(): string {
  const lines = ['\\set ON_ERROR_STOP on', 'begin;'];
  for (const table of TABLES) {
    const staging = `s_${table.sqlite.toLowerCase()}`;
    lines.push(`create temp table ${staging} (${table.staging}) on commit drop;`);
    // sqlite3's CSV quotes every text value ("" for an empty one) and leaves NULL unquoted and
    // empty, which is what PostgreSQL's CSV reads as NULL. The file's path comes from the environment.
    lines.push(
      `\\copy ${staging} from program 'sqlite3 -batch -csv "$ORTHANC_SQLITE_INDEX" "select ${table.columns} from ${table.sqlite}"' with (format csv)`,
    );
  }
  for (const table of TABLES) lines.push(`${table.move.replace(/\s+/g, ' ')};`);
  lines.push('commit;');
  return lines.join('\n') + '\n';
}

async function sqlite(file: string, sql: string): Promise<string> {
  try {
    return (await run('sqlite3', ['-batch', '-noheader', '-separator', '\t', file, sql], { maxBuffer: 1 << 20 })).stdout.trim();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') throw new MigrationError('sqlite3 is not installed: run scripts/ensure-system.sh');
    throw new MigrationError(`sqlite3 cannot read ${file}: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`);
  }
}

/** What the old index holds, counted by SQLite itself. */
async function sqliteCounts(file: string): Promise<Counts> {
  const out = await sqlite(
    file,
    `select (select count(*) from Resources where resourceType = 1), (select count(*) from Resources where resourceType = 2),
            (select count(*) from Resources where resourceType = 3), (select count(*) from Resources where resourceType = 4),
            (select coalesce(sum(compressedSize), 0) from AttachedFiles);`,
  );
  const [patients, studies, series, instances, diskSize] = out.split('\t').map(Number) as [number, number, number, number, number];
  return { patients, studies, series, instances, diskSize };
}

async function orthancCounts(orthanc: RunningOrthanc, user: string, password: string): Promise<{ counts: Counts; last: number }> {
  const headers = { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') };
  const statistics = (await (await fetch(`${orthanc.url}/statistics`, { headers })).json()) as Record<string, number | string>;
  const changes = (await (await fetch(`${orthanc.url}/changes?last`, { headers })).json()) as { Last: number };
  return {
    counts: {
      patients: Number(statistics.CountPatients),
      studies: Number(statistics.CountStudies),
      series: Number(statistics.CountSeries),
      instances: Number(statistics.CountInstances),
      diskSize: Number(statistics.TotalDiskSize),
    },
    last: changes.Last,
  };
}

/** A temporary Orthanc on the PostgreSQL index, on free ports (nothing reaches it but this script). */
async function withOrthanc<T>(options: MigrationOptions, body: (orthanc: RunningOrthanc) => Promise<T>): Promise<T> {
  const orthanc = await startOrthanc({
    dataDir: options.orthancDir,
    index: { kind: 'postgresql', ...options.pg, database: options.database },
    httpPort: await freePort(),
    dicomPort: await freePort(),
    aet: options.orthanc.aet,
    user: options.orthanc.user,
    password: options.orthanc.password,
    logFile: options.logFile,
    dicomServer: false,
  });
  try {
    return await body(orthanc);
  } finally {
    await orthanc.stop();
  }
}

export async function migrateOrthancIndex(options: MigrationOptions): Promise<MigrationResult> {
  const started = performance.now();
  const file = sqliteIndexFile(options.orthancDir);
  if (file === undefined) throw new MigrationError(`There is no SQLite index to migrate in ${options.orthancDir}: nothing to do.`);
  const state = await postgresIndexState(options.pg, options.database);
  if (state === 'filled') {
    throw new MigrationError(
      `Orthanc's PostgreSQL index (database "${options.database}") already holds resources: the migration only fills an empty one. ` +
        `Nothing was changed; ${file} is left as it is.`,
    );
  }
  const schema = await sqlite(file, 'select value from GlobalProperties where property = 1;');
  if (schema !== SQLITE_SCHEMA) {
    throw new MigrationError(
      `${file} has Orthanc's SQLite schema ${schema || '(none)'}; this migration reads schema ${SQLITE_SCHEMA} (Orthanc 1.10).`,
    );
  }
  const check = await sqlite(file, 'PRAGMA quick_check;');
  if (check !== 'ok') throw new MigrationError(`${file} fails SQLite's check, so it is not migrated: ${check.slice(0, 500)}`);
  const before = await sqliteCounts(file);

  // The plugin creates its tables when an Orthanc first opens the database.
  if (state === 'absent') await withOrthanc(options, async () => undefined);

  const psql = join(postgresBinDir(), 'psql');
  const args = ['-h', options.pg.host, '-p', String(options.pg.port), '-U', options.pg.user, '-d', options.database];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = execFile(
        psql,
        [...args, '--no-password', '--quiet', '--no-psqlrc', '-f', '-'],
        { env: { ...process.env, PGPASSWORD: options.pg.password, ORTHANC_SQLITE_INDEX: file }, maxBuffer: 16 << 20 },
        (error, _stdout, stderr) => (error ? reject(new Error(stderr.trim() || error.message)) : resolve()),
      );
      child.stdin!.end(migrationScript());
    });
  } catch (error) {
    throw new MigrationError(
      `Copying the index into PostgreSQL failed, and was rolled back (nothing changed): ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  const { counts: after, last } = await withOrthanc(options, (orthanc) =>
    orthancCounts(orthanc, options.orthanc.user, options.orthanc.password),
  );
  for (const key of Object.keys(before) as (keyof Counts)[]) {
    if (before[key] !== after[key]) {
      throw new MigrationError(
        `After the copy Orthanc counts ${after[key]} ${key} where the SQLite index held ${before[key]}. The SQLite index is left in place; ` +
          `empty the database "${options.database}" before trying again.`,
      );
    }
  }
  const keptAs = `${file}${KEPT_SUFFIX}`;
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, keptAs + suffix);
  return { before, after, lastChange: last, seconds: Math.round((performance.now() - started) / 100) / 10, keptAs };
}
