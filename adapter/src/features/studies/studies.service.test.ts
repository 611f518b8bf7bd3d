/**
 * The study reads' rules: the visibility predicate in every list query, hidden fields removed and
 * never searchable, the default order, and the note and favourite writes. The statements are faked
 * (the search builder itself is tested in studies.sql.test.ts and runs for real here).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseStudySearch, type StudySearch } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { requireVisibleStudy, visibleStudies } from '../../access/visibility.ts';
import { touchHeartbeatMarker } from '../../db/site.ts';
import type { Deps } from '../../deps.ts';
import { refusal } from '../../testing/refusal.ts';
import * as sql from './studies.sql.ts';
import { instancesOfSeries, lookupValues, searchStudies, toStudyItem, updateStudy } from './studies.service.ts';

vi.mock('./studies.sql.ts', async (original) => ({
  ...(await original<object>()),
  storedStudyOrder: vi.fn(),
  selectStudyPage: vi.fn(),
  countStudies: vi.fn(),
  selectVisibleStudiesBy: vi.fn(),
  selectDistinct: vi.fn(),
  updateNote: vi.fn(),
  setFavorite: vi.fn(),
  selectSeries: vi.fn(),
  selectInstances: vi.fn(),
}));
vi.mock('../../access/visibility.ts', () => ({ visibleStudies: vi.fn(), requireVisibleStudy: vi.fn() }));
vi.mock('../../db/site.ts', () => ({ siteTimeZone: vi.fn(), touchHeartbeatMarker: vi.fn() }));

const deps = { db: {}, config: { edition: 'cloud' } } as unknown as Deps;
const reader = { accountId: 'alice', kind: null, permissions: { list: true } } as unknown as Auth;
const company = { ...reader, kind: 'Company' } as Auth;
const noteTaker = { ...reader, permissions: { list: true, list_note: true } } as unknown as Auth;

const row: sql.StudyRow = {
  id: 11,
  study_instance_uid: '1.2',
  study_date: '20240131',
  study_time: '0930',
  updated_at: new Date('2026-01-02T03:04:05Z'),
  patient_id: 'P1',
  patient_name: 'DOE^JANE',
  patient_birth_date: '19700101',
  patient_age: '054Y',
  patient_sex: 'F',
  patient_comments: '',
  modalities_in_study: ['CT'],
  body_parts_in_study: ['CHEST'],
  study_description: 'CT chest',
  study_id: '7',
  number_of_series: 2,
  number_of_instances: 40,
  accession_number: 'A1',
  institution_name: 'North',
  referring_physician_name: '',
  performing_physician_name: '',
  ae_title: 'CT1',
  note: '',
  file_size: 1000,
  ctdivols: [],
  total_dlp: null,
  report_status: 'Final',
  is_shared: false,
  is_favorite: true,
};

function search(query: Record<string, unknown>): StudySearch {
  const parsed = parseStudySearch(query);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(visibleStudies).mockReturnValue({ sql: 'VISIBLE', params: ['v'] });
  vi.mocked(sql.selectStudyPage).mockResolvedValue([row]);
  vi.mocked(sql.countStudies).mockResolvedValue({ Count: 1 });
  vi.mocked(sql.selectVisibleStudiesBy).mockResolvedValue([row]);
  vi.mocked(requireVisibleStudy).mockResolvedValue(11);
});

describe('the study list', () => {
  it('puts the visibility predicate in both the page and the count, and answers the page', async () => {
    const answer = await searchStudies(deps, reader, { search: search({}), limit: 50, offset: 100 });
    const page = vi.mocked(sql.selectStudyPage).mock.calls[0]![1];
    expect(page.whereSql).toContain('(VISIBLE)');
    expect(page.params).toContain('v');
    expect(page).toMatchObject({ accountId: 'alice', limit: 50, offset: 100 });
    expect(sql.countStudies).toHaveBeenCalledWith(deps.db, page.whereSql, page.params);
    expect(answer).toMatchObject({ Count: 1, Limit: 50, Offset: 100, Items: [{ StudyInstanceUID: '1.2', PatientName: 'DOE^JANE' }] });
  });

  it('removes the fields a role hides, and refuses to search or sort by one, naming it', async () => {
    const answer = await searchStudies(deps, company, { search: search({}), limit: 50, offset: 0 });
    expect(answer.Items[0]).not.toHaveProperty('PatientName');
    expect(answer.Items[0]).not.toHaveProperty('ReportStatus');
    expect(answer.Items[0]).toHaveProperty('PatientID', 'P1');
    vi.mocked(sql.selectStudyPage).mockClear();
    expect(await refusal(searchStudies(deps, company, { search: search({ PatientName: 'DOE*' }), limit: 50, offset: 0 }))).toMatchObject({
      status: 400,
      fields: { PatientName: expect.any(String) },
    });
    expect(sql.selectStudyPage).not.toHaveBeenCalled();
    expect(await refusal(lookupValues(deps, { ...reader, kind: 'Radiologist' } as Auth, 'institutionnames'))).toMatchObject({
      status: 403,
    });
    expect(sql.selectDistinct).not.toHaveBeenCalled();
  });

  it('appends the user’s stored order, skipping unknown keys, else newest first', async () => {
    vi.mocked(sql.storedStudyOrder).mockResolvedValue([{ key: 'PatientName', desc: false }, { key: 'nonsense' }]);
    await searchStudies(deps, reader, { search: search({}), limit: 10, offset: 0 });
    expect(vi.mocked(sql.selectStudyPage).mock.calls[0]![1].order).toBe(
      sql.orderBySql([{ key: 'patientname', desc: false }], sql.STUDY_ORDER, 'st.id desc'),
    );
    vi.mocked(sql.storedStudyOrder).mockResolvedValue('not a list');
    await searchStudies(deps, reader, { search: search({}), limit: 10, offset: 0 });
    expect(vi.mocked(sql.selectStudyPage).mock.calls[1]![1].order).toBe(
      sql.orderBySql([{ key: 'studydatetime', desc: true }], sql.STUDY_ORDER, 'st.id desc'),
    );
  });

  it('maps a row to the wire study with its date-time', () => {
    expect(toStudyItem(row)).toMatchObject({
      StudyInstanceUID: '1.2',
      StudyDateTime: '2024-01-31T09:30:00',
      UpdatedAt: '2026-01-02T03:04:05.000Z',
      IsFavorite: true,
      NumberOfStudyRelatedSeries: 2,
      Institution: null,
      InstitutionName: 'North',
    });
    expect(toStudyItem({ ...row, study_date: '' }).StudyDateTime).toBe('');
  });
});

describe('changing a study', () => {
  it('answers 404 for a study the caller cannot see, before writing', async () => {
    vi.mocked(sql.selectVisibleStudiesBy).mockResolvedValue([]);
    expect(await refusal(updateStudy(deps, noteTaker, { uid: '1.9', favorite: true, note: 'x' }))).toMatchObject({ status: 404 });
    expect(sql.setFavorite).not.toHaveBeenCalled();
    expect(sql.updateNote).not.toHaveBeenCalled();
  });

  it('writes a note only with list_note, on the study visibility picked, and tells the lists', async () => {
    expect(await refusal(updateStudy(deps, reader, { uid: '1.2', favorite: undefined, note: 'x' }))).toMatchObject({ status: 403 });
    expect(sql.updateNote).not.toHaveBeenCalled();
    await updateStudy(deps, noteTaker, { uid: '1.2', favorite: undefined, note: 'check' });
    expect(requireVisibleStudy).toHaveBeenCalledWith(deps.db, noteTaker, '1.2');
    expect(sql.updateNote).toHaveBeenCalledWith(deps.db, 11, 'check');
    expect(touchHeartbeatMarker).toHaveBeenCalledWith(deps.db, 'study');
  });

  it('sets a favourite for the caller without needing list_note', async () => {
    await updateStudy(deps, reader, { uid: '1.2', favorite: false, note: undefined });
    expect(sql.setFavorite).toHaveBeenCalledWith(deps.db, 'alice', 11, false);
    expect(sql.updateNote).not.toHaveBeenCalled();
  });
});

it('answers 404 for a series with no instance the caller sees', async () => {
  vi.mocked(sql.selectInstances).mockResolvedValue([]);
  expect(await refusal(instancesOfSeries(deps, reader, '1.2.1', []))).toMatchObject({ status: 404 });
});
