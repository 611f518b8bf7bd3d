/**
 * The recycle bin end to end on a real stack (issue 16): a study deleted from the list leaves the
 * list and shows in the bin with its size; restored, it is back in the list; deleted again and
 * then deleted for good from the bin (after 'This cannot be undone.'), it leaves a history row.
 * A user without list_delete has no Delete in the list toolbar. Screenshots at desktop and phone
 * sizes of the bin with a study expanded and of the dialogs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyInto, tinyStudyUids } from '../harness/dicom.ts';
import { createReader, waitForIndexedStudies, waitForStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';
import { TrashPage } from './pages/trash-page.ts';

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };
const READER = { id: 'nodelete', password: 'reader-pass-1' };

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;

/** One study of two series (the one that goes to the bin) and one that stays. */
async function storeStudies(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-btrash-'));
  try {
    const binned = { seed: 'btrash-1', patientName: 'Bin^Anna', patientId: 'T-1', studyDescription: 'CT chest', modality: 'CT' };
    const files = {
      'a.dcm': tinyStudy(binned),
      'b.dcm': tinyStudyInto({ ...binned, seed: 'btrash-1b' }, tinyStudyUids('btrash-1').study),
      'c.dcm': tinyStudy({ seed: 'btrash-2', patientName: 'Stay^Bert', patientId: 'T-2', studyDescription: 'MR head', modality: 'MR' }),
    };
    for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data);
    const { failed } = await storeFiles(
      Object.keys(files).map((name) => join(dir, name)),
      { port: stack.config.dicomPort },
    );
    if (failed.length > 0) throw new Error(`storescu failed: ${JSON.stringify(failed)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeStudies();
  await waitForStudies(admin, 2);
  await waitForIndexedStudies(stack, [tinyStudyUids('btrash-1').study], 2);
  // list_note keeps the Edit folder on the toolbar, so the test sees Delete missing from it.
  await createReader(admin, {
    ...READER,
    role: { name: 'No delete', permissions: { list: true, viewer: true, list_note: true }, targets: { All: true } },
  });
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Selects the list's CT chest study and moves it to the bin through the Edit folder's Delete. */
async function moveToBin(page: Page, list: StudyListPage, shot?: string): Promise<void> {
  await list.studyRow('CT chest').locator('td').nth(3).click();
  await list.toolbarButton('Edit').click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to the recycle bin' });
  await dialog.waitFor();
  await expect(dialog.textContent()).resolves.toContain('1 study selected.');
  await expect(dialog.textContent()).resolves.toContain('An administrator can restore it');
  if (shot) await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await list.waitForRowCount(1);
  await expect(list.patientNames()).resolves.toEqual(['Stay Bert']);
}

describe('recycle bin', () => {
  it('deletes from the list, restores from the bin, then deletes for good with a history row', async () => {
    open = await newPage(browser, DESKTOP);
    const { page } = open;
    await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    await list.waitForRowCount(2);
    await moveToBin(page, list, 'trash-move-dialog-1366');

    const bin = new TrashPage(page, stack.baseUrl);
    await bin.open();
    await expect(bin.studyRows.count()).resolves.toBe(1);
    const row = bin.studyRow('Bin');
    await expect(row.textContent()).resolves.toMatch(/\d+\.\d\d KB/);
    await expect(bin.total.textContent()).resolves.toMatch(/Total size\s*\d+\.\d\d KB/);
    await bin.expand(row);
    await expect.poll(() => bin.seriesRows.count()).toBe(2);
    await bin.checkbox(row).check();
    // Selecting the study selects its series.
    await expect(bin.checkbox(bin.seriesRows.first()).isChecked()).resolves.toBe(true);
    await expect(bin.checkbox(bin.seriesRows.last()).isChecked()).resolves.toBe(true);
    await screenshot(page, 'trash-bin-expanded-1366');

    await bin.button('Restore').click();
    const restore = bin.dialog('Restore');
    await restore.getByText('1 study selected.').waitFor();
    await screenshot(page, 'trash-restore-dialog-1366');
    await restore.getByRole('button', { name: 'Restore', exact: true }).click();
    await restore.waitFor({ state: 'detached' });
    await expect.poll(() => bin.outcome.textContent()).toMatch(/^Restored: 1 study/);
    await bin.empty.waitFor();
    await expect(bin.total.textContent()).resolves.toMatch(/Total size\s*0\.00 KB/);

    await page.goto(`${stack.baseUrl}/viewer/#/list`);
    await list.waitUntilLoaded();
    await list.waitForRowCount(2);
    await moveToBin(page, list);

    await bin.open();
    await bin.checkbox(bin.studyRow('Bin')).check();
    await bin.button('Delete').click();
    const remove = bin.dialog('Delete for good');
    await remove.getByText('Are you sure you want to delete?').waitFor();
    await remove.getByText('This cannot be undone.').waitFor();
    await screenshot(page, 'trash-delete-dialog-1366');
    await remove.getByRole('button', { name: 'Delete', exact: true }).click();
    await remove.waitFor({ state: 'detached' });
    // The run counts the study and every image it held (its series go with it).
    await expect.poll(() => bin.outcome.textContent()).toMatch(/^Deleted for good: 1 study and 2 images \(\d+\.\d\d KB\)/);
    await bin.empty.waitFor();
    const history = bin.history.locator('tbody tr');
    await expect.poll(() => history.count()).toBe(1);
    await expect(history.first().textContent()).resolves.toMatch(/By hand.*admin.*1 study/);
    await screenshot(page, 'trash-history-1366');

    await page.goto(`${stack.baseUrl}/viewer/#/list`);
    await list.waitUntilLoaded();
    await list.waitForRowCount(1);
  });

  it('fits a phone: the Edit folder, the bin with a study expanded, and the delete all confirmation', async () => {
    open = await newPage(browser, PHONE);
    const { page } = open;
    await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    await list.toolbarButton('Edit').click();
    const folder = page.getByRole('menu', { name: 'Edit' });
    await folder.getByRole('menuitem', { name: 'Delete', exact: true }).waitFor();
    await screenshot(page, 'trash-list-folder-390');
    await page.keyboard.press('Escape');
    await folder.waitFor({ state: 'detached' });

    // Another study to the bin, through the API this time.
    await admin.agent
      .post(`${API}/studies/delete`)
      .set(admin.csrf)
      .send({ Items: [{ StudyInstanceUID: tinyStudyUids('btrash-2').study }] })
      .expect(200);
    const bin = new TrashPage(page, stack.baseUrl);
    await bin.open();
    const row = bin.studyRow('Stay');
    await bin.expand(row);
    await bin.expand(bin.seriesRows.first());
    await expect.poll(() => bin.instanceRows.count()).toBe(1);
    await screenshot(page, 'trash-bin-expanded-390');
    // Nothing but the table itself is wider than the screen.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);

    await bin.button('Delete all').click();
    const dialog = bin.dialog('Delete all for good');
    await dialog.getByText('Everything in the recycle bin: 1 study').waitFor();
    await screenshot(page, 'trash-delete-all-dialog-390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await bin.button('Restore all').click();
    await bin.dialog('Restore all').getByRole('button', { name: 'Restore', exact: true }).click();
    await bin.empty.waitFor();
  });

  it("says when someone else changed the bin, and not after the user's own restore", async () => {
    open = await newPage(browser, DESKTOP);
    const { page } = open;
    await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    const bin = new TrashPage(page, stack.baseUrl);
    await bin.open();
    await bin.empty.waitFor();
    const heartbeats = () => page.waitForResponse((response) => response.url().includes('/server/heartbeat?key=trashbox'));
    await heartbeats();

    // Another session moves a study to the bin.
    await admin.agent
      .post(`${API}/studies/delete`)
      .set(admin.csrf)
      .send({ Items: [{ StudyInstanceUID: tinyStudyUids('btrash-2').study }] })
      .expect(200);
    await bin.notice.waitFor({ timeout: 25_000 });
    await expect(bin.studyRows.count()).resolves.toBe(0);
    await bin.notice.getByRole('button', { name: 'Refresh' }).click();
    await bin.studyRow('Stay').waitFor();
    await expect(bin.notice.count()).resolves.toBe(0);

    await bin.checkbox(bin.studyRow('Stay')).check();
    await bin.button('Restore').click();
    await bin.dialog('Restore').getByRole('button', { name: 'Restore', exact: true }).click();
    await bin.empty.waitFor();
    // The page's own marker read after the restore, then the heartbeat's next one: no notice.
    await heartbeats();
    await heartbeats();
    await expect(bin.notice.count()).resolves.toBe(0);
  });

  it('shows no Delete to a user without list_delete', async () => {
    open = await newPage(browser, DESKTOP);
    const { page } = open;
    await signInThroughLogin(page, stack.baseUrl, READER.id, READER.password);
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    await list.toolbarButton('Edit').click();
    const folder = page.getByRole('menu', { name: 'Edit' });
    await folder.getByRole('menuitem', { name: 'Note', exact: true }).waitFor();
    await expect(folder.getByRole('menuitem', { name: 'Delete', exact: true }).count()).resolves.toBe(0);
    await expect(list.toolbar.getByRole('button', { name: 'Delete', exact: true }).count()).resolves.toBe(0);

    const reader = await signIn(stack.baseUrl, READER.id, READER.password);
    await reader.agent
      .post(`${API}/studies/delete`)
      .set(reader.csrf)
      .send({ Items: [{ StudyInstanceUID: tinyStudyUids('btrash-2').study }] })
      .expect(403);
  });
});
