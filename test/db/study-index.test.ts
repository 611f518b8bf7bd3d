/**
 * The study index's own rules (002_study_index.sql, 008_index_integrity.sql,
 * 010_sign_in_throttle.sql): a study takes its series, instances and favourites with it, twins
 * may share a UID but not an Orthanc id, and every deleted study is logged for the heartbeat.
 */
import { describe, expect, it } from 'vitest';
import type { DbClient } from '../../adapter/src/db/pool.ts';
import { count, insertAccount, insertInstitution, insertRole, insertStudy, refusal, withRollback } from '../harness/db.ts';

/** A series with one instance under `study`; the series' id. */
async function insertSeries(client: DbClient, study: number, seed: string): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `insert into series (study_id, orthanc_id, series_instance_uid) values ($1, $2, $3) returning id`,
    [study, `orthanc-series-${seed}`, `2.25.series.${seed}`],
  );
  await client.query(`insert into instances (series_id, orthanc_id, sop_instance_uid) values ($1, $2, $3)`, [
    rows[0]!.id,
    `orthanc-instance-${seed}`,
    `2.25.instance.${seed}`,
  ]);
  return rows[0]!.id;
}

describe('studies, series and instances', () => {
  it('removes a study’s series and their instances with it, and nothing of another study', () =>
    withRollback(async (client) => {
      const gone = await insertStudy(client, 'idx-1');
      const kept = await insertStudy(client, 'idx-2');
      await insertSeries(client, gone, 'idx-1a');
      await insertSeries(client, gone, 'idx-1b');
      await insertSeries(client, kept, 'idx-2a');
      await client.query('delete from studies where id = $1', [gone]);
      expect(await count(client, 'select count(*) as n from series where study_id = $1', [gone])).toBe(0);
      expect(await count(client, `select count(*) as n from instances where orthanc_id like 'orthanc-instance-idx-1%'`)).toBe(0);
      expect(await count(client, `select count(*) as n from instances where orthanc_id = 'orthanc-instance-idx-2a'`)).toBe(1);
    }));

  it('refuses a series of a study that is not indexed', () =>
    withRollback(async (client) => {
      expect(
        await refusal(client, `insert into series (study_id, orthanc_id, series_instance_uid) values (-1, 'orphan', '2.25.9')`),
      ).toMatchObject({ code: '23503', constraint: 'series_study_id_fkey' });
    }));

  it('accepts twins (one StudyInstanceUID, two Orthanc studies) and refuses one Orthanc id twice', () =>
    withRollback(async (client) => {
      await insertStudy(client, 'twin-a', { uid: '2.25.4242', patientId: 'P-A' });
      await insertStudy(client, 'twin-b', { uid: '2.25.4242', patientId: 'P-B' });
      expect(await count(client, `select count(*) as n from studies where study_instance_uid = '2.25.4242'`)).toBe(2);
      expect(
        await refusal(client, `insert into studies (orthanc_id, study_instance_uid) values ('orthanc-twin-a', '2.25.4343')`),
      ).toMatchObject({ code: '23505', constraint: 'studies_orthanc_id_key' });
      const study = await insertStudy(client, 'twin-c');
      await insertSeries(client, study, 'twin-c');
      expect(
        await refusal(client, `insert into series (study_id, orthanc_id, series_instance_uid) values ($1, 'orthanc-series-twin-c', 'x')`, [
          study,
        ]),
      ).toMatchObject({ code: '23505', constraint: 'series_orthanc_id_key' });
    }));

  it('starts a study empty: report status Empty, no counts, no modalities, no note', () =>
    withRollback(async (client) => {
      const study = await insertStudy(client, 'idx-defaults');
      const { rows } = await client.query(
        'select report_status, number_of_series, number_of_instances, file_size, modalities_in_study, note from studies where id = $1',
        [study],
      );
      expect(rows[0]).toEqual({
        report_status: 'Empty',
        number_of_series: 0,
        number_of_instances: 0,
        file_size: 0,
        modalities_in_study: [],
        note: '',
      });
    }));

  it('keeps one /changes cursor row, id 1', () =>
    withRollback(async (client) => {
      await client.query('delete from orthanc_changes_cursor');
      await client.query('insert into orthanc_changes_cursor (id, last_seq) values (1, 0)');
      expect(await refusal(client, 'insert into orthanc_changes_cursor (id, last_seq) values (2, 0)')).toMatchObject({
        code: '23514',
        constraint: 'orthanc_changes_cursor_id_check',
      });
      expect(await refusal(client, 'insert into orthanc_changes_cursor (id, last_seq) values (1, 5)')).toMatchObject({
        code: '23505',
        constraint: 'orthanc_changes_cursor_pkey',
      });
    }));
});

