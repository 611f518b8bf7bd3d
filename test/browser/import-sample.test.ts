/**
 * Import sample end to end: a new site's administrator adds "Import Sample" to the list toolbar,
 * imports the sample chest CTs the PACS generates itself, watches the progress and the result of
 * each, and the list shows the studies after closing; the button is gone once the site hides
 * Import sample (admin/general/option). Screenshots at 1280×800 and 390×844.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { defaultListToolbar, toolbarFeature } from '@pacs/common';
import { API, signIn, type Session } from '../harness/api.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  const toolbar = [...defaultListToolbar(), toolbarFeature('import_sample', { position: 'left' })];
  await admin.agent
    .put(`${API}/settings/replace`)
    .set(admin.csrf)
    .type('form')
    .send({ Id: admin.account.Id, key: 'list.toolbar', value: JSON.stringify({ toolbar }) })
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

async function listPage(viewport?: { width: number; height: number }): Promise<{ page: Page; list: StudyListPage }> {
  open = await newPage(browser, viewport);
  await signInThroughLogin(open.page, stack.baseUrl, stack.adminId, stack.adminPassword);
  const list = new StudyListPage(open.page);
  await list.waitUntilLoaded();
  return { page: open.page, list };
}

describe('import sample', () => {
  it('imports the generated samples with their progress and result, then lists them', async () => {
    const { page, list } = await listPage();
    await list.waitForRowCount(0);
    await list.toolbarButton('Import Sample').click();
    const dialog = page.getByRole('dialog', { name: 'Import sample studies' });
    await dialog.getByText('Sample chest CT (phantom)').waitFor();
    await screenshot(page, 'import-sample-desktop');
    await dialog.getByRole('button', { name: 'Import samples' }).click();
    // One sample after the other: the bar says which.
    await dialog.getByText(/Importing sample [12] of 2/).waitFor();
    await screenshot(page, 'import-sample-progress');
    await dialog.getByText('Finished').waitFor({ timeout: 120_000 });
    await expect(dialog.locator('[data-sample="chest-ct"] [role=status]').textContent()).resolves.toBe('64 of 64 images stored');
    await expect(dialog.locator('[data-sample="chest-ct-prior"] [role=status]').textContent()).resolves.toBe('48 of 48 images stored');
    await expect(dialog.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100');
    await screenshot(page, 'import-sample-done');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await list.waitForRowCount(2);
    await expect(list.studyRow('Sample chest CT (phantom)').count()).resolves.toBe(1);
  });

  it('fits a phone, and is gone once the site hides Import sample', async () => {
    const { page, list } = await listPage({ width: 390, height: 844 });
    await list.toolbarButton('Import Sample').click();
    const dialog = page.getByRole('dialog', { name: 'Import sample studies' });
    await dialog.getByText('Sample chest CT, prior (phantom)').waitFor();
    await screenshot(page, 'import-sample-phone');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await admin.agent
      .put(`${API}/configs/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ key: 'is_invisible_import_sample', value: 'true' })
      .expect(200);
    await page.reload();
    await list.waitUntilLoaded();
    await list.toolbarButton('Refresh').waitFor();
    expect(await list.toolbarButton('Import Sample').count()).toBe(0);
  });
});
