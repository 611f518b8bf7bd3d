/**
 * The list's edit dialog end to end: select a study, Edit › Edit opens the study dialog with its
 * current values, a bad age is explained under its field, and a new PatientName saved shows in
 * the list. A user without list_edit has no Edit. Screenshots at desktop and phone sizes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signIn } from '../harness/api.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

let stack: Stack;
let browser: Browser;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    { seed: 'bedit-1', patientName: 'Wrong^Walter', patientId: 'ED-1', studyDescription: 'CT chest', modality: 'CT' },
    { seed: 'bedit-2', patientName: 'Other^Otto', patientId: 'ED-2', studyDescription: 'MR head', modality: 'MR' },
  ]);
  await createReader(admin, {
    id: 'reader',
    password: 'reader-pass-1',
    role: { name: 'Readers', permissions: { list: true, viewer: true } },
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

async function openEdit(viewport: { width: number; height: number }) {
  open = await newPage(browser, viewport);
  const { page } = open;
  const shell = await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
  await shell.dismissTimeZoneIfAsked();
  const list = new StudyListPage(page);
  await list.waitUntilLoaded();
  await list.waitForRowCount(2);
  await list.selectStudy('CT chest');
  const folder = list.toolbar.getByRole('button', { name: 'Edit', exact: true });
  await folder.scrollIntoViewIfNeeded();
  await folder.click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit study' });
  await dialog.waitFor();
  return { page, list, dialog };
}

describe('edit dialog', () => {
  it('edits the PatientName of the selected study and the list shows it', async () => {
    const { page, list, dialog } = await openEdit({ width: 1440, height: 900 });
    const name = dialog.getByLabel('Patient Name');
    await expect(name.inputValue()).resolves.toBe('Wrong^Walter');
    await expect(dialog.getByLabel('Study Date').inputValue()).resolves.toBe('2024-01-02');
    await expect(dialog.getByLabel('Study Time').inputValue()).resolves.toBe('10:15:00');

    // A bad age is explained under its field, and nothing is sent.
    await dialog.getByLabel('Age').fill('45Y');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The field is not a valid value').waitFor();
    await screenshot(page, 'edit-dialog-invalid-1440');
    await dialog.getByLabel('Age').fill('045Y');

    await name.fill('Right^Walter');
    await screenshot(page, 'edit-dialog-1440');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => list.studyRow('CT chest').textContent(), { timeout: 10_000 }).toContain('Right');
    await expect(list.studyRow('CT chest').textContent()).resolves.not.toContain('Wrong');
    await expect(list.studyRow('MR head').textContent()).resolves.toContain('Other');
  });

  it('fits a phone', async () => {
    const { page, dialog } = await openEdit({ width: 390, height: 844 });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save.isVisible()).resolves.toBe(true);
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'edit-dialog-390');
  });

  it('is not offered without list_edit', async () => {
    open = await newPage(browser, { width: 1440, height: 900 });
    const { page } = open;
    await signInThroughLogin(page, stack.baseUrl, 'reader', 'reader-pass-1');
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    await list.waitForRowCount(2);
    await list.selectStudy('CT chest');
    await list.toolbar.getByRole('button', { name: 'Viewer', exact: true }).waitFor();
    await expect(list.toolbar.getByRole('button', { name: 'Edit', exact: true }).count()).resolves.toBe(0);
  });
});
