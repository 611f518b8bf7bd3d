/**
 * The cost of recording who sent each instance on the DICOM front's drain path (one statement
 * per instance, before it is posted to Orthanc): the former row per instance (upserted, pruned
 * after 30 days) against one row per series (first sender wins, kept), on a private PostgreSQL
 * holding both shapes. Run alone:
 *   node --import tsx bench/front-senders.ts [--instances=3000 --per-series=300]
 * Never asserted; figures go to docs/decisions.md by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPostgres } from '../scripts/services/postgres.ts';
import { freePort } from '../scripts/services/process.ts';
import { recordSender } from '../adapter/src/features/dicom-front/dicom-front.sql.ts';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((each) => each.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const instances = arg('instances', 3000);
const perSeries = arg('per-series', 300);
const dir = mkdtempSync(join(tmpdir(), 'front-senders-'));
const port = await freePort();
const postgres = await startPostgres({
  dataDir: join(dir, 'pg'),
  port,
  user: 'bench',
  password: 'bench-password',
  database: 'bench',
  logFile: join(dir, 'postgres.log'),
  ephemeral: false,
});
const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'bench', password: 'bench-password', database: 'bench', max: 3 });
try {
  // The former shape (migration dicom_front_senders), its statement as it was.
  await pool.query(`create table per_instance (sop_instance_uid text not null, study_instance_uid text not null,
    series_instance_uid text not null, patient_id text not null, ae_title text not null,
    received_at timestamptz not null default now(),
    primary key (sop_instance_uid, study_instance_uid, series_instance_uid, patient_id))`);
  await pool.query(`create index on per_instance (received_at)`);
  await pool.query(`create table dicom_front_senders (patient_id text not null, study_instance_uid text not null,
    series_instance_uid text not null, ae_title text not null, received_at timestamptz not null default now(),
    primary key (series_instance_uid, study_instance_uid, patient_id))`);
  const identity = (i: number) => ({
    sopInstanceUid: `1.2.826.0.1.3680043.10.99.${i}`,
    studyUid: `1.2.826.0.1.3680043.10.98.${Math.floor(i / (perSeries * 4))}`,
    seriesUid: `1.2.826.0.1.3680043.10.97.${Math.floor(i / perSeries)}`,
    patientId: 'BENCH',
    callingAet: 'BENCH_AE',
  });
  const formerly = async (i: number) => {
    const id = identity(i);
    await pool.query(
      `insert into per_instance (sop_instance_uid, study_instance_uid, series_instance_uid, patient_id, ae_title)
       values ($1, $2, $3, $4, $5)
       on conflict (sop_instance_uid, study_instance_uid, series_instance_uid, patient_id)
       do update set ae_title = excluded.ae_title, received_at = now()`,
      [id.sopInstanceUid, id.studyUid, id.seriesUid, id.patientId, id.callingAet],
    );
  };
  const now = (i: number) => recordSender(pool, identity(i));
  const time = async (run: (i: number) => Promise<void>, offset: number) => {
    const started = performance.now();
    // Three at a time, as the drain hands files over when no association is open.
    for (let i = 0; i < instances; i += 3) await Promise.all([0, 1, 2].map((k) => run(offset + i + k)));
    return (performance.now() - started) / instances;
  };
  for (let round = 1; round <= 3; round++) {
    const per = await time(formerly, round * instances);
    const series = await time(now, round * instances);
    console.log(
      `front-senders round ${round}, ${instances} instances in series of ${perSeries}: ` +
        `row per instance ${(per * 1000).toFixed(0)} µs/instance, row per series ${(series * 1000).toFixed(0)} µs/instance`,
    );
  }
  const sizes = await pool.query<{ name: string; size: string }>(
    `select relname as name, pg_size_pretty(pg_total_relation_size(oid)) as size from pg_class where relname in ('per_instance', 'dicom_front_senders')`,
  );
  console.log(`front-senders table sizes after ${3 * instances} instances: ${sizes.rows.map((r) => `${r.name} ${r.size}`).join(', ')}`);
} finally {
  await pool.end();
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
