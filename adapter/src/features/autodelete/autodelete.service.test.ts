/**
 * The schedule's arithmetic and how the rules walk the studies, with the SQL module and Orthanc
 * faked (the runs themselves, against real services, are in test/api/auto-delete.test.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_DELETE_DEFAULTS, CAPACITY_UNIT_BYTES, type AutoDeleteSettings } from '@pacs/common';
import type { Deps } from '../../deps.ts';
import { fakeDb } from '../../testing/fake-db.ts';
import { refusal } from '../../testing/refusal.ts';
import * as sql from './autodelete.sql.ts';
import { dueRunDate, localDateHour, pickStudies, runAutoDelete, updateAutoDeleteSettings } from './autodelete.service.ts';

vi.mock('./autodelete.sql.ts');
vi.mock('../../db/site.ts', () => ({ siteTimeZone: vi.fn(async () => 'Asia/Tokyo') }));

const settings = (changes: Partial<AutoDeleteSettings>): AutoDeleteSettings => ({ ...AUTO_DELETE_DEFAULTS, ...changes });
const row = (id: number, size: number, flags: { draft?: boolean; shared?: boolean } = {}): sql.CandidateRow => ({
  id: String(id),
  file_size: String(size),
  draft: flags.draft ?? false,
  shared: flags.shared ?? false,
});

describe('the daily schedule', () => {
  it("reads the date and hour in the site's time zone", () => {
    expect(localDateHour(new Date('2031-03-10T15:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2031-03-11', hour: 0 });
    expect(localDateHour(new Date('2031-03-10T15:30:00Z'), 'America/New_York')).toEqual({ date: '2031-03-10', hour: 11 });
  });

  it('is due within the configured hour only, when enabled and a rule is set', () => {
    const on = settings({ Hour: 0, Lifetime: 30 });
    expect(dueRunDate(on, new Date('2031-03-10T15:00:00Z'), 'Asia/Tokyo')).toBe('2031-03-11');
    expect(dueRunDate(on, new Date('2031-03-10T15:59:59Z'), 'Asia/Tokyo')).toBe('2031-03-11');
    expect(dueRunDate(on, new Date('2031-03-10T16:00:00Z'), 'Asia/Tokyo')).toBeNull();
    expect(dueRunDate({ ...on, Enabled: false }, new Date('2031-03-10T15:00:00Z'), 'Asia/Tokyo')).toBeNull();
    expect(dueRunDate(settings({ Hour: 0 }), new Date('2031-03-10T15:00:00Z'), 'Asia/Tokyo')).toBeNull();
  });
});

describe('picking', () => {
  const statistics = vi.fn();
  const deps = () => ({ db: fakeDb().db, orthanc: { getStatistics: statistics } }) as unknown as Pick<Deps, 'db' | 'orthanc'>;

  beforeEach(() => {
    vi.mocked(sql.selectCandidates).mockReset();
    vi.mocked(sql.selectBinBytes).mockReset();
    statistics.mockReset();
  });

  it('skips and counts kept studies, and leaves what earlier rules picked to them', async () => {
    vi.mocked(sql.selectCandidates)
      .mockResolvedValueOnce([row(1, 10), row(2, 10, { draft: true }), row(3, 10, { shared: true, draft: true })])
      .mockResolvedValueOnce([row(4, 10, { shared: true }), row(5, 10)]);
    const picked = await pickStudies(deps(), settings({ Lifetime: 30, NumberOfStudies: 5 }));
    expect(picked).toMatchObject({ ids: [1, 5], bytes: 20, byLifetime: 1, byNumberOfStudies: 1, keptDraftReport: 2, keptShared: 1 });
    expect(vi.mocked(sql.selectCandidates).mock.calls[1]![1]).toMatchObject({ excluded: [1], filter: { kind: 'beyond_newest', keep: 5 } });
  });

  it('takes kept studies when told not to keep them', async () => {
    vi.mocked(sql.selectCandidates).mockResolvedValueOnce([row(1, 10, { draft: true }), row(2, 10, { shared: true })]);
    const picked = await pickStudies(deps(), settings({ Lifetime: 1, KeepDraftReports: false, KeepShared: false }));
    expect(picked).toMatchObject({ ids: [1, 2], keptDraftReport: 0, keptShared: 0 });
  });

  it('by capacity, stops once the measured use less the bin and earlier picks is within it', async () => {
    statistics.mockResolvedValue({ TotalDiskSize: String(2 * CAPACITY_UNIT_BYTES + 300) });
    vi.mocked(sql.selectBinBytes).mockResolvedValue(100);
    vi.mocked(sql.selectCandidates).mockResolvedValueOnce([row(1, 150), row(2, 50, { shared: true }), row(3, 60), row(4, 500)]);
    // 2 GB + 300 used, 100 of it in the bin: 200 over 2 GB; 150 + 60 covers it.
    const picked = await pickStudies(deps(), settings({ Capacity: 2 }));
    expect(picked).toMatchObject({ ids: [1, 3], bytes: 210, byCapacity: 2, keptShared: 1, diskUsage: 2 * CAPACITY_UNIT_BYTES + 300 });
  });

  it('does nothing by capacity while within it, nor without a rule', async () => {
    statistics.mockResolvedValue({ TotalDiskSize: String(CAPACITY_UNIT_BYTES) });
    vi.mocked(sql.selectBinBytes).mockResolvedValue(0);
    expect(await pickStudies(deps(), settings({ Capacity: 1 }))).toMatchObject({ ids: [], diskUsage: CAPACITY_UNIT_BYTES });
    expect(await pickStudies(deps(), settings({}))).toMatchObject({ ids: [], diskUsage: null });
    expect(sql.selectCandidates).not.toHaveBeenCalled();
  });
});

describe('the cloud plan hook', () => {
  const cloud = { config: { edition: 'cloud' } } as unknown as Deps;

  it('lets a cloud edition run while plans do not exist', async () => {
    vi.mocked(sql.selectSettings).mockResolvedValue(undefined);
    await expect(updateAutoDeleteSettings({ ...cloud, db: fakeDb().db }, settings({ Enabled: true }))).resolves.toMatchObject({
      Available: true,
    });
  });

  it('answers 409 to a manual run while another holds the lock', async () => {
    const { db } = fakeDb();
    vi.mocked(sql.tryRunLock).mockResolvedValue(false);
    expect(await refusal(runAutoDelete({ ...cloud, db }, { trigger: 'manual', accountId: 'admin' }))).toMatchObject({ status: 409 });
    expect(await runAutoDelete({ ...cloud, db }, { trigger: 'schedule', accountId: null, runDate: '2031-03-11' })).toBeNull();
  });
});
