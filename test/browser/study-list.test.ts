/**
 * The study list end to end: real DICOM sent by storescu into Orthanc, indexed by the adapter,
 * listed in Debian's Chromium. Names in seven character sets, sorting, quick search, the series
 * and instance levels, favourites, and the heartbeat's "list updated" notice with a refresh (auto
 * refresh turned off).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { orthancStatistics, storeFiles } from '../harness/dicom.ts';
import { waitForStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

const PYDICOM = '/usr/lib/python3/dist-packages/pydicom/data';
const CHARSET_FILES = ['chrH31.dcm', 'chrI2.dcm', 'chrX1.dcm', 'chrRuss.dcm', 'chrGreek.dcm', 'chrArab.dcm', 'chrHbrw.dcm'];
const SAMPLE_FILES = ['CT_small.dcm', 'MR_small.dcm'];

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;
let studyCount = 0;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  const files = [...CHARSET_FILES.map((f) => `${PYDICOM}/charset_files/${f}`), ...SAMPLE_FILES.map((f) => `${PYDICOM}/test_files/${f}`)];
  const result = await storeFiles(files, { port: stack.config.dicomPort, callingAet: 'MODALITY1' });
  expect(result.failed).toEqual([]);
  studyCount = (await orthancStatistics(stack.config)).CountStudies;
  expect(studyCount).toBe(files.length);
  await waitForStudies(admin, studyCount);
  // Names read in their alphabetic group here (the default, kana, is tested in person-names.test.ts).
  await admin.agent
    .put(`${API}/configs/replace`)
    .set(admin.csrf)
    .type('form')
    .send({ key: 'patient_name', value: JSON.stringify({ ja: 'alphabet', is_replace_space_with_caret: true }) })
    .expect(200);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

async function openList(viewport?: { width: number; height: number }) {
  open = await newPage(browser, viewport);
  const { page } = open;
  const shell = await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
  const list = new StudyListPage(page);
  await list.waitUntilLoaded();
  return { page, shell, list };
}

describe('study list', () => {
  it('lists every study with names decoded from their character sets', async () => {
    const { page, list } = await openList();
    await list.waitForRowCount(studyCount);
    await expect(list.count.textContent()).resolves.toBe(`${studyCount} of ${studyCount} studies`);
    const groups = await list.patientNameGroups();
    expect(groups).toEqual(
      expect.arrayContaining([
        ['Yamada Tarou'],
        ['Hong Gildong'],
        ['Wang XiaoDong'],
        ['Люкceмбypг'],
        ['Διονυσιος'],
        ['שרון דבורה'],
        ['قباني لنزار'],
      ]),
    );
    // Columns follow the default settings: no workflow columns in this edition.
    const headers = await list.table.locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Patient ID', 'Patient Name', 'Modality', 'Study Date']));
    expect(headers).not.toContain('Priority');
    await screenshot(page, 'study-list');
  });

  it('sorts by patient name in both directions', async () => {
    const { list } = await openList();
    await list.waitForRowCount(studyCount);
    const initial = await list.patientNames();
    await list.sortBy('Patient Name');
    const ascending = await list.patientNames();
    await expect(list.table.locator('th[aria-sort="ascending"]').textContent()).resolves.toContain('Patient Name');
    await list.sortBy('Patient Name');
    const descending = await list.patientNames();
    expect(ascending).toHaveLength(studyCount);
    expect(descending).toEqual([...ascending].reverse());
    expect(ascending).not.toEqual(initial);
  });

  it('narrows the rows with a quick search and a search shortcut', async () => {
    const { page, list } = await openList();
    await list.waitForRowCount(studyCount);
    await list.quickSearch('Patient Name', 'Contains', 'yamada');
    await list.waitForRowCount(1);
    expect(await list.patientNames()).toEqual(['Yamada Tarou']);
    await list.quickSearch('Patient Name', 'Starts with', 'Hong');
    await list.waitForRowCount(1);
    expect(await list.patientNames()).toEqual(['Hong Gildong']);
    await list.quickSearch('Patient Name', 'Exact', 'nobody');
    await list.waitForRowCount(0);
    await page.getByText('No items found').waitFor();
    await list.quickSearch('Patient Name', 'Contains', '');
    await list.waitForRowCount(studyCount);
    // The sample studies are decades old: "today" finds none of them.
    await list.shortcut('Today');
    await list.waitForRowCount(0);
    await list.shortcut('All');
    await list.waitForRowCount(studyCount);
  });

  it('expands a study into its series and a series into its instances; selection follows', async () => {
    const { page, list } = await openList();
    await list.waitForRowCount(studyCount);
    const row = list.studyRow('CompressedSamples CT1');
    await list.expandButton(row).first().click();
    await list.seriesRows.first().waitFor();
    expect(await list.seriesRows.count()).toBeGreaterThanOrEqual(1);
    await list.expandButton(list.seriesRows.first()).click();
    await list.instanceRows.first().waitFor();
    await expect(list.instanceRows.first().locator('td').allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringMatching(/ KB$/)]),
    );
    // Selecting the study selects its series and instances.
    await row.locator('td').nth(3).click();
    await expect(row.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(list.seriesRows.first().getAttribute('aria-selected')).resolves.toBe('true');
    await expect(list.instanceRows.first().getAttribute('aria-selected')).resolves.toBe('true');
    await screenshot(page, 'study-list-expanded');
    // Deselecting the instance deselects its series and study.
    await list.instanceRows.first().click({ modifiers: ['Control'] });
    await expect(row.getAttribute('aria-selected')).resolves.toBe('false');
    // The toolbar's Viewer opens the viewer for the selected study.
    await row.locator('td').nth(3).click();
    const uid = await row.getAttribute('data-uid');
    await list.toolbarButton('Viewer').click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/viewer?'));
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#/viewer?studyinstanceuid=${uid}`);
  });

  it('keeps a favourite after a reload', async () => {
    const { page, shell, list } = await openList();
    await list.waitForRowCount(studyCount);
    const star = list.favoriteButton(list.studyRow('Διονυσιος'));
    await expect(star.getAttribute('aria-pressed')).resolves.toBe('false');
    const saved = page.waitForResponse((response) => response.url().includes('/studies/update') && response.ok());
    await star.click();
    await saved;
    await page.reload();
    await shell.dismissTimeZoneIfAsked();
    await list.waitForRowCount(studyCount);
    await expect(list.favoriteButton(list.studyRow('Διονυσιος')).getAttribute('aria-pressed')).resolves.toBe('true');
    await list.searchBar.getByRole('button', { name: 'Favorites' }).click();
    await list.waitForRowCount(1);
  });

  it('shows the updated notice when a study arrives (auto refresh off) and marks it on refresh', async () => {
    // With auto refresh on (the default) the list would reload by itself: list-settings.test.ts.
    await admin.agent
      .put(`${API}/settings/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ Id: admin.account.Id, key: 'list.auto_refresh', value: JSON.stringify({ auto_refresh: false }) })
      .expect(200);
    const { page, list } = await openList();
    await list.waitForRowCount(studyCount);
    // A refresh reloads only as many rows as are loaded, so the new study must sort into them:
    // by name, Äneas comes before the Greek, Cyrillic, Hebrew and Arabic names.
    await list.sortBy('Patient Name');
    // Let the heartbeat record the page's current marker before anything changes.
    await page.waitForTimeout(1_500);
    const result = await storeFiles([`${PYDICOM}/charset_files/chrGerm.dcm`], { port: stack.config.dicomPort, callingAet: 'MODALITY1' });
    expect(result.failed).toEqual([]);
    await list.updatedNotice.waitFor({ timeout: 40_000 });
    await screenshot(page, 'study-list-updated');
    await list.toolbarButton('Refresh').click();
    const added = list.studyRow('Äneas Rüdiger');
    await added.waitFor();
    await expect(added.getAttribute('class')).resolves.toContain('is-refreshed');
    await expect(list.studyRow('Yamada Tarou').getAttribute('class')).resolves.not.toContain('is-refreshed');
    // Same number of rows as before, one more on the server.
    await expect(list.count.textContent()).resolves.toBe(`${studyCount} of ${studyCount + 1} studies`);
    studyCount += 1;
    await list.updatedNotice.waitFor({ state: 'detached' });
  });

  it('shows a phone a card per study: name, ID, date, modality, description and marks, nothing sideways', async () => {
    const { page, list } = await openList({ width: 390, height: 844 });
    await list.waitForRowCount(studyCount);
    await expect(page.locator('table.level-study').count()).resolves.toBe(0);
    const card = list.studyRow('Yamada Tarou');
    await expect(card.locator('.study-card-id').textContent()).resolves.toBe('H31EXAMPLE');
    // The sample has no study date: the facts line is its modality alone.
    await expect(card.locator('.study-card-facts').textContent()).resolves.toBe('OT');
    // Nothing is wider than the screen: the page does not scroll sideways.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    for (const box of await list.studyRows.evaluateAll((cards) => cards.map((node) => node.getBoundingClientRect().right))) {
      expect(box).toBeLessThanOrEqual(390);
    }
    await screenshot(page, 'study-list-phone');
    // A tap on the card opens the study in the viewer; the checkbox selects it for the toolbar.
    await list.selectStudy('Yamada Tarou');
    await expect(card.getAttribute('aria-selected')).resolves.toBe('true');
    await card.locator('.study-card-body').click();
    await page.waitForURL(/#\/viewer\?studyinstanceuid=/);
  });
});
