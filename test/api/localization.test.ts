/**
 * Localization and the site's own images against a real stack: the site's date format and time
 * zone reach the CSV and the report PDF (read back with poppler's pdftotext), bad localization
 * values and bad images are refused with the catalogue's messages, the default specific character
 * set reaches Orthanc at run time, and the header logo is stored and served by its bytes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PRODUCT_IMAGE_MESSAGES, formatInstant } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, anonymous, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createReader, replaceConfig } from '../harness/fixtures.ts';
import { binary, csvRow as csvCells, reportPdfText, startPrintedStudy } from '../harness/printed.ts';

let stack: Stack;
let admin: Session;
let documentId: number;
const dir = mkdtempSync(join(tmpdir(), 'pacs-locale-'));
const STUDY = tinyStudyUids('locale-1');

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
}

const setConfig = (key: string, value: unknown, status = 200) => replaceConfig(admin, key, value, status);

const csvRow = () => csvCells(admin, 'LOC-1', ['Birth Date', 'Study Date Time', 'Updated At']);
const pdfText = (name: string) => reportPdfText(admin, documentId, dir, name);

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  documentId = await startPrintedStudy(
    stack,
    admin,
    { seed: 'locale-1', patientName: 'Locale^Test', patientId: 'LOC-1', studyDate: '20240131' },
    { PatientBirthDate: 'Birth Date', StudyDateTime: 'Study Date Time', UpdatedAt: 'Updated At' },
    'Dates',
  );
});
afterAll(async () => {
  await stack?.stop();
});

describe('the date format and time zone', () => {
  it('change the CSV and the report PDF together', async () => {
    const [signed] = await stack.sql<{ updated_at: Date }>('select updated_at from documents where id = $1', [documentId]);
    const [indexed] = await stack.sql<{ updated_at: Date }>('select updated_at from studies where study_instance_uid = $1', [STUDY.study]);

    await setConfig('date_format', 'YYYY-MM-DD');
    await setConfig('time_zone', 'UTC');
    expect(await csvRow()).toEqual(['1960-01-01', '2024-01-31 10:15:00', formatInstant(indexed!.updated_at, 'YYYY-MM-DD', 'UTC')]);
    let text = await pdfText('iso');
    expect(text).toContain('1960-01-01');
    expect(text).toContain('2024-01-31');
    expect(text).toContain(formatInstant(signed!.updated_at, 'YYYY-MM-DD', 'UTC', { withSeconds: false }));

    await setConfig('date_format', 'DD/MM/YYYY');
    await setConfig('time_zone', 'Pacific/Kiritimati');
    const kiritimati = formatInstant(indexed!.updated_at, 'DD/MM/YYYY', 'Pacific/Kiritimati');
    expect(await csvRow()).toEqual(['01/01/1960', '31/01/2024 10:15:00', kiritimati]);
    // UTC+14: the clock, and often the day, differ from UTC.
    expect(kiritimati).not.toBe(formatInstant(indexed!.updated_at, 'DD/MM/YYYY', 'UTC'));
    text = await pdfText('dmy');
    expect(text).toContain('01/01/1960');
    expect(text).toContain('31/01/2024');
    expect(text).not.toContain('2024-01-31');
    expect(text).toContain(formatInstant(signed!.updated_at, 'DD/MM/YYYY', 'Pacific/Kiritimati', { withSeconds: false }));

    await setConfig('date_format', 'MM/DD/YYYY');
    expect((await csvRow()).slice(0, 2)).toEqual(['01/01/1960', '01/31/2024 10:15:00']);
    expect(await pdfText('mdy')).toContain('01/31/2024');
    await setConfig('date_format', 'YYYY-MM-DD');
    await setConfig('time_zone', 'UTC');
  });

  it('refuse what is not a known zone or one of the formats, saying which member and why', async () => {
    const zone = await setConfig('time_zone', 'Mars/Base', 400);
    expect(zone.body).toMatchObject({ code: 'validation_failed', fields: { time_zone: MESSAGES.invalid } });
    const format = await setConfig('date_format', 'YYYYY', 400);
    expect(format.body).toMatchObject({ code: 'validation_failed', fields: { date_format: MESSAGES.invalid } });
    const whole = await setConfig('patient_name', { ja: 'romaji', is_replace_space_with_caret: 'yes' }, 400);
    expect(Object.keys(whole.body.fields)).toEqual(['patient_name.ja', 'patient_name.is_replace_space_with_caret']);
    await setConfig('lang', 'tlh', 400);
    await setConfig('first_day_of_week', 'friday', 400);
    const config = (await admin.agent.get(`${API}/configs/get`).expect(200)).body;
    expect(config).toMatchObject({ time_zone: 'UTC', date_format: 'YYYY-MM-DD', lang: 'en', first_day_of_week: 'monday' });
  });
});

describe('the site language and typed names', () => {
  it('starts a new person in the site language and stores a typed name with a caret', async () => {
    await setConfig('lang', 'ja');
    try {
      await createReader(admin, { id: 'new_reader', password: 'new-reader-1', role: { name: 'Readers', permissions: { list: true } } });
      const reader = await signIn(stack.baseUrl, 'new_reader', 'new-reader-1');
      expect((await reader.agent.get(`${API}/service/settings`).expect(200)).body.Settings.lang).toBe('ja');
      // The administrator chose English long ago and keeps it.
      expect((await admin.agent.get(`${API}/service/settings`).expect(200)).body.Settings.lang).toBe('en');
    } finally {
      await setConfig('lang', 'en');
    }
    const added = await admin.agent
      .post(`${API}/patients/addinformation`)
      .set(admin.csrf)
      .type('form')
      .send({ ID: 'CARET-1', Name: 'Doe Jane' })
      .expect(200);
    expect(added.body.PatientName).toBe('Doe^Jane');
    await setConfig('patient_name', { ja: 'kana', is_replace_space_with_caret: false });
    const kept = await admin.agent
      .post(`${API}/patients/addinformation`)
      .set(admin.csrf)
      .type('form')
      .send({ ID: 'CARET-2', Name: 'Doe Jane' })
      .expect(200);
    expect(kept.body.PatientName).toBe('Doe Jane');
    await setConfig('patient_name', { ja: 'kana', is_replace_space_with_caret: true });
  });
});

describe('the default specific character set', () => {
  it('is pushed to Orthanc at run time and refused when unknown', async () => {
    const orthanc = () =>
      fetch(`${stack.config.orthanc.url}/tools/default-encoding`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${stack.config.orthanc.user}:${stack.config.orthanc.password}`).toString('base64')}`,
        },
      }).then((answer) => answer.text());
    const before = (await admin.agent.get(`${API}/defaultspecificcharactersetssettings/find`).expect(200)).body;
    expect(before.Name).toBe('ISO_IR 192');
    expect(before.list.map((item: { Name: string }) => item.Name)).toContain('ISO 2022 IR 87');
    expect(await orthanc()).toBe('Utf8');
    const latin = await admin.agent
      .patch(`${API}/defaultspecificcharactersetssettings/update`)
      .set(admin.csrf)
      .type('form')
      .send({ Name: 'ISO_IR 100' })
      .expect(200);
    expect(latin.body.Name).toBe('ISO_IR 100');
    expect(await orthanc()).toBe('Latin1');
    const refused = await admin.agent
      .patch(`${API}/defaultspecificcharactersetssettings/update`)
      .set(admin.csrf)
      .type('form')
      .send({ Name: 'Klingon' })
      .expect(400);
    expect(refused.body.fields).toEqual({ Name: MESSAGES.invalid });
    await admin.agent
      .patch(`${API}/defaultspecificcharactersetssettings/update`)
      .set(admin.csrf)
      .type('form')
      .send({ Name: 'ISO_IR 192' })
      .expect(200);
    expect(await orthanc()).toBe('Utf8');
  });
});

describe('the product images', () => {
  const upload = (name: string, file: Buffer, filename = 'logo.png') =>
    admin.agent.post(`${API}/product/uploadimagefile`).set(admin.csrf).field('name', name).attach('file', file, filename);

  it('stores a header logo by its bytes and serves it to anyone', async () => {
    const logo = png(120, 32);
    const stored = await upload('logo_small_light', logo).expect(200);
    expect(stored.body).toMatchObject({ Name: 'logo_small_light' });
    const listed = (await anonymous(stack.baseUrl).get(`${API}/product/imagefiles`).expect(200)).body;
    expect(listed).toEqual([stored.body]);
    const served = await anonymous(stack.baseUrl)
      .get(`${API}/files/logo_small_light`)
      .query({ date: stored.body.Date })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(served.body as Buffer, logo)).toBe(0);
  });

  it('refuses an image that is not one, too large or too big in pixels, and unknown names', async () => {
    const text = await upload('logo_small_light', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png').expect(400);
    expect(text.body).toMatchObject({ code: 'validation_failed', fields: { file: PRODUCT_IMAGE_MESSAGES.not_image } });
    // A PNG signature in front of anything else is still not a PNG.
    await upload('favicon', Buffer.concat([png(1, 1).subarray(0, 8), Buffer.alloc(64)])).expect(400);
    const large = Buffer.concat([png(16, 16), Buffer.alloc(1024 * 1024)]);
    const tooLarge = await upload('logo_small_light', large).expect(413);
    expect(tooLarge.body).toMatchObject({ code: 'payload_too_large', message: PRODUCT_IMAGE_MESSAGES.too_large });
    const huge = await upload('logo_small_dark', png(4000, 10)).expect(400);
    expect(huge.body.fields).toEqual({ file: PRODUCT_IMAGE_MESSAGES.too_many_pixels });
    await upload('../etc/passwd', png(8, 8)).expect(400);
    await anonymous(stack.baseUrl).get(`${API}/files/secrets.json`).expect(404);
    // The earlier logo is still the one stored.
    expect((await anonymous(stack.baseUrl).get(`${API}/product/imagefiles`).expect(200)).body).toHaveLength(1);
  });

  it('lets only administrators change them, and deletes', async () => {
    await anonymous(stack.baseUrl)
      .post(`${API}/product/uploadimagefile`)
      .field('name', 'favicon')
      .attach('file', png(16, 16), 'f.png')
      .expect(401);
    await admin.agent.delete(`${API}/product/deleteimagefile`).query({ name: 'logo_small_light' }).set(admin.csrf).expect(200);
    await admin.agent.delete(`${API}/product/deleteimagefile`).query({ name: 'logo_small_light' }).set(admin.csrf).expect(404);
    await anonymous(stack.baseUrl).get(`${API}/files/logo_small_light`).expect(404);
  });
});
