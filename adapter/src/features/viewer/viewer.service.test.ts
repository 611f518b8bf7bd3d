/**
 * The viewer's stored extras: the visibility module is asked first, annotations are replaced all or
 * nothing, key images are marked and unmarked. The SQL, visibility and Orthanc are faked (the
 * statements run in test/api).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '../../access/auth.ts';
import { requireVisibleResource, requireVisibleStudy } from '../../access/visibility.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { fakeDb } from '../../testing/fake-db.ts';
import { refusal } from '../../testing/refusal.ts';
import { requireStudy } from '../studies/studies.service.ts';
import * as sql from './viewer.sql.ts';
import { listAnnotations, markKeyImage, replaceAnnotations, seriesForExport, storeCapture } from './viewer.service.ts';

vi.mock('./viewer.sql.ts', () => ({
  selectAnnotations: vi.fn(),
  replaceAnnotations: vi.fn(),
  selectKeyImages: vi.fn(),
  insertKeyImage: vi.fn(),
  deleteKeyImage: vi.fn(),
  nextCaptureSeriesNumber: vi.fn(),
  selectVisibleSeries: vi.fn(),
}));
vi.mock('../../access/visibility.ts', () => ({ requireVisibleStudy: vi.fn(), requireVisibleResource: vi.fn() }));
vi.mock('../studies/studies.service.ts', () => ({ requireStudy: vi.fn() }));

const alice = { accountId: 'alice', kind: null } as unknown as Auth;
const at = new Date('2026-05-06T07:08:09Z');
const item: sql.AnnotationInput = { series: '1.2.1', instance: '1.2.1.1', frame: 0, tool: 'Length', data: '{"l":3}' };
const mark = { uid: '1.2', series: '1.2.1', instance: '1.2.1.1', frame: 2, marked: true };
let deps: Deps;
let statements: () => string[];

beforeEach(() => {
  vi.resetAllMocks();
  const fake = fakeDb();
  statements = fake.statements;
  deps = { db: fake.db, orthanc: { request: vi.fn() }, config: { edition: 'cloud' } } as unknown as Deps;
  vi.mocked(requireVisibleStudy).mockResolvedValue(11);
  vi.mocked(sql.selectAnnotations).mockResolvedValue([]);
  vi.mocked(sql.selectKeyImages).mockResolvedValue([]);
});

describe('annotations', () => {
  it('asks the visibility module first and reads nothing of a study the caller cannot see', async () => {
    vi.mocked(requireVisibleStudy).mockRejectedValue(new AppError('not_found'));
    expect(await refusal(listAnnotations(deps, alice, '1.2'))).toMatchObject({ status: 404 });
    expect(await refusal(replaceAnnotations(deps, alice, '1.2', [item]))).toMatchObject({ status: 404 });
    expect(requireVisibleStudy).toHaveBeenCalledWith(deps.db, alice, '1.2');
    expect(sql.selectAnnotations).not.toHaveBeenCalled();
    expect(sql.replaceAnnotations).not.toHaveBeenCalled();
  });

  it('replaces only the caller’s annotations inside one transaction, then answers the study’s', async () => {
    vi.mocked(sql.selectAnnotations).mockResolvedValue([
      {
        id: 4,
        account_id: 'alice',
        name: 'Alice',
        series_instance_uid: '1.2.1',
        sop_instance_uid: '1.2.1.1',
        frame: 0,
        tool: 'Length',
        data: { l: 3 },
        updated_at: at,
      },
    ]);
    expect(await replaceAnnotations(deps, alice, '1.2', [item])).toEqual([
      {
        Id: 4,
        Account: 'alice',
        AccountName: 'Alice',
        SeriesInstanceUID: '1.2.1',
        SOPInstanceUID: '1.2.1.1',
        Frame: 0,
        Tool: 'Length',
        Data: { l: 3 },
        UpdatedAt: '2026-05-06T07:08:09.000Z',
      },
    ]);
    const [client, studyId, accountId, items] = vi.mocked(sql.replaceAnnotations).mock.calls[0]!;
    expect(client).not.toBe(deps.db);
    expect([studyId, accountId, items]).toEqual([11, 'alice', [item]]);
    expect(statements()).toEqual(['begin', 'commit']);
  });

  it('rolls the whole replacement back when one write fails', async () => {
    vi.mocked(sql.replaceAnnotations).mockRejectedValue(new Error('insert failed'));
    await expect(replaceAnnotations(deps, alice, '1.2', [item, item])).rejects.toThrow('insert failed');
    expect(statements()).toEqual(['begin', 'rollback']);
    expect(sql.selectAnnotations).not.toHaveBeenCalled();
  });
});

describe('key images', () => {
  it('checks the instance lies in a visible study and series before marking it', async () => {
    vi.mocked(requireVisibleResource).mockRejectedValue(new AppError('not_found'));
    expect(await refusal(markKeyImage(deps, alice, mark))).toMatchObject({ status: 404 });
    expect(requireVisibleResource).toHaveBeenCalledWith(deps.db, alice, '1.2', '1.2.1', '1.2.1.1');
    expect(sql.insertKeyImage).not.toHaveBeenCalled();
  });

  it('marks for the caller and unmarks, then answers the study’s key images', async () => {
    vi.mocked(sql.selectKeyImages).mockResolvedValue([
      { no: 1, series_instance_uid: '1.2.1', sop_instance_uid: '1.2.1.1', frame: 2, account_id: 'alice', created_at: at },
    ]);
    const ref = { studyId: 11, series: '1.2.1', instance: '1.2.1.1', frame: 2 };
    expect(await markKeyImage(deps, alice, mark)).toEqual([
      { No: 1, SeriesInstanceUID: '1.2.1', SOPInstanceUID: '1.2.1.1', Frame: 2, Account: 'alice', CreatedAt: '2026-05-06T07:08:09.000Z' },
    ]);
    expect(sql.insertKeyImage).toHaveBeenCalledWith(deps.db, ref, 'alice');
    await markKeyImage(deps, alice, { ...mark, marked: false });
    expect(sql.deleteKeyImage).toHaveBeenCalledWith(deps.db, ref);
    expect(sql.insertKeyImage).toHaveBeenCalledTimes(1);
  });
});

describe('whole files', () => {
  it('never sends a capture to Orthanc for a study the caller cannot see', async () => {
    vi.mocked(requireStudy).mockRejectedValue(new AppError('not_found'));
    expect(await refusal(storeCapture(deps, alice, { uid: '1.2', description: 'x', image: Buffer.alloc(4) }))).toMatchObject({
      status: 404,
    });
    expect(deps.orthanc.request).not.toHaveBeenCalled();
  });

  it('refuses a series export when the role hides fields whole files would carry, and names the zip safely', async () => {
    vi.mocked(sql.selectVisibleSeries).mockResolvedValue({ orthanc_id: 'o1', description: 'CT / chest: a+b' });
    expect(await seriesForExport(deps, alice, '1.2.1')).toEqual({ orthancId: 'o1', fileName: 'CT_chest_a_b.zip' });
    expect(await refusal(seriesForExport(deps, { ...alice, kind: 'Radiologist' }, '1.2.1'))).toMatchObject({ status: 403 });
    vi.mocked(sql.selectVisibleSeries).mockResolvedValue(undefined);
    expect(await refusal(seriesForExport(deps, alice, '1.2.9'))).toMatchObject({ status: 404 });
  });
});
