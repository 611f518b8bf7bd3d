/** Recycle bin rules, with the SQL and Orthanc faked (the statements run in test/api/trash*.test.ts). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '../../access/auth.ts';
import { requireVisibleResource, requireVisibleStudy, visibleSeriesOf } from '../../access/visibility.ts';
import { AppError } from '../../http/errors.ts';
import type { Deps } from '../../deps.ts';
import { fakeDb } from '../../testing/fake-db.ts';
import { refusal } from '../../testing/refusal.ts';
import * as sql from './trash.sql.ts';
import { deleteForGood, moveToBin, readTrashSettings, restore } from './trash.service.ts';

vi.mock('./trash.sql.ts');
vi.mock('../../access/visibility.ts', () => ({
  forgetVisibility: vi.fn(),
  requireVisibleStudy: vi.fn(),
  requireVisibleResource: vi.fn(),
  visibleSeriesOf: vi.fn(),
}));
vi.mock('../../db/site.ts', () => ({ touchHeartbeatMarker: vi.fn() }));
vi.mock('../../study-index/study-index.sql.ts', () => ({ lockStudiesOf: vi.fn(), recount: vi.fn() }));

const alice = { accountId: 'alice', permissions: { list_delete: true } } as unknown as Auth;

function deps(deleteResource = vi.fn(async () => true)) {
  const { db, client } = fakeDb();
  // The run's advisory lock is granted; every other statement answers nothing.
  vi.mocked(client.query).mockImplementation((async (text: string) =>
    String(text).includes('pg_try_advisory_lock') ? { rows: [{ locked: true }], rowCount: 1 } : { rows: [], rowCount: 0 }) as never);
  return { deps: { db, orthanc: { deleteResource } } as unknown as Deps, deleteResource };
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(sql.selectSettings).mockResolvedValue(undefined);
  vi.mocked(sql.insertRun).mockResolvedValue(9);
  vi.mocked(sql.selectRun).mockResolvedValue({
    no: '9',
    trigger: 'manual',
    account_id: 'root',
    started_at: new Date(0),
    finished_at: new Date(0),
    studies: 1,
    series: 0,
    instances: 3,
    file_size: '300',
    failed: 0,
    settings: { TrashRetentionPeriod: 30 },
  });
});

describe('moving to the bin', () => {
  it('moves nothing when one item is not the caller’s to see', async () => {
    vi.mocked(requireVisibleStudy).mockResolvedValueOnce(1).mockRejectedValueOnce(new AppError('not_found'));
    vi.mocked(visibleSeriesOf).mockResolvedValue(null);
    const { deps: d } = deps();
    expect(await refusal(moveToBin(d, alice, [{ StudyInstanceUID: '1.1' }, { StudyInstanceUID: '1.2' }]))).toMatchObject({ status: 404 });
    expect(sql.markStudy).not.toHaveBeenCalled();
  });

  it('moves only the series a caller limited by modality sees of a whole study', async () => {
    vi.mocked(requireVisibleStudy).mockResolvedValue(1);
    vi.mocked(visibleSeriesOf).mockResolvedValue(new Set(['1.1.2']));
    vi.mocked(sql.seriesIdsOf).mockResolvedValue([12]);
    vi.mocked(sql.markSeries).mockResolvedValue(1);
    vi.mocked(sql.promoteMarks).mockResolvedValue({ series: [12], studies: [1] });
    const { deps: d } = deps();
    expect(await moveToBin(d, alice, [{ StudyInstanceUID: '1.1' }])).toEqual({ Studies: 0, Series: 1, Instances: 0 });
    expect(sql.markStudy).not.toHaveBeenCalled();
    expect(vi.mocked(sql.seriesIdsOf).mock.calls[0]![2]).toEqual(['1.1.2']);
  });

  it('checks a named instance against its study and series before marking it', async () => {
    vi.mocked(requireVisibleResource).mockRejectedValue(new AppError('not_found'));
    const { deps: d } = deps();
    expect(
      await refusal(moveToBin(d, alice, [{ StudyInstanceUID: '1.1', SeriesInstanceUID: '1.1.2', SOPInstanceUID: '1.1.2.3' }])),
    ).toMatchObject({ status: 404 });
    expect(sql.markInstances).not.toHaveBeenCalled();
  });
});

describe('restoring', () => {
  it('refuses (409) and restores nothing when an item is being deleted for good', async () => {
    vi.mocked(sql.isDeleting).mockImplementation(async (_db, level) => level === 'series');
    const { deps: d } = deps();
    expect(
      await refusal(
        restore(d, [
          { level: 'study', id: 1 },
          { level: 'series', id: 2 },
        ]),
      ),
    ).toMatchObject({ status: 409 });
    expect(sql.clearMarks).not.toHaveBeenCalled();
  });
});

describe('deleting for good', () => {
  const target = (level: sql.DeleteTarget['level'], id: number, studyId: number, seriesId: number | null = null): sql.DeleteTarget => ({
    level,
    id,
    orthancId: `${level}-${id}`,
    studyId,
    seriesId,
    instances: 1,
    size: 100,
  });

  it('deletes a study once when the study and one of its series are both named', async () => {
    vi.mocked(sql.planTargets).mockImplementation(async (_db, level) =>
      level === 'study' ? [target('study', 1, 1)] : [target('series', 5, 1, 5)],
    );
    const { deps: d } = deps();
    await deleteForGood(d, {
      trigger: 'manual',
      accountId: 'root',
      ids: [
        { level: 'study', id: 1 },
        { level: 'series', id: 5 },
      ],
    });
    expect(vi.mocked(sql.markDeleting).mock.calls[0]![1]).toEqual([target('study', 1, 1)]);
  });

  it('marks before it asks Orthanc, and leaves in the bin what Orthanc refuses', async () => {
    const order: string[] = [];
    vi.mocked(sql.planTargets).mockResolvedValue([target('study', 1, 1)]);
    vi.mocked(sql.markDeleting).mockImplementation(async () => void order.push('mark'));
    vi.mocked(sql.deletingTargets).mockResolvedValue([{ ...target('study', 1, 1), run: 9 }]);
    const refused = vi.fn(async () => {
      order.push('orthanc');
      throw new Error('Orthanc answered 500');
    });
    const { deps: d } = deps(refused);
    await deleteForGood(d, { trigger: 'manual', accountId: 'root', ids: [{ level: 'study', id: 1 }] });
    expect(order).toEqual(['mark', 'orthanc']);
    expect(sql.deleteRow).not.toHaveBeenCalled();
    expect(sql.unmarkDeleting).toHaveBeenCalledWith(d.db, expect.objectContaining({ level: 'study', id: 1 }));
    expect(sql.countInRun).toHaveBeenCalledWith(d.db, 9, expect.objectContaining({ id: 1 }), true);
  });

  it('drops the rows only after Orthanc deleted (or no longer held) the files', async () => {
    vi.mocked(sql.planTargets).mockResolvedValue([target('instance', 3, 1, 2)]);
    vi.mocked(sql.deletingTargets).mockResolvedValue([{ ...target('instance', 3, 1, 2), run: 9 }]);
    const { deps: d, deleteResource } = deps(vi.fn(async () => false));
    await deleteForGood(d, { trigger: 'manual', accountId: 'root', ids: [{ level: 'instance', id: 3 }] });
    expect(deleteResource).toHaveBeenCalledWith('instances', 'instance-3');
    expect(sql.deleteRow).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ level: 'instance', id: 3 }));
    expect(sql.finishRuns).toHaveBeenCalled();
  });
});

describe('settings', () => {
  it('falls back to 30 days when the stored retention is missing or broken', async () => {
    const { deps: d } = deps();
    expect(await readTrashSettings(d)).toEqual({ TrashRetentionPeriod: 30 });
    vi.mocked(sql.selectSettings).mockResolvedValue({ TrashRetentionPeriod: -4 });
    expect(await readTrashSettings(d)).toEqual({ TrashRetentionPeriod: 30 });
    vi.mocked(sql.selectSettings).mockResolvedValue({ TrashRetentionPeriod: 7 });
    expect(await readTrashSettings(d)).toEqual({ TrashRetentionPeriod: 7 });
  });
});
