/**
 * Reports end to end: a study sent by storescu, reported from the list's Report button in
 * Debian's Chromium — draft, final, PDF, deleting the current document — with the list's
 * ReportStatus following; a reader without report_save sees no Save; the template editor's
 * folders, templates and drag reorder, and Insert template in the report; the PDF settings
 * preview. Screenshots go to test-results/screenshots/report-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createReader, storeTinyStudies, replaceConfigs } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { ReportPage } from './pages/report-page.ts';
import { Shell } from './pages/shell.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';
import { TemplateEditorPage } from './pages/template-editor-page.ts';
import { decodePng } from './pages/viewer-page.ts';

const SEED = 'reports-browser-1';
const STUDY = tinyStudyUids(SEED).study;
const READER = { id: 'reader', password: 'reader-password-1' };

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(
    stack,
    admin,
    [
      {
        seed: SEED,
        patientName: 'Report^Rita',
        patientId: 'RPT-001',
        modality: 'CT',
        accessionNumber: 'ACC-42',
        studyDescription: 'CT chest',
      },
    ],
    { callingAet: 'MODALITY1' },
  );

  const uids = tinyStudyUids(SEED);
  await admin.agent
    .put(`${API}/keyimages/update`)
    .set(admin.csrf)
    .send({ uid: uids.study, SeriesInstanceUID: uids.series, SOPInstanceUID: uids.instance, Frame: 1, Marked: true })
    .expect(200);

  await createReader(admin, {
    ...READER,
    name: 'Reader',
    role: { name: 'Report readers', permissions: { list: true, viewer: true, report: true, user: true } },
  });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

async function signInAs(id: string, password: string) {
  open = await newPage(browser);
  const { page } = open;
  const shell = await signInThroughLogin(page, stack.baseUrl, id, password);
  return { page, shell };
}

/** The administrator's saved interface language, which wins over the browser's at sign-in. */
async function setLanguage(code: string) {
  await admin.agent
    .put(`${API}/settings/replace`)
    .set(admin.csrf)
    .type('form')
    .send({ Id: stack.adminId, key: 'lang', value: JSON.stringify({ lang: code }) })
    .expect(200);
}

async function openList(page: OpenPage['page']) {
  await page.goto(`${stack.baseUrl}/viewer/#/list`);
  const list = new StudyListPage(page);
  await list.waitUntilLoaded();
  await list.waitForRowCount(1);
  return list;
}

async function listStatus(page: OpenPage['page']): Promise<string> {
  const list = await openList(page);
  return (
    (await list
      .studyRow('RPT-001')
      .locator('.status-badge')
      .textContent({ timeout: 5_000 })
      .catch(() => '')) ?? ''
  );
}

