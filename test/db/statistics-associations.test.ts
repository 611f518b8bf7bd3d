/**
 * The DICOM association facts of the statistics_associations migration: the per-day rows follow
 * the 15-minute buckets (sums of accepted and rejected, the most open at once, also when a bucket
 * is rewritten or removed), and are cut again when the site's time zone changes.
 */
import { describe, expect, it } from 'vitest';
import type { DbClient } from '../../adapter/src/db/pool.ts';
import { withRollback } from '../harness/db.ts';

async function days(client: DbClient): Promise<unknown[][]> {
  const { rows } = await client.query<{ day: string; ae_title: string; accepted: string; rejected: string; peak: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, ae_title, accepted, rejected, peak from statistics_association_days order by 1, 2`,
  );
  return rows.map((row) => [row.day, row.ae_title, Number(row.accepted), Number(row.rejected), row.peak]);
}

async function peakDays(client: DbClient): Promise<unknown[][]> {
  const { rows } = await client.query<{ day: string; peak: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, peak from statistics_association_peak_days order by 1`,
  );
  return rows.map((row) => [row.day, row.peak]);
}

describe('association statistics by day', () => {
  it('keeps the days equal to the buckets, and cuts them again in a new time zone', () =>
    withRollback(async (client) => {
      await client.query('delete from statistics_associations; delete from statistics_association_peaks');
      await client.query(`select statistics_cut_association_days('UTC')`);
      await client.query(`
        insert into statistics_associations (bucket, ae_title, accepted, rejected, peak) values
          ('2025-03-10 09:00Z', 'CT1', 2, 0, 1), ('2025-03-10 20:00Z', 'CT1', 1, 1, 3), ('2025-03-10 20:00Z', 'MR1', 0, 2, 0)`);
      await client.query(
        `insert into statistics_association_peaks (bucket, peak) values ('2025-03-10 09:00Z', 1), ('2025-03-10 20:00Z', 4)`,
      );
      expect(await days(client)).toEqual([
        ['2025-03-10', 'CT1', 3, 1, 3],
        ['2025-03-10', 'MR1', 0, 2, 0],
      ]);
      expect(await peakDays(client)).toEqual([['2025-03-10', 4]]);

      // A bucket's peak lowered (rewritten by a test or a repair): the day's maximum follows.
      await client.query(`update statistics_associations set peak = 0 where bucket = '2025-03-10 20:00Z' and ae_title = 'CT1'`);
      await client.query(`delete from statistics_association_peaks where bucket = '2025-03-10 20:00Z'`);
      expect((await days(client))[0]).toEqual(['2025-03-10', 'CT1', 3, 1, 1]);
      expect(await peakDays(client)).toEqual([['2025-03-10', 1]]);

      // Tokyo is 9 hours ahead: the 20:00 UTC bucket falls on its 11 March.
      expect((await client.query(`select statistics_cut_association_days('Asia/Tokyo') as cut`)).rows).toEqual([{ cut: true }]);
      expect((await client.query(`select statistics_cut_association_days('Asia/Tokyo') as cut`)).rows).toEqual([{ cut: false }]);
      expect(await days(client)).toEqual([
        ['2025-03-10', 'CT1', 2, 0, 1],
        ['2025-03-11', 'CT1', 1, 1, 0],
        ['2025-03-11', 'MR1', 0, 2, 0],
      ]);
    }));
});
