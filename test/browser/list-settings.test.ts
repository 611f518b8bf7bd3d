/**
 * The study list's settings and advanced search end to end (issue 21): user/list/general refuses
 * a column width over 400, then a relabelled, hidden and resized column shows at once in the
 * list's headings and in the CSV file; user/list/search moves the period search first and hides a
 * shortcut; the toolbar's Search dialog with three filters (sex, modality, body part) lists
 * exactly the matching studies and opens again with that last search; with auto refresh a new
 * study appears without a click. Screenshots at 1280×800 and 390×844.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import type { TinyStudy } from '../harness/dicom.ts';
import { storeTinyStudies, replaceConfigs } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { SettingsTablePage } from './pages/settings-table-page.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const study = (seed: string, name: string, fields: Partial<TinyStudy>): TinyStudy => ({
  seed,
  patientName: name,
  patientId: seed.toUpperCase(),
  sex: 'F',
  modality: 'CT',
  bodyPart: 'CHEST',
  studyDescription: 'Chest CT',
  ...fields,
});

const STUDIES = [
  study('ls-1', 'Match^Anna', {}),
  study('ls-2', 'Match^Berta', { studyDate: '20230105' }),
  study('ls-3', 'Head^Carla', { bodyPart: 'HEAD' }),
  study('ls-4', 'Male^Dan', { sex: 'M' }),
  study('ls-5', 'Mr^Eva', { modality: 'MR' }),
];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  // A country and time zone, so the first-run question never lands on top of a page.
  await replaceConfigs(admin, { country: 'JP', time_zone: 'UTC' });
  await storeTinyStudies(stack, admin, STUDIES);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

async function signedIn(viewport = DESKTOP) {
  open = await newPage(browser, viewport);
  await signInThroughLogin(open.page, stack.baseUrl, stack.adminId, stack.adminPassword);
  return {
    page: open.page,
    settings: new SettingsTablePage(open.page, stack.baseUrl, '.list-settings-page'),
    list: new StudyListPage(open.page),
  };
}

async function openList(page: Page, list: StudyListPage): Promise<void> {
  await page.goto(`${stack.baseUrl}/viewer/#/list`);
  await list.waitUntilLoaded();
}

const headings = (list: StudyListPage) => list.table.locator(':scope > thead th').allTextContents();

async function csvHeader(): Promise<string> {
  const response = await admin.agent
    .post(`${API}/studies/csv`)
    .set(admin.csrf)
    .send({})
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return (response.body as Buffer).subarray(3).toString('utf8').split('\r\n')[0] ?? '';
}

describe('list settings', () => {
  it('user/list/general: a refused width, then the headings and the CSV follow the columns', async () => {
    const { page, settings, list } = await signedIn();
    await settings.open('/user/list/general', 'Study list');
    const patientId = settings.row('PatientID', 'list-study');
    await patientId.getByLabel('Label', { exact: true }).fill('MRN');
    await patientId.getByLabel('Width', { exact: true }).fill('500');
    await settings.visible('StudyDescription', 'list-study').uncheck();
    await settings.save();
    await settings.problem.waitFor();
    await expect(page.getByText('Column widths must be 40 to 400 pixels.').isVisible()).resolves.toBe(true);
    await screenshot(page, 'list-settings-general-refused');
    await patientId.getByLabel('Width', { exact: true }).fill('220');
    // The CSV file's columns: the patient's name first, the accession number hidden.
    await page.getByRole('button', { name: 'CSV file', exact: true }).click();
    await settings.moveUp('PatientName', 'list-csv').click();
    await settings.visible('AccessionNumber', 'list-csv').uncheck();
    await settings.save();
    await settings.saved.waitFor();
    await screenshot(page, 'list-settings-general-desktop');
    await page.getByRole('heading', { name: 'Study list', level: 1 }).scrollIntoViewIfNeeded();
    await screenshot(page, 'list-settings-general-top');

    await openList(page, list);
    const shown = await headings(list);
    expect(shown.some((text) => text.includes('MRN'))).toBe(true);
    expect(shown.some((text) => text.includes('Study Description'))).toBe(false);
    const box = await list.table.locator(':scope > thead th', { hasText: 'MRN' }).boundingBox();
    expect(Math.abs((box?.width ?? 0) - 220)).toBeLessThan(3);
    const header = await csvHeader();
    expect(header.startsWith('Patient Name,Patient ID,')).toBe(true);
    expect(header).not.toContain('Accession Number');
  });

  it('user/list/search: the period search moves first and a shortcut is hidden', async () => {
    const { page, settings, list } = await signedIn();
    await settings.open('/user/list/search', 'Study search');
    await settings.moveUp('period_search', 'list-search-bar').click();
    await settings.moveUp('period_search', 'list-search-bar').click();
    await settings.visible('yesterday', 'list-search-shortcuts').uncheck();
    await settings.visible('ReportStatus', 'list-advanced-search').check();
    await settings.save();
    await settings.saved.waitFor();
    await screenshot(page, 'list-settings-search-desktop');
    await openList(page, list);
    await expect(list.searchBar.locator(':scope > *').first().getAttribute('class')).resolves.toContain('period-search');
    await expect(list.searchBar.getByRole('button', { name: 'Yesterday' }).count()).resolves.toBe(0);
    await expect(list.searchBar.getByRole('button', { name: 'Past week' }).count()).resolves.toBe(1);
  });

  it('the advanced search: three filters list exactly the matching studies and become the last search', async () => {
    const { page, list } = await signedIn();
    await openList(page, list);
    const searchButton = list.toolbar.getByRole('button', { name: /^Search/ });
    await searchButton.click();
    const dialog = page.getByRole('dialog', { name: 'Advanced search' });
    await dialog.waitFor();
    await dialog.getByLabel('Sex', { exact: true }).selectOption('F');
    await dialog.locator('[data-key="ModalitiesInStudy"]').getByLabel('CT', { exact: true }).check();
    await dialog.locator('[data-key="BodyPartsInStudy"]').getByLabel('CHEST', { exact: true }).check();
    await screenshot(page, 'list-advanced-search-desktop');
    const answered = page.waitForResponse(
      (response) => response.url().includes('/studies/search') && response.url().includes('PatientSex=F'),
    );
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await answered;
    await list.waitForRowCount(2);
    await expect(list.studyRow(/Anna/).count()).resolves.toBe(1);
    await expect(list.studyRow(/Berta/).count()).resolves.toBe(1);
    await expect(list.toolbar.locator('.tool-badge').textContent()).resolves.toBe('3');
    await screenshot(page, 'list-advanced-search-result');

    // A refused value is explained in the dialog and nothing is searched.
    await searchButton.click();
    await dialog.getByLabel('Patient ID', { exact: true }).fill('x'.repeat(65));
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByText('Enter at most 64 characters').waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

    // A new page opens the dialog with the last search.
    await open?.context.close();
    const again = await signedIn(PHONE);
    await openList(again.page, again.list);
    await again.list.toolbar.getByRole('button', { name: /^Search/ }).click();
    const reopened = again.page.getByRole('dialog', { name: 'Advanced search' });
    await expect(reopened.getByLabel('Sex', { exact: true }).inputValue()).resolves.toBe('F');
    await expect(reopened.locator('[data-key="BodyPartsInStudy"]').getByLabel('CHEST', { exact: true }).isChecked()).resolves.toBe(true);
    await screenshot(again.page, 'list-advanced-search-phone');
  });

  it('fits a phone: the settings pages', async () => {
    const { page, settings } = await signedIn(PHONE);
    await settings.open('/user/list/general', 'Study list');
    await screenshot(page, 'list-settings-general-phone');
    await settings.open('/user/list/search', 'Study search');
    await screenshot(page, 'list-settings-search-phone');
  });

  it('auto refresh: a study that arrives shows without a click', async () => {
    const { page, list } = await signedIn();
    await openList(page, list);
    const before = await list.studyRows.count();
    // Let the heartbeat record the page's current marker before anything changes.
    await page.waitForTimeout(1_500);
    // A later study date sorts it first, into the rows a refresh reloads.
    await storeTinyStudies(stack, admin, [study('ls-6', 'Late^Fiona', { studyDate: '20250101' })], { total: STUDIES.length + 1 });
    await list.studyRow(/Fiona/).waitFor({ timeout: 40_000 });
    await expect(list.studyRows.count()).resolves.toBe(before);
    await expect(list.updatedNotice.count()).resolves.toBe(0);
  });

  it('reads right to left in Arabic: the settings page and the dialog', async () => {
    const language = (code: string) =>
      admin.agent
        .put(`${API}/settings/replace`)
        .set(admin.csrf)
        .type('form')
        .send({ Id: stack.adminId, key: 'lang', value: JSON.stringify({ lang: code }) })
        .expect(200);
    await language('ar');
    try {
      const { page, list } = await signedIn();
      await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
      await page.goto(`${stack.baseUrl}/viewer/#/user/list/search`);
      await page.getByRole('heading', { name: 'البحث عن الفحوصات', level: 1 }).waitFor();
      await screenshot(page, 'list-settings-search-ar');
      await openList(page, list);
      await list.toolbar.getByRole('button', { name: /^بحث/ }).click();
      await page.getByRole('dialog', { name: 'البحث المتقدم' }).waitFor();
      await screenshot(page, 'list-advanced-search-ar');
    } finally {
      await language('en');
    }
  });
});
