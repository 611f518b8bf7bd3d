/**
 * Putting an instance in the bin while the index writes its study (the follower, an edit's
 * re-read): both take the study's row first (study-index.sql.ts lockStudiesOf), so one waits for the
 * other. Taken the other way round, PostgreSQL found a deadlock and failed the delete with a 500.
 * The rows here are committed, on two connections of their own, and deleted afterwards.
 */
import { afterAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPool } from '../../adapter/src/db/pool.ts';
import { applyMarks } from '../../adapter/src/features/trash/trash.service.ts';
import { insertStudy } from '../harness/db.ts';

const db = createPool(inject('pacsDb'));
afterAll(() => db.end());

it('marks an instance while the index holds its study, without a deadlock: the delete waits, then both commit', async () => {
  const seed = 'trash-locks';
  const setup = await db.connect();
  let study: number;
  let instance: number;
  try {
    study = await insertStudy(setup, seed);
    const { rows: series } = await setup.query<{ id: number }>(
      `insert into series (study_id, orthanc_id, series_instance_uid, modality) values ($1, $2, $3, 'CT') returning id`,
      [study, `orthanc-series-${seed}`, `2.25.series.${seed}`],
    );
    const { rows: instances } = await setup.query<{ id: number }>(
      `insert into instances (series_id, orthanc_id, sop_instance_uid, file_size) values ($1, $2, $3, 100) returning id`,
      [series[0]!.id, `orthanc-instance-${seed}`, `2.25.instance.${seed}`],
    );
    instance = instances[0]!.id;
  } finally {
    setup.release();
  }

  const writer = await db.connect();
  const bin = await db.connect();
  try {
    // The index's writer: the study's row first (its upsert), its instances later.
    await writer.query('begin');
    await writer.query('update studies set updated_at = now() where id = $1', [study]);

    const { rows } = await bin.query<{ pid: number }>('select pg_backend_pid() as pid');
    await bin.query('begin');
    const marking = applyMarks(bin, { studies: new Set(), series: new Set(), instances: new Set([instance]) }, 'admin').then(
      async (result) => {
        await bin.query('commit');
        return result;
      },
    );
    // The delete waits on a lock (the study's, when it takes the writer's order).
    for (let i = 0; i < 100; i++) {
      const { rows: waiting } = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`,
        [rows[0]!.pid],
      );
      if (waiting[0]!.n === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // The writer goes on to the instance, as writeBatch does, and commits.
    await writer.query('update instances set file_size = 200 where id = $1', [instance]);
    await writer.query('commit');

    expect(await marking).toMatchObject({ Instances: 1 });
    const { rows: after } = await db.query<{ file_size: number; trashed: boolean }>(
      'select file_size, trashed_at is not null as trashed from instances where id = $1',
      [instance],
    );
    expect(after[0]).toEqual({ file_size: 200, trashed: true });
  } finally {
    await writer.query('rollback').catch(() => undefined);
    await bin.query('rollback').catch(() => undefined);
    writer.release();
    bin.release();
    await db.query('delete from studies where id = $1', [study]);
  }
});
