/**
 * Every DICOM front's status and open associations in PostgreSQL (036_dicom_front_status.sql,
 * features/dicom-front/front-status.ts): a front whose heartbeat is older than 30 s, or that
 * stopped, is not reporting; its open associations are neither listed nor counted in the peaks,
 * and a live front's sweep removes them; the server status sums the fronts reporting and lists
 * every front, a dead one with its last counts; peaks count every live front's rows, whichever
 * replica wrote them.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DbClient } from '../../adapter/src/db/pool.ts';
import {
  beatFrontStatus,
  selectFrontStatuses,
  startFrontStatus,
  stopFrontStatus,
  sweepDeadFronts,
} from '../../adapter/src/features/dicom-front/dicom-front.sql.ts';
import { FrontStatus, dicomFrontStatus } from '../../adapter/src/features/dicom-front/front-status.ts';
import {
  countAssociations,
  insertFrontAssociation,
  lockFrontAssociations,
  selectFrontAeTitles,
  selectFrontAssociations,
} from '../../adapter/src/features/network/network.sql.ts';
import { withRollback } from '../harness/db.ts';

/** A front's status row, its heartbeat `age` seconds old (now() is the transaction's start here). */
async function front(client: DbClient, name: string, age: number, counts = { Pending: 0, Failed: 0, Stored: 0 }, stopped = false) {
  await client.query(
    `insert into dicom_front_status (front, pending, failed, stored, heartbeat_at, stopped_at)
     values ($1, $2, $3, $4, now() - make_interval(secs => $5), case when $6 then now() end)`,
    [name, counts.Pending, counts.Failed, counts.Stored, age, stopped],
  );
}

const SINCE = new Date('2026-11-27T00:00:00Z');
const open = (client: DbClient, name: string, aeTitle: string) => insertFrontAssociation(client, name, aeTitle, '10.0.0.9', SINCE);
const fronts = async (client: DbClient) =>
  (await client.query<{ front: string }>('select front from dicom_front_open_associations order by front')).rows.map((row) => row.front);

describe('fronts not reporting', () => {
  it('lists only the live fronts’ open associations, and the sweep removes the others’', () =>
    withRollback(async (client) => {
      await front(client, '4242', 3);
      await front(client, '4243', 31);
      await front(client, '4244', 1, undefined, true);
      await open(client, '4242', 'LIVE');
      await open(client, '4243', 'DEAD');
      await open(client, '4244', 'STOPPED');
      // A front without a status row never reported: not live either.
      await open(client, '4245', 'UNKNOWN');
      expect((await selectFrontAssociations(client)).map((each) => each.AETitle)).toEqual(['LIVE']);
      expect(await selectFrontAeTitles(client)).toEqual(['LIVE']);

      expect(await sweepDeadFronts(client)).toBe(3);
      expect(await fronts(client)).toEqual(['4242']);
      // The dead fronts' status rows stay (their spools may hold files): shown as not reporting.
      expect((await selectFrontStatuses(client)).map((row) => [row.front, row.live])).toEqual([
        ['4242', true],
        ['4243', false],
        ['4244', false],
      ]);
    }));

  it('forgets a front silent for a day with an empty spool, and keeps one whose spool holds files', () =>
    withRollback(async (client) => {
      await front(client, '4250', 2 * 86_400);
      await front(client, '4251', 2 * 86_400, { Pending: 4, Failed: 0, Stored: 9 });
      await front(client, '4252', 60);
      await sweepDeadFronts(client);
      expect((await selectFrontStatuses(client)).map((row) => row.front)).toEqual(['4251', '4252']);
    }));

  it('tells a heartbeat that comes back after the front was taken for dead, and writes its associations again', () =>
    withRollback(async (client) => {
      await front(client, '4242', 2);
      await front(client, '4243', 45);
      const counts = { Pending: 1, Failed: 0, Stored: 2 };
      expect(await beatFrontStatus(client, '4242', counts)).toBe(true);
      expect(await beatFrontStatus(client, '4243', counts)).toBe(false);
      expect(await beatFrontStatus(client, '4299', counts)).toBeNull();
      expect((await selectFrontStatuses(client)).map((row) => [row.front, row.live, row.pending])).toEqual([
        ['4242', true, 1],
        ['4243', true, 1],
      ]);

      // Through the heartbeat itself: a late one restores, an on-time one does not.
      await client.query("update dicom_front_status set heartbeat_at = now() - interval '40 s' where front = '4243'");
      const restore = vi.fn(async () => undefined);
      const state = () => ({ Pending: 0, Failed: 0, Stored: 5 });
      await new FrontStatus(client, '4243', state, restore).beat();
      await new FrontStatus(client, '4242', state, restore).beat();
      expect(restore).toHaveBeenCalledTimes(1);

      await stopFrontStatus(client, '4242', { Pending: 3, Failed: 0, Stored: 5 });
      expect((await selectFrontStatuses(client)).find((row) => row.front === '4242')).toMatchObject({ live: false, pending: 3 });
      await startFrontStatus(client, '4242', { Pending: 0, Failed: 0, Stored: 0 });
      expect((await selectFrontStatuses(client)).find((row) => row.front === '4242')).toMatchObject({ live: true, pending: 0 });
    }));
});

