/**
 * Settings editors end to end: the user's list toolbar (user/list/toolbar: delete an item with
 * its confirmation, add one, and the list's toolbar follows after a reload), the institution
 * report logos of admin/client/report (upload a generated PNG, preview, download, refuse a file
 * that is not an image, delete) and the report screen's Layout action (rename a section).
 * Screenshots go to test-results/screenshots/settings-*.png.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { ReportPage } from './pages/report-page.ts';
import { ReportSettingsPage } from './pages/report-settings-page.ts';
import { Shell } from './pages/shell.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';
import { ToolbarEditorPage } from './pages/toolbar-editor-page.ts';

const STUDY = tinyStudyUids('settings-editors-1').study;

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;
let workDir: string;

/** A 120×40 PNG: red left half, blue right half. */
function logoPng(): Buffer {
  const png = new PNG({ width: 120, height: 40 });
  for (let y = 0; y < 40; y++) {
    for (let x = 0; x < 120; x++) {
      const at = (y * 120 + x) * 4;
      png.data[at] = x < 60 ? 220 : 20;
      png.data[at + 1] = 30;
      png.data[at + 2] = x < 60 ? 30 : 200;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  workDir = mkdtempSync(join(tmpdir(), 'pacs-settings-'));
  await storeTinyStudies(stack, admin, [{ seed: 'settings-editors-1', patientName: 'Layout^Lena', patientId: 'SET-1', modality: 'CT' }]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

async function signInAsAdmin() {
  open = await newPage(browser);
  const { page } = open;
  const shell = await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
  return { page, shell };
}

describe('toolbar editor', () => {
  it('deletes and adds list toolbar items, and the list toolbar follows after a reload', async () => {
    const { page } = await signInAsAdmin();
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    await list.toolbarButton('Import').waitFor();

    const editor = new ToolbarEditorPage(page, stack.baseUrl);
    await editor.open('/user/list/toolbar');
    const before = await editor.itemNames();
    expect(before.slice(0, 4)).toEqual(['Viewer', 'Report', 'Divider', 'Share']);
    expect(before).toContain('Import');
    // Folders list their children beneath them.
    expect(before.slice(before.indexOf('Edit'), before.indexOf('Edit') + 5)).toEqual(['Edit', 'Add', 'Edit', 'Note', 'Delete']);

    const confirm = await editor.deleteItem('Import');
    for (const text of [
      'You are about to delete the toolbar item Import.',
      'Are you sure you want to delete it?',
      'This cannot be undone.',
    ])
      await expect(confirm.textContent()).resolves.toContain(text);
    await editor.confirmDelete(confirm);
    expect(await editor.itemNames()).not.toContain('Import');

    // Add a feature back on the right through the item dialog; only unused features are offered.
    await page.getByRole('button', { name: 'Add item', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add toolbar item' });
    const feature = dialog.getByLabel('Feature', { exact: true });
    const offered = await feature.locator('option').allTextContents();
    expect(offered).toContain('Import');
    expect(offered).not.toContain('Viewer');
    await feature.selectOption({ label: 'Import Sample' });
    await dialog.getByLabel('Position', { exact: true }).selectOption('right');
    await screenshot(page, 'settings-toolbar-add');
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await editor.status.filter({ hasText: 'Saved.' }).waitFor();
    expect((await editor.itemNames()).at(-1)).toBe('Import Sample');
    await screenshot(page, 'settings-toolbar');

    const stored = (await admin.agent.get(`${API}/service/settings`).expect(200)).body.Settings.list.toolbar as { key: string }[];
    expect(stored.map((item) => item.key)).not.toContain('import');
    expect(stored.at(-1)?.key).toBe('import_sample');

    await page.goto(`${stack.baseUrl}/viewer/#/list`);
    await page.reload();
    await new Shell(page).dismissTimeZoneIfAsked();
    await list.waitUntilLoaded();
    await list.toolbarButton('Viewer').waitFor();
    expect(await list.toolbarButton('Import').count()).toBe(0);
    await screenshot(page, 'settings-toolbar-list');

    // The same editor serves the viewer and report toolbars.
    await editor.open('/user/viewer/toolbar');
    expect((await editor.itemNames()).slice(0, 3)).toEqual(['Series Layout', 'Image Layout', 'Divider']);
    await editor.open('/user/report/toolbar');
    expect(await editor.itemNames()).toEqual(['Save', 'Delete', 'Divider', 'Viewer', 'PDF', 'Template', 'Layout']);
    await screenshot(page, 'settings-toolbar-report');
  });
});

describe('admin/client/report', () => {
  it('uploads, previews, downloads and deletes the report header logo', async () => {
    const { page } = await signInAsAdmin();
    const settings = new ReportSettingsPage(page, stack.baseUrl);
    await settings.open();
    const header = settings.logoCard('Report header logo');
    await header.getByText('No logo').waitFor();

    // A file that is not an image is refused before it is sent.
    const text = join(workDir, 'notes.txt');
    writeFileSync(text, 'not an image');
    await settings.upload(header, text);
    await header.getByRole('alert').filter({ hasText: 'Choose a PNG or JPEG image.' }).waitFor();

    const png = join(workDir, 'logo.png');
    writeFileSync(png, logoPng());
    await settings.upload(header, png);
    const preview = settings.preview(header);
    await preview.waitFor();
    await page.waitForFunction(() => (document.querySelector('.logo-preview img') as HTMLImageElement | null)?.naturalWidth === 120);
    await expect(header.getByRole('alert').count()).resolves.toBe(0);
    await screenshot(page, 'settings-report-logo');

    // The server holds it, and the download link serves it.
    const stored = await admin.agent
      .get(`${API}/institutions/downloadimagefile`)
      .query({ institution: 0, name: 'report_header' })
      .expect(200);
    expect(stored.headers['content-type']).toBe('image/png');
    const href = await header.getByRole('link', { name: 'Download' }).getAttribute('href');
    const status = await page.evaluate(async (url) => (await fetch(url!)).status, href);
    expect(status).toBe(200);
    // The footer has none.
    await settings.logoCard('Report footer logo').getByText('No logo').waitFor();

    await settings.delete(header);
    await header.getByText('No logo').waitFor();
    expect(await settings.preview(header).count()).toBe(0);
    await admin.agent.get(`${API}/institutions/downloadimagefile`).query({ institution: 0, name: 'report_header' }).expect(404);
    await screenshot(page, 'settings-report-logo-deleted');
  });

  it('renames a report section through the report toolbar Layout action', async () => {
    const { page } = await signInAsAdmin();
    await page.goto(`${stack.baseUrl}/viewer/#/report?studyinstanceuid=${encodeURIComponent(STUDY)}`);
    const report = new ReportPage(page);
    await report.waitUntilShown();
    await report.toolbarButton('Layout').click();
    const dialog = page.getByRole('dialog', { name: 'Report layout' });
    await dialog.getByLabel('Findings', { exact: true }).fill('Observations');
    await dialog.getByRole('checkbox', { name: 'Show Row 1' }).check();
    await screenshot(page, 'settings-report-layout');
    await dialog.getByRole('button', { name: 'Save layout' }).click();
    await dialog.waitFor({ state: 'detached' });
    await report.section('Observations').waitFor();
    await report.section('Row 1').waitFor();
    const layout = (await admin.agent.get(`${API}/configs/get`).query({ key: 'report.layout' }).expect(200)).body as {
      key: string;
      label: string;
      is_visible: boolean;
    }[];
    expect(layout.find((item) => item.key === 'findings')?.label).toBe('Observations');
    expect(layout.find((item) => item.key === 'row_1')?.is_visible).toBe(true);
    await screenshot(page, 'settings-report-layout-applied');
  });
});