describe('favourites', () => {
  it('holds a study once per account, and goes with the study', () =>
    withRollback(async (client) => {
      const role = await insertRole(client, await insertInstitution(client, 30), 'Readers');
      await insertAccount(client, 'fan', role);
      await insertAccount(client, 'other-fan', role);
      const study = await insertStudy(client, 'fav-1');
      await client.query(`insert into study_favorites (account_id, study_id) values ('fan', $1), ('other-fan', $1)`, [study]);
      expect(await refusal(client, `insert into study_favorites (account_id, study_id) values ('fan', $1)`, [study])).toMatchObject({
        code: '23505',
        constraint: 'study_favorites_pkey',
      });
      await client.query('delete from studies where id = $1', [study]);
      expect(await count(client, 'select count(*) as n from study_favorites where study_id = $1', [study])).toBe(0);
    }));
});

describe('study deletions log (trigger log_study_deletions)', () => {
  it('records each deleted study with its row as it was, one log row per study of the statement', () =>
    withRollback(async (client) => {
      await insertStudy(client, 'del-1', { patientId: 'DEL' });
      await insertStudy(client, 'del-2', { patientId: 'DEL' });
      await insertStudy(client, 'del-kept', { patientId: 'KEPT' });
      await client.query(`delete from studies where patient_id = 'DEL'`);
      const { rows } = await client.query<{ study: Record<string, unknown> }>(
        `select study from study_deletions where study->>'patient_id' in ('DEL', 'KEPT') order by study->>'orthanc_id'`,
      );
      expect(rows.map((row) => row.study.orthanc_id)).toEqual(['orthanc-del-1', 'orthanc-del-2']);
      expect(rows[0]!.study).toMatchObject({ study_instance_uid: '2.25.del-1', patient_id: 'DEL', patient_name: 'Patient^del-1' });
    }));

  it('logs nothing for an update, nor for a delete that matches no study', () =>
    withRollback(async (client) => {
      const study = await insertStudy(client, 'del-none');
      const before = await count(client, 'select count(*) as n from study_deletions');
      await client.query(`update studies set note = 'changed' where id = $1`, [study]);
      await client.query(`delete from studies where orthanc_id = 'no-such-study'`);
      expect(await count(client, 'select count(*) as n from study_deletions')).toBe(before);
    }));

  it('forgets deletions older than a day when the next study is deleted', () =>
    withRollback(async (client) => {
      await client.query(`insert into study_deletions (deleted_at, study) values (now() - interval '25 hours', '{"orthanc_id": "stale"}')`);
      await client.query(
        `insert into study_deletions (deleted_at, study) values (now() - interval '23 hours', '{"orthanc_id": "recent"}')`,
      );
      await insertStudy(client, 'del-trigger');
      await client.query(`delete from studies where orthanc_id = 'orthanc-del-trigger'`);
      const { rows } = await client.query<{ id: string }>(`select study->>'orthanc_id' as id from study_deletions order by id`);
      const ids = rows.map((row) => row.id);
      expect(ids).not.toContain('stale');
      expect(ids).toContain('recent');
      expect(ids).toContain('orthanc-del-trigger');
    }));
});
