/**
 * The recycle bin's rules in the schema and the index's recount (015_trash.sql,
 * study-index.sql.ts `recount`): counts leave out what is in the bin, rows whose every instance is
 * in the bin stay for the bin to restore, and a run's kind is one of three.
 */
import { describe, expect, it } from 'vitest';
import type { DbClient } from '../../adapter/src/db/pool.ts';
import { recount } from '../../adapter/src/study-index/study-index.sql.ts';
import { count, insertStudy, refusal, withRollback } from '../harness/db.ts';

/** A series of `modality` with `instances` instances of 100 bytes under `study`; the series' id. */
async function insertSeries(client: DbClient, study: number, seed: string, modality: string, instances: number): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `insert into series (study_id, orthanc_id, series_instance_uid, modality) values ($1, $2, $3, $4) returning id`,
    [study, `orthanc-series-${seed}`, `2.25.series.${seed}`, modality],
  );
  for (let i = 0; i < instances; i++)
    await client.query(`insert into instances (series_id, orthanc_id, sop_instance_uid, file_size) values ($1, $2, $3, 100)`, [
      rows[0]!.id,
      `orthanc-instance-${seed}-${i}`,
      `2.25.instance.${seed}.${i}`,
    ]);
  return rows[0]!.id;
}

async function studyRow(client: DbClient, id: number) {
  const { rows } = await client.query(
    'select number_of_series, number_of_instances, file_size::int, modalities_in_study from studies where id = $1',
    [id],
  );
  return rows[0];
}

describe('recycle bin in the index', () => {
  it('counts a study without its series and instances in the bin, and keeps their rows', () =>
    withRollback(async (client) => {
      const study = await insertStudy(client, 'bin-1');
      const ct = await insertSeries(client, study, 'bin-1-ct', 'CT', 3);
      const mr = await insertSeries(client, study, 'bin-1-mr', 'MR', 2);
      await recount(client, new Set([ct, mr]), new Set([study]));
      expect(await studyRow(client, study)).toEqual({
        number_of_series: 2,
        number_of_instances: 5,
        file_size: 500,
        modalities_in_study: ['CT', 'MR'],
      });

      await client.query('update series set trashed_at = now() where id = $1', [mr]);
      await client.query(`update instances set trashed_at = now() where orthanc_id = 'orthanc-instance-bin-1-ct-0'`);
      await recount(client, new Set([ct, mr]), new Set([study]));
      expect(await studyRow(client, study)).toEqual({
        number_of_series: 1,
        number_of_instances: 2,
        file_size: 200,
        modalities_in_study: ['CT'],
      });
      expect(
        await count(client, 'select count(*) as n from instances i join series s on s.id = i.series_id where s.study_id = $1', [study]),
      ).toBe(5);

      // Every instance of the CT series in the bin: the series counts none, the rows stay.
      await client.query('update instances set trashed_at = now() where series_id = $1', [ct]);
      await recount(client, new Set([ct]), new Set([study]));
      expect(await studyRow(client, study)).toEqual({ number_of_series: 0, number_of_instances: 0, file_size: 0, modalities_in_study: [] });
      expect(await count(client, 'select count(*) as n from series where study_id = $1', [study])).toBe(2);
    }));

  it('removes a series and a study only when no instance row is left', () =>
    withRollback(async (client) => {
      const study = await insertStudy(client, 'bin-2');
      const series = await insertSeries(client, study, 'bin-2-ct', 'CT', 1);
      await client.query('delete from instances where series_id = $1', [series]);
      await recount(client, new Set([series]), new Set([study]));
      expect(await count(client, 'select count(*) as n from studies where id = $1', [study])).toBe(0);
    }));

  it('knows three kinds of delete run, and keeps rows when a run row goes', () =>
    withRollback(async (client) => {
      expect(await refusal(client, `insert into trash_delete_runs (trigger) values ('cron')`)).toMatchObject({
        code: '23514',
        constraint: 'trash_delete_runs_trigger_check',
      });
      const { rows } = await client.query<{ no: number }>(`insert into trash_delete_runs (trigger) values ('manual') returning no`);
      const study = await insertStudy(client, 'bin-3');
      await client.query('update studies set deleting_at = now(), delete_run = $1 where id = $2', [rows[0]!.no, study]);
      await client.query('delete from trash_delete_runs where no = $1', [rows[0]!.no]);
      expect(
        await count(client, 'select count(*) as n from studies where id = $1 and delete_run is null and deleting_at is not null', [study]),
      ).toBe(1);
    }));
});