describe('report screen', () => {
  it('writes a draft, finalises it, prints it and deletes the final document, the list following', async () => {
    const { page, shell } = await signInAs(stack.adminId, stack.adminPassword);
    const list = await openList(page);
    await list.studyRow('RPT-001').locator('td').nth(3).click();
    await list.toolbarButton('Report').click();
    await shell.waitForRoute(/^\/report\?studyinstanceuid=/);
    expect(shell.route()).toBe(`/report?studyinstanceuid=${STUDY}`);

    const report = new ReportPage(page);
    await report.waitUntilShown();
    await expect(report.header.textContent()).resolves.toContain('RPT-001');
    await expect(report.header.textContent()).resolves.toContain('ACC-42');
    await expect(report.headerStatus.textContent()).resolves.toBe('No report');
    // The default layout: findings, impression, comments; no extra rows.
    await expect(
      report.editor.locator('[data-section]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-section'))),
    ).resolves.toEqual(['findings', 'impression', 'comments']);
    await expect(report.pdfLink.count()).resolves.toBe(0);

    // The study's key image is offered as a thumbnail (rendered through the proxy) and included.
    const thumbnail = page.locator('.key-image img');
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('.key-image img')?.naturalWidth ?? 0) > 0);
    await expect(thumbnail.count()).resolves.toBe(1);
    await expect(page.locator('.key-image-check').isChecked()).resolves.toBe(true);

    await report.title.fill('CT chest report');
    await report.section('Findings').fill('Small nodule in the right upper lobe.');
    await report.status.selectOption('Draft');
    await report.save(1);
    await report.headerStatus.filter({ hasText: 'Draft' }).waitFor();
    await screenshot(page, 'report-draft');
    const saved = (await admin.agent.get(`${API}/reports/fromstudy`).query({ uid: STUDY }).expect(200)).body[0].documents[0];
    const images = await admin.agent.get(`${API}/keyimages/fromdocument`).query({ id: saved.Id }).expect(200);
    expect(images.body).toEqual([expect.objectContaining({ SOPInstanceUID: tinyStudyUids(SEED).instance, Frame: 1 })]);
    expect(await listStatus(page)).toBe('Draft');

    await page.goBack();
    await report.waitUntilShown();
    await expect(report.section('Findings').inputValue()).resolves.toBe('Small nodule in the right upper lobe.');
    await report.section('Impression').fill('Follow up in 6 months.');
    await report.status.selectOption('Final');
    await report.save(2);
    await report.headerStatus.filter({ hasText: 'Final' }).waitFor();
    await expect(report.historyItems.first().textContent()).resolves.toMatch(/Final.*Current/);
    await screenshot(page, 'report-final');
    expect(await listStatus(page)).toBe('Final');

    await page.goBack();
    await report.waitUntilShown();
    const href = await report.pdfLink.getAttribute('href');
    expect(href).toMatch(/\/viewer\/api\/documents\/pdf\?id=\d+$/);
    await expect(report.pdfLink.getAttribute('target')).resolves.toBe('_blank');
    const pdf = await page.evaluate(async (url) => {
      const response = await fetch(url ?? '', { credentials: 'same-origin' });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { status: response.status, type: response.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)) };
    }, href);
    expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

    // An older document opens read-only.
    await report.historyItems.nth(1).click();
    await page.locator('.report-viewing').waitFor();
    await expect(report.section('Findings').getAttribute('readonly')).resolves.not.toBeNull();
    await screenshot(page, 'report-history');
    await page.getByRole('button', { name: 'Back to the current document' }).click();

    await report.deleteShown();
    await report.headerStatus.filter({ hasText: 'Draft' }).waitFor();
    await expect(report.historyItems.first().textContent()).resolves.toContain('Deleted');
    await expect(report.status.inputValue()).resolves.toBe('Draft');
    expect(await listStatus(page)).toBe('Draft');
  });

  it('shows no Save, Delete or Insert template to a user without report_save', async () => {
    const { page } = await signInAs(READER.id, READER.password);
    await page.goto(`${stack.baseUrl}/viewer/#/report?studyinstanceuid=${STUDY}`);
    const report = new ReportPage(page);
    await report.waitUntilShown();
    await report.toolbarButton('Viewer').waitFor();
    await expect(report.toolbarButton('Save').count()).resolves.toBe(0);
    await expect(report.toolbarButton('Delete').count()).resolves.toBe(0);
    await expect(report.toolbarButton('Insert template').count()).resolves.toBe(0);
    await expect(report.pdfLink.count()).resolves.toBe(0);
    await expect(report.section('Findings').getAttribute('readonly')).resolves.not.toBeNull();
    await screenshot(page, 'report-read-only');

    await report.toolbarButton('Viewer').click();
    await new Shell(page).waitForRoute(new RegExp(`^/viewer\\?studyinstanceuid=${STUDY.replace(/\./g, '\\.')}$`));
  });

  it('opens the report from an accession number', async () => {
    const { page, shell } = await signInAs(stack.adminId, stack.adminPassword);
    await page.goto(`${stack.baseUrl}/viewer/#/report?accessionnumber=ACC-42`);
    await shell.waitForRoute(new RegExp(`^/report\\?studyinstanceuid=`));
    await new ReportPage(page).waitUntilShown();
  });
  it('reads right to left in Hebrew and in Japanese script in Japanese', async () => {
    // A country and time zone, so that no dialog asks for them in a language the helpers cannot read.
    await replaceConfigs(admin, { country: 'IL', time_zone: 'UTC' });
    const { page } = await signInAs(stack.adminId, stack.adminPassword);
    for (const language of ['he', 'ja'] as const) {
      await setLanguage(language);
      await page.goto(`${stack.baseUrl}/viewer/#/report?studyinstanceuid=${STUDY}`);
      await page.reload();
      const report = new ReportPage(page);
      await report.editor.waitFor();
      await report.header.locator('.report-patient').filter({ hasText: /\S/ }).waitFor();
      const layout = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
        const editor = box('.report-editor');
        const toolbar = document.querySelector('.report-toolbar');
        const text = (toolbar?.textContent ?? '') + (document.querySelector('.report-editor')?.textContent ?? '');
        return {
          dir: document.documentElement.dir,
          lang: document.documentElement.lang,
          editorLeft: editor?.left ?? 0,
          editorRight: editor?.right ?? 0,
          width: window.innerWidth,
          // Letters of the Latin alphabet in the labels: none expected but for names, codes and units.
          hebrew: /[\u0590-\u05ff]/.test(text),
          japanese: /[\u3040-\u30ff\u4e00-\u9fff]/.test(text),
          overflowing: document.documentElement.scrollWidth > window.innerWidth,
        };
      });
      await screenshot(page, `report-${language}`);
      expect(layout.lang).toBe(language);
      expect(layout.overflowing).toBe(false);
      if (language === 'he') {
        expect(layout.dir).toBe('rtl');
        expect(layout.hebrew).toBe(true);
        // English findings typed in the mirrored editor keep their own direction: they start at the
        // left edge and end with their full stop on the right (checked by the text's pixels).
        const findings = page.locator('.report-section[data-section="findings"] textarea');
        await findings.fill('Normal study.');
        const box = (await findings.boundingBox())!;
        const { width, height, data } = decodePng(
          await page.screenshot({ clip: { x: box.x + 4, y: box.y + 4, width: box.width - 8, height: Math.min(40, box.height - 8) } }),
        );
        const inked: number[] = [];
        for (let x = 0; x < width; x++) {
          for (let y = 0; y < height; y++) {
            const at = (y * width + x) * 4;
            if (data[at]! + data[at + 1]! + data[at + 2]! < 300) {
              inked.push(x);
              break;
            }
          }
        }
        await screenshot(page, 'report-he-english-findings');
        expect(inked.length).toBeGreaterThan(0);
        expect(Math.min(...inked), 'the text starts at the left').toBeLessThan(width * 0.2);
        expect(Math.max(...inked), 'and ends well before the right edge').toBeLessThan(width * 0.6);
        await findings.fill('');
      } else {
        expect(layout.dir).toBe('ltr');
        expect(layout.japanese).toBe(true);
      }
    }
    await setLanguage('en');
  });
});

