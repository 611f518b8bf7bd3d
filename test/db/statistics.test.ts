/**
 * The statistics facts the triggers of 024_statistics.sql write: added bytes per modality once,
 * a deleted study, series or instance counted once whatever the cascade does, a resized file as
 * its difference, studies per modality by arrival and by StudyDate, shares by the creator's
 * institution, and web connections.
 */
import { describe, expect, it } from 'vitest';
import type { DbClient } from '../../adapter/src/db/pool.ts';
import { insertAccount, insertInstitution, insertRole, insertStudy, withRollback } from '../harness/db.ts';

async function insertSeries(client: DbClient, study: number, seed: string, modality: string, sizes: number[]): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `insert into series (study_id, orthanc_id, series_instance_uid, modality) values ($1, $2, $3, $4) returning id`,
    [study, `orthanc-series-${seed}`, `2.25.series.${seed}`, modality],
  );
  await client.query(
    `insert into instances (series_id, orthanc_id, sop_instance_uid, file_size)
     select $1, 'orthanc-instance-' || $2 || '-' || n, '2.25.instance.' || $2 || '.' || n, size from unnest($3::bigint[]) with ordinality as x(size, n)`,
    [rows[0]!.id, seed, sizes],
  );
  return rows[0]!.id;
}

/** Today's facts by modality: [modality, added, added files, deleted, deleted files, studies]. */
async function facts(client: DbClient): Promise<unknown[][]> {
  const { rows } = await client.query<Record<string, string>>(
    `select modality, sum(added_bytes) a, sum(added_instances) ai, sum(deleted_bytes) d, sum(deleted_instances) di, sum(studies) s
       from statistics_data where bucket = statistics_bucket(now()) group by modality order by modality`,
  );
  return rows.map((row) => [row.modality, Number(row.a), Number(row.ai), Number(row.d), Number(row.di), Number(row.s)]);
}

