/**
 * The report PDF, rendered to PNG with poppler: the header logo where the settings put it and
 * mirrored for a right-to-left language, and Japanese, Hebrew and Arabic drawn as real glyphs
 * (text extraction finds them; a missing glyph would extract as nothing).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';

let stack: Stack;
let admin: Session;
let documentId: number;
const dir = mkdtempSync(join(tmpdir(), 'pacs-pdf-'));
const study = tinyStudyUids('pdf-1');

/** A 240×80 logo: a saturated blue square on the left, pale on the right. */
function logo(): Buffer {
  const png = new PNG({ width: 240, height: 80 });
  for (let y = 0; y < 80; y++)
    for (let x = 0; x < 240; x++) png.data.set(x < 80 ? [20, 80, 200, 255] : [230, 230, 240, 255], (y * 240 + x) * 4);
  return PNG.sync.write(png);
}

async function pdfFor(lang: string): Promise<string> {
  await admin.agent
    .put(`${API}/settings/replaceall`)
    .set(admin.csrf)
    .type('form')
    .send({ key: 'lang', value: JSON.stringify(lang) })
    .expect(200);
  const response = await admin.agent
    .get(`${API}/documents/pdf`)
    .query({ id: documentId })
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const file = join(dir, `report-${lang}.pdf`);
  writeFileSync(file, response.body as Buffer);
  return file;
}

/** Where the logo's blue lies on the first page: the share of blue pixels in the left half. */
function blueOnTheLeft(pdf: string): { blue: number; leftShare: number } {
  execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', pdf, pdf.replace(/\.pdf$/, '')]);
  const page = PNG.sync.read(readFileSync(pdf.replace(/\.pdf$/, '.png')));
  let blue = 0;
  let left = 0;
  for (let y = 0; y < page.height / 5; y++) {
    for (let x = 0; x < page.width; x++) {
      const at = (y * page.width + x) * 4;
      const [r, g, b] = [page.data[at]!, page.data[at + 1]!, page.data[at + 2]!];
      if (b > 150 && r < 80 && g < 130) {
        blue++;
        if (x < page.width / 2) left++;
      }
    }
  }
  return { blue, leftShare: blue === 0 ? 0 : left / blue };
}

beforeAll(async () => {
  stack = await startStack();
  const file = join(dir, 'a.dcm');
  writeFileSync(file, tinyStudy({ seed: 'pdf-1', patientName: 'Yamada^Tarou=山田^太郎=やまだ^たろう', patientId: 'JP-1', modality: 'CT' }));
  expect((await storeFiles([file], { port: stack.config.dicomPort })).failed).toEqual([]);
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  for (let i = 0; i < 50 && (await admin.agent.get(`${API}/studies/search`)).body.Count < 1; i++)
    await new Promise((r) => setTimeout(r, 100));
  await admin.agent
    .patch(`${API}/institutions/update`)
    .set(admin.csrf)
    .type('form')
    .send({ No: '0', Name: 'General Hospital', Address: '1 Main Street' })
    .expect(200);
  await admin.agent
    .post(`${API}/institutions/uploadimagefile`)
    .set(admin.csrf)
    .field('institution', '0')
    .field('name', 'report_header')
    .attach('file', logo(), 'logo.png')
    .expect(200);
  const report = await admin.agent
    .post(`${API}/reports/create`)
    .set(admin.csrf)
    .type('form')
    .send({
      uid: study.study,
      status: 'Final',
      title: 'CT chest',
      findings: 'Small nodule. 右上葉に小結節。\nعقدة صغيرة في الفص العلوي.',
      impression: 'שינויים קלים בלבד.',
    })
    .expect(200);
  documentId = report.body.Id;
});
afterAll(async () => {
  await stack?.stop();
});

describe('report PDF', () => {
  it('draws Japanese, Hebrew and Arabic with real glyphs', async () => {
    const text = execFileSync('pdftotext', [await pdfFor('en'), '-'], { encoding: 'utf8' });
    // The patient's name in the site's form, kana by default (configs patient_name.ja).
    expect(text).toContain('やまだ たろう');
    expect(text).toContain('右上葉に小結節');
    // poppler extracts right-to-left words in visual order; each word must come out whole.
    for (const word of ['שינויים', 'קלים', 'בלבד', 'صغيرة', 'الفص']) expect(text).toContain(word);
    const fonts = execFileSync('pdffonts', [join(dir, 'report-en.pdf')], { encoding: 'utf8' });
    expect(fonts).toMatch(/NotoSansCJK/);
    expect(fonts).toMatch(/NotoSansHebrew/);
    expect(fonts).toMatch(/NotoSansArabic/);
  });

  it('puts the header logo on the left, and mirrors it to the right for Hebrew', async () => {
    const ltr = blueOnTheLeft(await pdfFor('en'));
    expect(ltr.blue).toBeGreaterThan(50);
    expect(ltr.leftShare).toBeGreaterThan(0.95);
    const rtl = blueOnTheLeft(await pdfFor('he'));
    expect(rtl.blue).toBeGreaterThan(50);
    expect(rtl.leftShare).toBeLessThan(0.05);
  });

  it('needs report_pdf and a study the caller may see; logos need admin to change', async () => {
    const call = (path: string, form: Record<string, string>) =>
      admin.agent.post(`${API}${path}`).set(admin.csrf).type('form').send(form).expect(200);
    const role = (await call('/roles/create', { Name: 'No pdf', Institution: '0', Permissions: JSON.stringify({ report: true }) })).body.No;
    await call('/accounts/create', { Id: 'nopdf', Password: 'nopdf-pass', Role: String(role) });
    const user = await signIn(stack.baseUrl, 'nopdf', 'nopdf-pass');
    await user.agent.get(`${API}/documents/pdf`).query({ id: documentId }).expect(403);
    await user.agent
      .post(`${API}/institutions/uploadimagefile`)
      .set(user.csrf)
      .field('institution', '0')
      .field('name', 'report_header')
      .attach('file', logo(), 'l.png')
      .expect(403);
    const downloaded = await user.agent
      .get(`${API}/institutions/downloadimagefile`)
      .query({ institution: 0, name: 'report_header' })
      .expect(200);
    expect(downloaded.headers['content-type']).toBe('image/png');
    await admin.agent.get(`${API}/documents/pdf`).query({ id: 999_999 }).expect(404);
    const notImage = await admin.agent
      .post(`${API}/institutions/uploadimagefile`)
      .set(admin.csrf)
      .field('institution', '0')
      .field('name', 'report_header')
      .attach('file', Buffer.from('%PDF-1.4'), 'x.pdf')
      .expect(400);
    expect(notImage.body.fields.file).toBe('file format not supported');
  });
});
