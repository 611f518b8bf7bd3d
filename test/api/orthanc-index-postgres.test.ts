/**
 * Orthanc's index in PostgreSQL (issue 18, "Archive scale"): the settings its database gets, and
 * parallel stores. The plugin runs
 * serializable transactions whose triggers update shared counter rows, so two stores at once
 * collide and Orthanc replays the loser. Four associations at once, two of them filling the same
 * series (a modality that splits a series over several associations), must lose nothing: every
 * C-STORE answered with success, Orthanc's counts exact, and the study index equal to them.
 * Real storescu, real Orthanc, real PostgreSQL.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyItem } from '@pacs/common';
import { API, signIn, type Session } from '../harness/api.ts';
import { orthancStatistics, storeFilesInParallel, tinyInstance } from '../harness/dicom.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { uuidUid } from '../../scripts/demo/generate-ct.ts';
import { ORTHANC_INDEX_DATABASE } from '../../adapter/src/db/databases.ts';

const PER_LIST = 150;

let stack: Stack;
let admin: Session;
let dir: string;

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  dir = mkdtempSync(join(tmpdir(), 'pacs-parallel-'));
});
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await stack?.stop();
});

/** `PER_LIST` tiny instances of series `series` (instance numbers from `first`) in a folder of their own. */
function instances(list: string, patient: string, series: string, first: number): string[] {
  const folder = join(dir, list);
  mkdirSync(folder);
  return Array.from({ length: PER_LIST }, (_, i) => {
    const file = join(folder, `${i}.dcm`);
    writeFileSync(
      file,
      tinyInstance({
        patientId: patient,
        patientName: `Parallel^${patient}`,
        studyUid: uuidUid('parallel', `study-${series}`),
        seriesUid: uuidUid('parallel', `series-${series}`),
        sopUid: uuidUid('parallel', `${series}-${first + i}`),
        seriesNumber: 1,
        instanceNumber: first + i + 1,
      }),
    );
    return file;
  });
}

describe('the settings of the cluster and its databases', () => {
  it('give Orthanc’s index the durability of its SQLite index and leave the product’s database fully durable', async () => {
    const rows = await stack.sql<{ datname: string; setconfig: string[] | null }>(
      `select d.datname, s.setconfig from pg_database d
         left join pg_db_role_setting s on s.setdatabase = d.oid and s.setrole = 0
        where d.datname in ($1, $2) order by d.datname`,
      [ORTHANC_INDEX_DATABASE, stack.config.pg.database],
    );
    const settings = Object.fromEntries(rows.map((row) => [row.datname, row.setconfig ?? []]));
    expect(settings[ORTHANC_INDEX_DATABASE]).toEqual(['synchronous_commit=off']);
    expect(settings[stack.config.pg.database]).toEqual([]);
  });
});

describe('four associations storing at once', () => {
  it('store every instance, two of them into the same series, and the index lists them all', async () => {
    const lists = [
      instances('a', 'PAR1', 'one', 0),
      instances('b', 'PAR1', 'one', PER_LIST),
      instances('c', 'PAR2', 'two', 0),
      instances('d', 'PAR3', 'three', 0),
    ];
    const results = await storeFilesInParallel(lists, { port: stack.config.dicomPort, callingAet: 'MODALITY' });
    expect(results.flatMap((result) => result.failed)).toEqual([]);
    expect(results.map((result) => result.sent)).toEqual(lists.map((list) => list.length));

    const counts = await orthancStatistics(stack.config);
    expect(counts).toMatchObject({ CountStudies: 3, CountSeries: 3, CountInstances: 4 * PER_LIST });

    // How often Orthanc had to replay a store (PostgreSQL logs each refused transaction; Orthanc
    // does not): a figure for the record, not a limit. None with one index connection.
    const log = readFileSync(join(stack.dataDir, 'postgres.log'), 'utf8');
    console.log(`transactions refused and replayed: ${log.split('\n').filter((line) => /could not serialize/.test(line)).length}`);

    const deadline = Date.now() + 60_000;
    for (;;) {
      const response = await admin.agent.get(`${API}/studies/search`).query({ limit: 100 });
      expect(response.status).toBe(200);
      const items = response.body.Items as StudyItem[];
      const byPatient = Object.fromEntries(items.map((item) => [item.PatientID, item.NumberOfStudyRelatedInstances]));
      if (items.length === 3 && byPatient.PAR1 === 2 * PER_LIST && byPatient.PAR2 === PER_LIST && byPatient.PAR3 === PER_LIST) break;
      if (Date.now() > deadline) throw new Error(`the index never matched Orthanc: ${JSON.stringify(byPatient)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });
});