describe('statistics facts', () => {
  it('counts what arrives once per modality and each deletion once', () =>
    withRollback(async (client) => {
      await client.query('delete from statistics_data');
      const study = await insertStudy(client, 'st-1');
      await client.query(`update studies set ae_title = 'CT1', institution_name = 'North', study_date = '20250310' where id = $1`, [study]);
      await insertSeries(client, study, 'st-1-ct-a', 'CT', [100, 200]);
      await insertSeries(client, study, 'st-1-ct-b', 'CT', [300]);
      const sr = await insertSeries(client, study, 'st-1-sr', 'SR', [50]);
      expect(await facts(client)).toEqual([
        ['CT', 600, 3, 0, 0, 1],
        ['SR', 50, 1, 0, 0, 1],
      ]);
      const { rows: dates } = await client.query(
        `select to_char(study_date, 'YYYY-MM-DD') d, modality, studies::int from statistics_study_dates where study_date = '2025-03-10' order by modality`,
      );
      expect(dates).toEqual([
        { d: '2025-03-10', modality: 'CT', studies: 1 },
        { d: '2025-03-10', modality: 'SR', studies: 1 },
      ]);

      // one instance alone, then a file replaced by a larger one, then a series, then the study
      await client.query(`delete from instances where orthanc_id = 'orthanc-instance-st-1-ct-a-1'`);
      await client.query(`update instances set file_size = 250 where orthanc_id = 'orthanc-instance-st-1-ct-a-2'`);
      await client.query('delete from series where id = $1', [sr]);
      expect(await facts(client)).toEqual([
        ['CT', 650, 3, 100, 1, 1],
        ['SR', 50, 1, 50, 1, 1],
      ]);
      await client.query('delete from studies where id = $1', [study]);
      expect(await facts(client)).toEqual([
        ['CT', 650, 3, 650, 3, 1],
        ['SR', 50, 1, 50, 1, 1],
      ]);
    }));

  it('counts shares by the creator institution, and sessions as accounts and peaks', () =>
    withRollback(async (client) => {
      await client.query('delete from statistics_shares; delete from statistics_web_peaks; delete from statistics_web_accounts');
      const institution = await insertInstitution(client, 7);
      const role = await insertRole(client, institution, 'Readers');
      const account = await insertAccount(client, 'reader-7', role);
      const study = await insertStudy(client, 'st-2');
      await client.query(
        `insert into share_studies (study_id, institution, expires_at, created_by) values ($1, $2, now() + interval '1 day', $3), ($1, $2, now() + interval '1 day', $3)`,
        [study, institution, account],
      );
      await client.query(
        `insert into share_patients (patient_id, institution, expires_at, created_by) values ('P', $1, now() + interval '1 day', $2)`,
        [institution, account],
      );
      const { rows: shares } = await client.query(`select kind, institution, shares::int from statistics_shares order by kind`);
      expect(shares).toEqual([
        { kind: 'patient', institution: 7, shares: 1 },
        { kind: 'study', institution: 7, shares: 2 },
      ]);

      await client.query(`insert into sessions (id_hash, account_id, csrf_token) values ('\\x01', $1, 't'), ('\\x02', $1, 't')`, [account]);
      const { rows: peaks } = await client.query(`select institution, peak from statistics_web_peaks order by institution`);
      expect(peaks).toEqual([
        { institution: -1, peak: 2 },
        { institution: 7, peak: 2 },
      ]);
      const { rows: accounts } = await client.query(`select account_id, institution from statistics_web_accounts`);
      expect(accounts).toEqual([{ account_id: 'reader-7', institution: 7 }]);
    }));

  it('keeps the per-day tables equal to the 15-minute facts, and cuts them again in a new time zone', () =>
    withRollback(async (client) => {
      await client.query(
        'delete from statistics_data; delete from statistics_shares; delete from statistics_web_peaks; delete from statistics_web_accounts',
      );
      await client.query(`select statistics_cut_days('UTC')`);
      const day = async () =>
        (
          await client.query<Record<string, string>>(
            `select to_char(day, 'YYYY-MM-DD') d, added_bytes::int a, deleted_bytes::int del, studies::int s from statistics_data_days order by day`,
          )
        ).rows;
      const bucket = (at: string, added: number) =>
        client.query(
          `insert into statistics_data as d (bucket, ae_title, institution_name, modality, added_bytes, studies) values ($1, 'AE', 'North', 'CT', $2, 1)
           on conflict (bucket, ae_title, institution_name, modality) do update set added_bytes = d.added_bytes + excluded.added_bytes, studies = d.studies + 1`,
          [at, added],
        );
      await bucket('2025-03-10T23:30:00Z', 100);
      await bucket('2025-03-11T00:15:00Z', 10);
      await bucket('2025-03-11T00:15:00Z', 5);
      expect(await day()).toEqual([
        { d: '2025-03-10', a: 100, del: 0, s: 1 },
        { d: '2025-03-11', a: 15, del: 0, s: 2 },
      ]);
      await client.query(`update statistics_data set deleted_bytes = 7 where bucket = '2025-03-10T23:30:00Z'`);
      await client.query(`delete from statistics_data where bucket = '2025-03-11T00:15:00Z'`);
      expect(await day()).toEqual([
        { d: '2025-03-10', a: 100, del: 7, s: 1 },
        { d: '2025-03-11', a: 0, del: 0, s: 0 },
      ]);
      await bucket('2025-03-11T00:15:00Z', 20);
      // Tokyo is 9 hours ahead: both buckets fall on its 11 March.
      expect((await client.query(`select statistics_cut_days('Asia/Tokyo') as cut`)).rows).toEqual([{ cut: true }]);
      expect((await client.query(`select statistics_cut_days('Asia/Tokyo') as cut`)).rows).toEqual([{ cut: false }]);
      expect(await day()).toEqual([{ d: '2025-03-11', a: 120, del: 7, s: 2 }]);

      await client.query(
        `insert into statistics_web_accounts (bucket, account_id, institution) values
           ('2025-03-11T01:00:00Z', 'a', 7), ('2025-03-11T02:00:00Z', 'a', 7), ('2025-03-11T02:00:00Z', 'b', -1)`,
      );
      await client.query(
        `insert into statistics_web_peaks (bucket, institution, peak) values ('2025-03-11T01:00:00Z', -1, 3), ('2025-03-11T02:00:00Z', -1, 5)`,
      );
      await client.query(
        `insert into statistics_shares (bucket, kind, institution, shares) values ('2025-03-11T01:00:00Z', 'study', 7, 2)`,
      );
      const accounts = async () =>
        (await client.query(`select account_id, institution, buckets from statistics_web_account_days order by account_id`)).rows;
      const peaks = async () => (await client.query(`select institution, peak from statistics_web_peak_days`)).rows;
      expect(await accounts()).toEqual([
        { account_id: 'a', institution: 7, buckets: 2 },
        { account_id: 'b', institution: -1, buckets: 1 },
      ]);
      expect(await peaks()).toEqual([{ institution: -1, peak: 5 }]);
      await client.query(`delete from statistics_web_accounts where account_id = 'b' or bucket = '2025-03-11T02:00:00Z'`);
      await client.query(`delete from statistics_web_peaks where peak = 5`);
      expect(await accounts()).toEqual([{ account_id: 'a', institution: 7, buckets: 1 }]);
      expect(await peaks()).toEqual([{ institution: -1, peak: 3 }]);
      expect((await client.query(`select to_char(day, 'YYYY-MM-DD') d, kind, shares::int from statistics_share_days`)).rows).toEqual([
        { d: '2025-03-11', kind: 'study', shares: 2 },
      ]);
    }));
});
