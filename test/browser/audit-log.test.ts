/**
 * The audit log screen end to end (issue 19): an administrator sees who opened which study, opens
 * a record for its details, filters by account and action (a bad date range is refused on the
 * form with its message), pages, checks the chain and sets the retention. Desktop and phone sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AUDIT_RETENTION_MAX_DAYS } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { AuditLogPage } from './pages/audit-log-page.ts';
import { signInThroughLogin } from './pages/sign-in.ts';

let stack: Stack;
let browser: Browser;
let admin: OpenPage;
const A = tinyStudyUids('audit-ui-a');

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const api = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, api, [{ seed: 'audit-ui-a', patientName: 'Audit^Screen', patientId: 'AUI-A' }]);
  await createReader(api, {
    id: 'uireader',
    password: 'reader-pass-1',
    role: { name: 'UI readers', permissions: { list: true, viewer: true }, targets: { All: true } },
  });
  const reader = await signIn(stack.baseUrl, 'uireader', 'reader-pass-1');
  await reader.agent.get(`${API}/annotations/fromstudy`).query({ uid: A.study }).expect(200);
  // Enough records for a second page.
  for (let i = 0; i < 55; i++)
    stack.adapter!.deps.audit.recordFrom('10.9.8.7', { accountId: 'batch' }, { action: 'settings_change', details: { Key: `k${i}` } });
  await stack.adapter!.deps.audit.flush();
  admin = await newPage(browser, { width: 1440, height: 900 });
  await signInThroughLogin(admin.page, stack.baseUrl, stack.adminId, stack.adminPassword);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await stack?.stop();
});

describe('admin/general/log', () => {
  it('shows, opens, filters and pages the records, checks the chain and sets the retention', async () => {
    const screen = new AuditLogPage(admin.page, stack.baseUrl);
    await screen.open();
    await admin.page.getByText(/^1–50 of \d+$/).waitFor();
    await screen.page.getByRole('button', { name: 'Next' }).click();
    await admin.page.getByText(/^51–\d+ of \d+$/).waitFor();

    await screen.search({ Account: 'uireader' }, 'Study opened in the viewer');
    await admin.page.getByText('1–1 of 1').waitFor();
    await expect(screen.records.count()).resolves.toBe(1);
    // The subject is the patient's name as every screen writes it (carets as spaces, the site's form).
    const record = screen.record('Audit Screen');
    await expect(record.textContent()).resolves.toContain('uireader');
    await record.getByRole('button').click();
    await record.getByText(A.study).waitFor();
    await record.getByText('Chain hash').waitFor();
    await screenshot(admin.page, 'audit-log-desktop');

    await screen.search({ From: '2026-02-02', To: '2026-02-01' });
    await screen.filters.getByText('The end date must not be before the start date.').waitFor();

    await admin.page.getByRole('button', { name: 'Check the chain' }).click();
    await admin.page.getByText(/The chain holds: \d+ records checked\./).waitFor();
    // Common's rule, with the catalogue's message (it once showed common's English text as it came).
    await admin.page.getByLabel('Keep records for').fill('99999999');
    await admin.page.locator('form[aria-labelledby="RetentionDays-title"]').getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText(`Enter a whole number of days from 0 to ${AUDIT_RETENTION_MAX_DAYS}.`).waitFor();
    await admin.page.getByLabel('Keep records for').fill('400');
    await admin.page.locator('form[aria-labelledby="RetentionDays-title"]').getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (await stack.sql<{ value: { RetentionDays: number } }>("select value from server_settings where key = 'audit_log'"))[0]?.value,
      )
      .toEqual({ RetentionDays: 400 });
  });

  it('fits a phone', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      await signInThroughLogin(phone.page, stack.baseUrl, stack.adminId, stack.adminPassword);
      const screen = new AuditLogPage(phone.page, stack.baseUrl);
      await screen.open();
      await screen.search({ Account: 'uireader' });
      await phone.page.getByText(/^1–\d of \d$/).waitFor();
      await screen.record('Audit Screen').getByRole('button').click();
      await screenshot(phone.page, 'audit-log-phone');
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.context.close();
    }
  });
});
