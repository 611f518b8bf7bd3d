/** Report and document rules, with the SQL and the visibility module faked (the statements run in test/api). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '../../access/auth.ts';
import { requireVisibleStudy } from '../../access/visibility.ts';
import { touchHeartbeatMarker } from '../../db/site.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { fakeDb } from '../../testing/fake-db.ts';
import { refusal } from '../../testing/refusal.ts';
import * as sql from './reports.sql.ts';
import { createReport, deleteDocument, documentKeyImages, listDocuments, toDocument, updateDocument } from './reports.service.ts';

vi.mock('./reports.sql.ts', () => ({
  studyUidOf: vi.fn(),
  selectDocuments: vi.fn(),
  selectDocumentKeyImages: vi.fn(),
  refreshReportStatus: vi.fn(),
  clearDocumentKeyImages: vi.fn(),
  selectStudyKeyImage: vi.fn(),
  insertDocumentKeyImage: vi.fn(),
  insertReport: vi.fn(),
  insertDocument: vi.fn(),
  updateDocument: vi.fn(),
  markDocumentDeleted: vi.fn(),
}));
vi.mock('../../access/visibility.ts', () => ({ requireVisibleStudy: vi.fn() }));
vi.mock('../../db/site.ts', () => ({ touchHeartbeatMarker: vi.fn() }));

const doctor = { accountId: 'doc', name: 'Dr Who' } as unknown as Auth;
const image = (sop: string) => ({ series_instance_uid: '1.2.1', sop_instance_uid: sop, frame: 0 });
const content = { title: 'Chest', findings: 'clear' };
let deps: Deps;
let statements: () => string[];

function documentRow(id: number, status: sql.DocumentRow['status'], title = 'Chest'): sql.DocumentRow {
  const text = {
    title,
    findings: 'f',
    impression: 'i',
    comments: 'c',
    row_1: '1',
    row_2: '2',
    row_3: '3',
    row_4: '4',
    row_5: '5',
    row_6: '6',
    row_7: '7',
  };
  return { id, report_no: 2, account_id: 'doc', doctor_name: 'Dr Who', status, updated_at: new Date('2026-03-04T05:06:07Z'), ...text };
}

beforeEach(() => {
  vi.clearAllMocks();
  const fake = fakeDb();
  statements = fake.statements;
  deps = { db: fake.db } as unknown as Deps;
  vi.mocked(sql.insertReport).mockResolvedValue(2);
  vi.mocked(sql.insertDocument).mockResolvedValue(30);
  vi.mocked(sql.selectStudyKeyImage).mockImplementation(async (_client, no) => (no <= 5 ? image(`sop${no}`) : undefined));
});

describe('writing reports', () => {
  it('creates the report with a document signed by the caller, its key images in order, and the study’s status refreshed', async () => {
    expect(await createReport(deps, doctor, 11, 'CT', { status: 'Draft', content, images: [3, 1] })).toBe(2);
    expect(sql.insertReport).toHaveBeenCalledWith(expect.anything(), 11, 'CT');
    expect(sql.insertDocument).toHaveBeenCalledWith(expect.anything(), 2, {
      status: 'Draft',
      content,
      accountId: 'doc',
      doctorName: 'Dr Who',
    });
    expect(sql.selectStudyKeyImage).toHaveBeenCalledWith(expect.anything(), 3, 11);
    expect(vi.mocked(sql.insertDocumentKeyImage).mock.calls.map((call) => call.slice(1))).toEqual([
      [30, 0, image('sop3')],
      [30, 1, image('sop1')],
    ]);
    expect(sql.refreshReportStatus).toHaveBeenCalledWith(expect.anything(), 11);
    expect(touchHeartbeatMarker).toHaveBeenCalledWith(expect.anything(), 'study');
    expect(statements()).toEqual(['begin', 'commit']);
  });

  it('refuses a key image number that is not one of the study’s, naming images, and rolls everything back', async () => {
    expect(await refusal(createReport(deps, doctor, 11, 'CT', { content, images: [1, 9] }))).toMatchObject({
      status: 400,
      fields: { images: expect.any(String) },
    });
    expect(sql.refreshReportStatus).not.toHaveBeenCalled();
    expect(statements()).toEqual(['begin', 'rollback']);
  });

  it('leaves a document’s key images when the update does not name any', async () => {
    vi.mocked(sql.updateDocument).mockResolvedValue(true);
    await updateDocument(deps, doctor, 11, 30, { content });
    expect(sql.clearDocumentKeyImages).not.toHaveBeenCalled();
    expect(sql.refreshReportStatus).toHaveBeenCalledWith(expect.anything(), 11);
  });

  it('answers 404 when the document to update or delete is not there, without refreshing the status', async () => {
    vi.mocked(sql.updateDocument).mockResolvedValue(false);
    vi.mocked(sql.markDocumentDeleted).mockResolvedValue(false);
    expect(await refusal(updateDocument(deps, doctor, 11, 99, { content, images: [1] }))).toMatchObject({ status: 404 });
    expect(await refusal(deleteDocument(deps, 11, 99))).toMatchObject({ status: 404 });
    expect(sql.clearDocumentKeyImages).not.toHaveBeenCalled();
    expect(sql.refreshReportStatus).not.toHaveBeenCalled();
  });
});

describe('reading reports', () => {
  it('maps a document row to the wire document with its label', () => {
    expect(toDocument(documentRow(30, 'Final'), true)).toEqual({
      Id: 30,
      Report: 2,
      Account: 'doc',
      DoctorName: 'Dr Who',
      Title: 'Chest',
      Findings: 'f',
      Impression: 'i',
      Comments: 'c',
      Row_1: '1',
      Row_2: '2',
      Row_3: '3',
      Row_4: '4',
      Row_5: '5',
      Row_6: '6',
      Row_7: '7',
      Status: 'Final',
      UpdatedAt: '2026-03-04T05:06:07.000Z',
      is_last: true,
      label: 'Final · 2026-03-04 05:06 · Dr Who',
    });
  });

  it('marks the newest document that is not deleted as the last', async () => {
    vi.mocked(sql.selectDocuments).mockResolvedValue([documentRow(33, 'Deleted'), documentRow(32, 'Draft'), documentRow(31, 'Final')]);
    expect((await listDocuments(deps, 2)).map((document) => [document.Id, document.is_last])).toEqual([
      [33, false],
      [32, true],
      [31, false],
    ]);
  });

  it('asks the visibility module about the document’s study before reading its key images', async () => {
    vi.mocked(sql.studyUidOf).mockResolvedValue('1.2.3');
    vi.mocked(requireVisibleStudy).mockRejectedValue(new AppError('not_found'));
    expect(await refusal(documentKeyImages(deps, doctor, 30))).toMatchObject({ status: 404 });
    expect(requireVisibleStudy).toHaveBeenCalledWith(deps.db, doctor, '1.2.3');
    expect(sql.selectDocumentKeyImages).not.toHaveBeenCalled();

    vi.mocked(sql.studyUidOf).mockResolvedValue(undefined);
    expect(await refusal(documentKeyImages(deps, doctor, 31))).toMatchObject({ status: 404 });
    expect(requireVisibleStudy).toHaveBeenCalledTimes(1);
  });
});
