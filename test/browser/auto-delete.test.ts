/**
 * Auto-delete end to end (issue 16): an administrator sets a rule on admin/server/auto-delete
 * (an empty rule stays empty), runs it now after the confirmation, and sees the run in the
 * history with its settings; the oldest study is in the recycle bin. Desktop and phone sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn } from '../harness/api.ts';
import { storeTinyStudies } from '../harness/fixtures.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { AutoDeletePage } from './pages/auto-delete-page.ts';
import { signInThroughLogin } from './pages/sign-in.ts';

let stack: Stack;
let browser: Browser;
let admin: OpenPage;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const api = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(
    stack,
    api,
    [1, 2, 3].map((n) => ({ seed: `autodel-ui-${n}`, patientName: `Auto^${n}`, patientId: `AUI-${n}` })),
  );
  for (const n of [1, 2, 3])
    await stack.sql(`update studies set created_at = now() - make_interval(days => $2) where study_instance_uid = $1`, [
      tinyStudyUids(`autodel-ui-${n}`).study,
      10 - n,
    ]);
  // The daily run off, so that only Run now acts.
  await api.agent.patch(`${API}/autodeletesettings/update`).set(api.csrf).type('form').send({ Enabled: 'false' }).expect(200);
  admin = await newPage(browser, { width: 1366, height: 800 });
  await signInThroughLogin(admin.page, stack.baseUrl, stack.adminId, stack.adminPassword);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await stack?.stop();
});

describe('admin/server/auto-delete', () => {
  it('sets a rule, runs it now and shows the run in the history', async () => {
    const screen = new AutoDeletePage(admin.page, stack.baseUrl);
    await screen.open();
    await expect(screen.rule('Lifetime').inputValue()).resolves.toBe('');
    await expect(screen.rule('Capacity').inputValue()).resolves.toBe('');
    await screen.rule('Lifetime').fill('2.5');
    await screen.form.getByRole('button', { name: 'Save' }).click();
    await screen.form.getByText('Enter a whole number of days').waitFor();
    await screen.rule('Lifetime').fill('');
    await screen.rule('Number of studies').fill('2');
    await screen.save();
    await screen.history.getByText('No items found').waitFor();
    await screenshot(admin.page, 'auto-delete-desktop');

    await screen.runNow();
    const row = screen.history.getByRole('row').nth(1);
    await row.getByText('1 study moved to the recycle bin').waitFor();
    await expect(row.textContent()).resolves.toContain('Run now by admin');
    await expect(row.textContent()).resolves.toContain('Keep 2 studies (by Arrival in the archive)');
    await expect(row.textContent()).resolves.toContain('Lifetime 0, number 1, capacity 0');
    const trashed = await stack.sql<{ uid: string; by: string }>(
      'select study_instance_uid as uid, trashed_by as by from studies where trashed_at is not null',
    );
    expect(trashed).toEqual([{ uid: tinyStudyUids('autodel-ui-1').study, by: 'auto-delete' }]);
    await screenshot(admin.page, 'auto-delete-desktop-run');
    await screen.history.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'auto-delete-desktop-history');

    // After a reload the saved rule is there and the empty ones stay empty.
    await screen.open();
    await expect(screen.rule('Number of studies').inputValue()).resolves.toBe('2');
    await expect(screen.rule('Lifetime').inputValue()).resolves.toBe('');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin.page, 'auto-delete-phone');
    await screen.history.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'auto-delete-phone-history');
  });
});