describe('the server status of every front', () => {
  it('sums the fronts reporting, its own read live, and lists every front with a dead one’s last counts', () =>
    withRollback(async (client) => {
      await front(client, '4242', 2, { Pending: 2, Failed: 1, Stored: 10 });
      await front(client, '4243', 90, { Pending: 5, Failed: 0, Stored: 7 });
      // This replica's own row as last published; the answer takes its live counts.
      await front(client, '11112', 4, { Pending: 9, Failed: 9, Stored: 9 });
      const own = { name: '11112', state: () => ({ Pending: 1, Failed: 0, Stored: 3 }) };
      const status = await dicomFrontStatus({ db: client, dicomFront: own });
      expect(status).toMatchObject({ Pending: 3, Failed: 1, Stored: 13 });
      expect(status.Fronts.map(({ Port, Pending, Failed, Stored, Reporting }) => ({ Port, Pending, Failed, Stored, Reporting }))).toEqual([
        { Port: 4242, Pending: 2, Failed: 1, Stored: 10, Reporting: true },
        { Port: 4243, Pending: 5, Failed: 0, Stored: 7, Reporting: false },
        { Port: 11112, Pending: 1, Failed: 0, Stored: 3, Reporting: true },
      ]);
      const { rows: ago } = await client.query<{ at: Date }>("select now() - interval '90 s' as at");
      expect(status.Fronts[1]!.LastSeen).toBe(ago[0]!.at.toISOString());

      // A replica without a front of its own (a cluster's replica that fronts no node) sums the others.
      expect(await dicomFrontStatus({ db: client })).toMatchObject({ Pending: 11, Failed: 10, Stored: 19 });
    }));
});

describe('association peaks of every front', () => {
  it('counts the open associations of every live front, not a dead one’s, in the peaks a front or a log writes', () =>
    withRollback(async (client) => {
      await client.query('delete from statistics_associations; delete from statistics_association_peaks');
      await front(client, '4242', 2);
      await front(client, '4243', 60);
      await front(client, '4244', 1);
      // Another replica's front holds one association of CT1; a dead front's three are not open.
      await open(client, '4242', 'CT1');
      for (let i = 0; i < 3; i++) await open(client, '4243', 'CT1');

      // This replica's front accepts one of CT1: row and counts in one transaction, as frontSink writes them.
      const at = new Date('2026-11-27T10:05:00Z');
      await lockFrontAssociations(client);
      await open(client, '4244', 'CT1');
      await countAssociations(client, null, [{ at, aeTitle: 'CT1', accepted: 1, rejected: 0, peakAe: 0, peakAll: 0, end: 0 }]);
      const peaks = async () => ({
        byAe: (
          await client.query<{ ae_title: string; accepted: number; peak: number }>(
            'select ae_title, accepted::int, peak from statistics_associations order by ae_title',
          )
        ).rows,
        all: (await client.query<{ peak: number }>('select peak from statistics_association_peaks')).rows.map((row) => row.peak),
      });
      expect(await peaks()).toEqual({ byAe: [{ ae_title: 'CT1', accepted: 1, peak: 2 }], all: [2] });

      // A log's fact (an association open on Orthanc itself) adds to the fronts' in the peak of all.
      await countAssociations(client, null, [{ at, aeTitle: 'MR1', accepted: 1, rejected: 0, peakAe: 1, peakAll: 1, end: 0 }]);
      expect(await peaks()).toEqual({
        byAe: [
          { ae_title: 'CT1', accepted: 1, peak: 2 },
          { ae_title: 'MR1', accepted: 1, peak: 1 },
        ],
        all: [3],
      });
    }));
});