describe('report templates', () => {
  it('adds folders and a template, reorders by dragging, and inserts the template into Findings', async () => {
    const { page } = await signInAs(stack.adminId, stack.adminPassword);
    await page.goto(`${stack.baseUrl}/viewer/#/user/report/template`);
    const editor = new TemplateEditorPage(page);
    await editor.waitUntilShown();
    await editor.addFolder('Chest');
    await editor.addFolder('Abdomen');
    await editor.addTemplate('Chest', 'Normal chest', 'The lungs are clear.');
    await expect(editor.folderNames()).resolves.toEqual(['Chest', 'Abdomen']);
    await screenshot(page, 'report-templates');

    await editor.dragBefore('Abdomen', 'Chest');
    await expect(editor.folderNames()).resolves.toEqual(['Abdomen', 'Chest']);
    const settings = await admin.agent.get(`${API}/service/settings`).expect(200);
    const tree = settings.body.Settings.report.template as { label: string; items: { label: string; findings: string }[] }[];
    expect(tree.map((node) => node.label)).toEqual(['Abdomen', 'Chest']);
    expect(tree[1]?.items).toEqual([expect.objectContaining({ label: 'Normal chest', findings: 'The lungs are clear.' })]);

    await page.goto(`${stack.baseUrl}/viewer/#/report?studyinstanceuid=${STUDY}`);
    const report = new ReportPage(page);
    await report.waitUntilShown();
    await report.section('Findings').fill('Prior text.');
    await report.section('Findings').press('End');
    await report.insertTemplate('Normal chest');
    await expect(report.section('Findings').inputValue()).resolves.toBe('Prior text.\nThe lungs are clear.');
    await screenshot(page, 'report-template-inserted');
  });

  it('previews and saves the PDF header and footer', async () => {
    const { page } = await signInAs(stack.adminId, stack.adminPassword);
    await page.goto(`${stack.baseUrl}/viewer/#/user/report/pdf`);
    await page.getByRole('heading', { name: 'Report PDF' }).waitFor();
    const header = page.locator('fieldset[data-block="header"]');
    const preview = page.getByTestId('pdf-preview-header');
    await expect(preview.getAttribute('data-columns')).resolves.toBe('2');
    await header.getByLabel('Details position').selectOption('left');
    await expect(preview.getAttribute('data-columns')).resolves.toBe('1');
    await expect(preview.getAttribute('data-rows')).resolves.toBe('2');
    await header.getByLabel('Reverse the order of logo and details').check();
    await expect(preview.locator('[data-row="0"]').getAttribute('data-item')).resolves.toBe('text');
    await screenshot(page, 'report-pdf-settings');
    const saved = page.waitForResponse((response) => response.url().includes('/settings/replace') && response.ok());
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved;
    const settings = await admin.agent.get(`${API}/service/settings`).expect(200);
    expect(settings.body.Settings.report.pdf.header).toMatchObject({
      is_reversed: true,
      text: expect.objectContaining({ position: 'left' }),
    });
  });
});

