/**
 * The worklist's settings pages end to end (issue 17): an administrator changes the site's layout
 * under admin/client/mwm (a refused page size first) and /mwm follows it (columns, order, page
 * size, quick search); a user arranges their own under user/mwm/general and /mwm follows that; the
 * search page hides a field of the search dialog; the toolbar page drops an item from /mwm's
 * toolbar. The study list's Order column links a study to its entry on /mwm. Screenshots at
 * desktop (1366×800) and phone (390×844) sizes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeTinyStudies, replaceConfigs } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';
import { ToolbarEditorPage } from './pages/toolbar-editor-page.ts';
import { WorklistPage } from './pages/worklist-page.ts';
import { WorklistSettingsPage } from './pages/worklist-settings-page.ts';

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

async function schedule(patientId: string, name: string, accession: string, procedure: string): Promise<void> {
  await admin.agent
    .post(`${API}/mwm/create`)
    .set(admin.csrf)
    .send({
      PatientID: patientId,
      PatientName: name,
      AccessionNumber: accession,
      RequestedProcedureDescription: procedure,
      ReferringPhysicianName: 'Referrer^Rita',
      ScheduledProcedureStep: { Modality: 'CT', ScheduledProcedureStepStartDate: '20310501', ScheduledProcedureStepStartTime: '090000' },
    })
    .expect(200);
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  // A country and time zone, so the first-run question never lands on top of a settings page.
  await replaceConfigs(admin, { country: 'JP', time_zone: 'UTC' });
  await schedule('WS-2', 'Beta^Bo', 'ACC-WS-2', 'Chest CT');
  await schedule('WS-3', 'Gamma^Gil', 'ACC-WS-3', 'Head CT');
  await schedule('WS-1', 'Alpha^Al', 'ACC-WS-1', 'Abdomen CT');
  // The images of WS-1's order arrive: the list shows the study with its order.
  await storeTinyStudies(stack, admin, [
    { seed: 'ws-1', patientName: 'Alpha^Al', patientId: 'WS-1', accessionNumber: 'ACC-WS-1', modality: 'CT', studyDescription: 'CT ABD' },
  ]);
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
    settings: new WorklistSettingsPage(open.page, stack.baseUrl),
    worklist: new WorklistPage(open.page, stack.baseUrl),
  };
}

const headers = (worklist: WorklistPage) => worklist.table.locator('thead th').allTextContents();
const firstCells = (worklist: WorklistPage, column: number) => worklist.rows.locator(`td:nth-child(${column})`).allTextContents();

describe('worklist settings', () => {
  it("the site's layout (admin/client/mwm): refuses a page size of 0, then /mwm follows columns, order, page size and quick search", async () => {
    const { page, settings, worklist } = await signedIn();
    await settings.open('/admin/client/mwm', 'Worklist');
    await settings.field('Entries per page').fill('0');
    await settings.save();
    await settings.problem.waitFor();
    await expect(page.getByText('Enter a whole number from 1 to 1000.').isVisible()).resolves.toBe(true);
    await screenshot(page, 'worklist-settings-site-refused');
    // Nothing was saved.
    const before = (await admin.agent.get(`${API}/configs/get`).expect(200)).body.mwm;
    expect(before.limit).toBe(100);

    await settings.field('Entries per page').fill('2');
    await settings.visible('ReferringPhysicianName').uncheck();
    // PatientName cannot be hidden.
    await expect(settings.visible('PatientName').isDisabled()).resolves.toBe(true);
    await settings.moveUp('AccessionNumber').click();
    await settings.field('Default order').selectOption('PatientID');
    await settings.field('Direction').selectOption('asc');
    await settings.field('Quick search field').selectOption('AccessionNumber');
    await settings.save();
    await settings.saved.waitFor();
    await screenshot(page, 'worklist-settings-site-desktop');
    const keys = await settings.columnKeys();
    expect(keys.indexOf('AccessionNumber')).toBe(keys.indexOf('StudyDateTime') - 1);

    await worklist.open();
    await expect(worklist.count.textContent()).resolves.toBe('2 of 3 entries');
    const shown = await headers(worklist);
    expect(shown).not.toContain('Referring Physician');
    expect(shown.indexOf('Accession Number')).toBe(shown.indexOf('Study Date') - 1);
    expect(await firstCells(worklist, shown.indexOf('Patient ID') + 1)).toEqual(['WS-1', 'WS-2']);
    await expect(page.locator('.quick-search select').first().inputValue()).resolves.toBe('AccessionNumber');
    await screenshot(page, 'worklist-site-layout-desktop');
  });

  it("a user's own layout (user/mwm/general) wins once the site's is turned off", async () => {
    const { page, settings, worklist } = await signedIn();
    await settings.open('/user/mwm/general', 'Worklist');
    await expect(settings.useSite.isChecked()).resolves.toBe(true);
    await settings.useSite.uncheck();
    // The user starts from the site's layout.
    await expect(settings.field('Entries per page').inputValue()).resolves.toBe('2');
    await settings.field('Entries per page').fill('1');
    await settings.visible('Modality').uncheck();
    await settings.field('Direction').selectOption('desc');
    await settings.save();
    await settings.saved.waitFor();
    await screenshot(page, 'worklist-settings-user-desktop');

    await worklist.open();
    await expect(worklist.count.textContent()).resolves.toBe('1 of 3 entries');
    const shown = await headers(worklist);
    expect(shown).not.toContain('Modality');
    expect(await firstCells(worklist, shown.indexOf('Patient ID') + 1)).toEqual(['WS-3']);
    await worklist.page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => worklist.count.textContent()).toBe('2 of 3 entries');
  });

  it('the search page hides a field of the search dialog; the toolbar page drops an item from /mwm', async () => {
    const { page, settings, worklist } = await signedIn();
    await settings.open('/user/mwm/search', 'Worklist search');
    await settings.visible('Status').uncheck();
    await settings.row('PatientName').getByLabel('Match', { exact: true }).selectOption('forward');
    await settings.save();
    await settings.saved.waitFor();
    await screenshot(page, 'worklist-settings-search-desktop');
    const stored = (await admin.agent.get(`${API}/service/settings`).expect(200)).body.Settings.mwm.search as {
      key: string;
      type: string;
    }[];
    expect(stored.find((field) => field.key === 'PatientName')?.type).toBe('forward');

    const editor = new ToolbarEditorPage(page, stack.baseUrl);
    await editor.open('/user/mwm/toolbar');
    expect(await editor.itemNames()).toEqual(['Add', 'Edit', 'Delete', 'Search', 'Refresh']);
    await editor.confirmDelete(await editor.deleteItem('Delete'));
    await screenshot(page, 'worklist-settings-toolbar-desktop');

    await worklist.open();
    await worklist.tool('Add').waitFor();
    await expect(worklist.tool('Delete').count()).resolves.toBe(0);
    await worklist.tool('Search').click();
    const dialog = page.getByRole('dialog', { name: 'Search the worklist' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Status', { exact: true }).count()).resolves.toBe(0);
    await expect(dialog.getByLabel('Patient Name', { exact: true }).count()).resolves.toBe(1);
  });

  it("the study list's Order column opens the study's entry on /mwm", async () => {
    const { page, worklist } = await signedIn();
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    const row = list.studyRow('WS-1');
    const order = row.locator('td.cell-order');
    await expect.poll(() => order.textContent(), { timeout: 20_000 }).toMatch(/^(In progress|Completed)Abdomen CT$/);
    await screenshot(page, 'worklist-order-column-desktop');
    await order.getByRole('link').click();
    await worklist.table.waitFor();
    await expect.poll(() => worklist.count.textContent()).toBe('1 of 1 entry');
    await expect(worklist.rows.first().textContent()).resolves.toContain('WS-1');
  });

  it('fits a phone', async () => {
    const { page, settings, worklist } = await signedIn(PHONE);
    await settings.open('/user/mwm/general', 'Worklist');
    await screenshot(page, 'worklist-settings-user-phone');
    await settings.open('/admin/client/mwm', 'Worklist');
    await screenshot(page, 'worklist-settings-site-phone');
    await settings.open('/user/mwm/search', 'Worklist search');
    await screenshot(page, 'worklist-settings-search-phone');
    await worklist.open();
    await screenshot(page, 'worklist-layout-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
