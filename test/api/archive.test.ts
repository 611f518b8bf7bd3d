/**
 * DICOM in, study index and study list API against a real Orthanc and PostgreSQL, with real
 * files sent by dcmtk's storescu. The DICOMweb proxy over the same files is in
 * archive-dicomweb.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { CHARSET_NAMES, searchStudies, startSampleArchive } from '../harness/sample-archive.ts';
import { hashPassword } from '../../adapter/src/access/passwords.ts';

let stack: Stack;
let admin: Session;
let studyCount = 0;

beforeAll(async () => {
  ({ stack, admin, studyCount } = await startSampleArchive());
});
afterAll(async () => {
  await stack?.stop();
});

const search = (query: Record<string, string | string[]>) => searchStudies(admin, query);

describe('ingest and index', () => {
  it('decodes every patient name by the character-set rules, whatever the language', async () => {
    const { Items } = await search({ limit: '100' });
    const names = Items.map((item) => item.PatientName);
    for (const [file, name] of Object.entries(CHARSET_NAMES)) expect(names, file).toContain(name);
  });

  it('indexes the list columns: sending AE, modalities, counts, size, date-time', async () => {
    const { Items } = await search({ PatientName: 'CompressedSamples^CT1' });
    expect(Items).toHaveLength(1);
    expect(Items[0]).toMatchObject({
      AETitle: 'MODALITY1',
      ModalitiesInStudy: ['CT'],
      NumberOfStudyRelatedSeries: 1,
      NumberOfStudyRelatedInstances: 1,
      StudyDateTime: '2004-01-19T07:27:30',
      PatientID: '1CT1',
    });
    expect(Items[0]!.FileSize).toBeGreaterThan(30_000);
  });

  it('answers the list envelope with the requested paging', async () => {
    const page = await search({ limit: '3', offset: '2' });
    expect(page).toMatchObject({ Limit: 3, Offset: 2 });
    expect(page.Items).toHaveLength(3);
    expect(page.Count).toBe(studyCount);
    expect(new Date(page.RequestedAt).getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('search', () => {
  it('sorts by study date-time descending by default, and by any column on request', async () => {
    const { Items } = await search({});
    const stamps = Items.map((item) => String(item.StudyDateTime));
    expect(stamps).toEqual([...stamps].sort().reverse());
    const byName = (await search({ orderby: 'PatientName asc' })).Items.map((item) =>
      String(item.PatientName).toUpperCase().replace(/\^/g, ' '),
    );
    expect(byName).toEqual([...byName].sort());
    const sizes = (await search({ orderby: 'filesize desc' })).Items.map((item) => Number(item.FileSize));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('matches names perfectly, forward, backward and partially, across the PN groups', async () => {
    expect((await search({ PatientName: 'yamada^tarou=山田^太郎=やまだ^たろう' })).Count).toBe(1);
    expect((await search({ PatientName: 'yama%' })).Count).toBe(1);
    expect((await search({ PatientName: '%たろう' })).Count).toBe(2);
    expect((await search({ PatientName: '%山田%' })).Count).toBe(2);
    expect((await search({ PatientName: '%홍%' })).Count).toBe(1);
    expect((await search({ PatientName: 'yamada' })).Count).toBe(0);
  });

  it('filters by modality, date range and period, and refuses unknown sort keys with 400', async () => {
    expect((await search({ ModalitiesInStudy: 'MR' })).Items.every((item) => (item.ModalitiesInStudy as string[]).includes('MR'))).toBe(
      true,
    );
    expect((await search({ StudyDate: '20040119-20040119' })).Count).toBeGreaterThanOrEqual(1);
    expect((await search({ period: 'today' })).Count).toBe(0);
    expect((await search({ period: 'all' })).Count).toBeGreaterThan(10);
    const bad = await admin.agent.get(`${API}/studies/search`).query({ orderby: 'password_hash' }).expect(400);
    expect(bad.body.code).toBe('validation_failed');
  });

  it('answers the lookups from the index', async () => {
    const titles = await admin.agent.get(`${API}/studies/aetitles`).expect(200);
    expect(titles.body).toEqual(['MODALITY1']);
  });
});

describe('counts', () => {
  it('counts exactly up to 10,000 matches and answers a flagged estimate beyond', async () => {
    await stack.sql(
      `insert into studies (orthanc_id, study_instance_uid, patient_name, search_patient_name, study_date)
       select 'synthetic-' || g, '2.25.77' || g, 'SYNTHETIC^' || g, 'SYNTHETIC ' || g, '20200101' from generate_series(1, 12000) g`,
    );
    await stack.sql('analyze studies');
    try {
      const all = await search({ limit: '1' });
      expect(all.CountIsEstimate).toBe(true);
      expect(all.Count).toBeGreaterThan(10_000);
      const few = await search({ PatientName: 'SYNTHETIC^11%' });
      // 11, 110–119, 1100–1199, 11000–11999
      expect(few).toMatchObject({ Count: 1111 });
      expect(few.CountIsEstimate).toBeUndefined();
    } finally {
      await stack.sql(`delete from studies where orthanc_id like 'synthetic-%'`);
    }
  });
});

describe('study, series and instance levels', () => {
  it('lists series and instances of a study', async () => {
    const [study] = (await search({ PatientName: 'CompressedSamples^CT1' })).Items;
    const series = await admin.agent.get(`${API}/series/fromstudy`).query({ uid: study!.StudyInstanceUID }).expect(200);
    expect(series.body).toHaveLength(1);
    expect(series.body[0]).toMatchObject({ Modality: 'CT', NumberOfSeriesRelatedInstances: 1 });
    const instances = await admin.agent.get(`${API}/instances/fromseries`).query({ uid: series.body[0].SeriesInstanceUID }).expect(200);
    expect(instances.body[0]).toMatchObject({ NumberOfFrames: 1, StudyInstanceUID: study!.StudyInstanceUID });
    // The series list names the instance list's first instance (the viewer's first file).
    expect(series.body[0].FirstSOPInstanceUID).toBe(instances.body[0].SOPInstanceUID);
    await admin.agent.get(`${API}/series/fromstudy`).query({ uid: '1.2.3.4.5' }).expect(404);
  });

  it('counts frames of a multi-frame instance', async () => {
    const [study] = (await search({ ModalitiesInStudy: 'OT' })).Items.filter((item) => item.NumberOfStudyRelatedInstances === 1);
    expect(study).toBeDefined();
    const series = await admin.agent.get(`${API}/series/fromstudy`).query({ uid: study!.StudyInstanceUID }).expect(200);
    const instances = await admin.agent.get(`${API}/instances/fromseries`).query({ uid: series.body[0].SeriesInstanceUID }).expect(200);
    expect(instances.body.map((instance: { NumberOfFrames: number }) => instance.NumberOfFrames)).toContain(2);
  });

  it('keeps favourites per user and notes shared, and asks list_note for notes', async () => {
    const [study] = (await search({ PatientName: 'CompressedSamples^MR1' })).Items;
    const uid = study!.StudyInstanceUID as string;
    await admin.agent
      .patch(`${API}/studies/update`)
      .set(admin.csrf)
      .type('form')
      .send({ UID: uid, IsFavorite: 'true', Note: 'compare with prior' })
      .expect(200);
    expect((await search({ IsFavorite: 'true' })).Items.map((item) => item.StudyInstanceUID)).toEqual([uid]);

    const [role] = await stack.sql<{ no: number }>(
      `insert into roles (institution, name, permissions) values (0, 'reader', '{"list": true, "viewer": true}') returning no`,
    );
    await stack.sql('insert into accounts (id, password_hash, role) values ($1, $2, $3)', [
      'reader',
      await hashPassword('reader-pass'),
      role!.no,
    ]);
    const reader = await signIn(stack.baseUrl, 'reader', 'reader-pass');
    const seen = await reader.agent.get(`${API}/studies/find`).query({ uid }).expect(200);
    expect(seen.body).toMatchObject({ IsFavorite: false, Note: 'compare with prior' });
    await reader.agent.patch(`${API}/studies/update`).set(reader.csrf).type('form').send({ UID: uid, Note: 'mine' }).expect(403);
    await reader.agent.patch(`${API}/studies/update`).set(reader.csrf).type('form').send({ UID: uid, IsFavorite: 'true' }).expect(200);
  });
});

describe('rebuild', () => {
  it('rebuilds the whole index from Orthanc alone, keeping notes and favourites', async () => {
    const before = await search({ limit: '100', orderby: 'PatientID asc' });
    await stack.sql(`update studies set patient_name = 'garbled', number_of_instances = 999`);
    await stack.sql(`delete from series where id = (select min(id) from series)`);
    await stack.adapter!.deps.follower.rebuild();
    const after = await search({ limit: '100', orderby: 'PatientID asc' });
    const strip = (items: Record<string, unknown>[]) => items.map(({ UpdatedAt: _u, ...rest }) => rest);
    expect(strip(after.Items)).toEqual(strip(before.Items));
    expect((await search({ IsFavorite: 'true' })).Count).toBe(1);
  });
});