describe('duplicated accession numbers', () => {
  it('asks which study is meant when an accession number names two, and opens the one chosen', async () => {
    const twin = { accessionNumber: 'ACC-DUP' };
    await storeTinyStudies(
      stack,
      admin,
      [
        { seed: 'dup-a', ...twin, patientName: 'Twin^Alpha', patientId: 'DUP-001', modality: 'CT', studyDescription: 'CT head' },
        { seed: 'dup-b', ...twin, patientName: 'Twin^Beta', patientId: 'DUP-002', modality: 'MR', studyDescription: 'MR head' },
      ],
      // The report test's study is already there.
      { callingAet: 'MODALITY1', total: 3 },
    );

    const { page, shell } = await signInAs(stack.adminId, stack.adminPassword);
    await page.goto(`${stack.baseUrl}/viewer/#/report?accessionnumber=ACC-DUP`);
    const dialog = shell.dialog('Duplicated accession number');
    await dialog.waitFor();
    const rows = dialog.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(2);
    await expect(dialog.textContent()).resolves.toContain('ACC-DUP');
    await screenshot(page, 'report-duplicated-accession');
    await rows.filter({ hasText: 'MR head' }).getByRole('button').click();
    await shell.waitForRoute(new RegExp(`^/report\\?studyinstanceuid=${tinyStudyUids('dup-b').study.replace(/\./g, '\\.')}$`));
    const report = new ReportPage(page);
    await report.waitUntilShown();
    await expect(report.header.textContent()).resolves.toContain('DUP-002');
  });
});
