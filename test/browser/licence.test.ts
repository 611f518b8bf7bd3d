/**
 * admin/general/license in the browser (issue 19): without a licence the screen says the site
 * runs unlimited; a tampered file pasted into the activation dialog is refused with the reason;
 * a Trial licence activated through the dialog brings the trial dialog and the licence alert, and
 * the screen shows its type, holder, limits and distributor.
 * Screenshots at 1440 and 390 wide.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { LICENCE_MESSAGES } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { licenceIssuer } from '../harness/licence.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';

const issuer = licenceIssuer();
let stack: Stack;
let browser: Browser;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { LICENCE_KEYS: issuer.keysDir } }), launchBrowser()]);
});

afterAll(async () => {
  await open?.context.close();
  await browser?.close();
  await stack?.stop();
  rmSync(issuer.keysDir, { recursive: true, force: true });
});

describe('licence screen', () => {
  it('shows unlimited, refuses a tampered file, then shows an activated Trial licence', async () => {
    open = await newPage(browser, { width: 1440, height: 900 });
    const { page } = open;
    await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    await page.goto(`${stack.baseUrl}/viewer/#/admin/general/license`);
    await page.getByText('No license is installed: this site runs without limits.').waitFor();
    await expect(page.getByTestId('licence-table').textContent()).resolves.toContain('Unlimited');

    const trial = issuer.issue({ MaxNumberOfStudy: 500, MaxNumberOfWebConnection: 5, MaxNumberOfDicomConnection: 3 });
    const tampered = trial.replace('\\"MaxNumberOfStudy\\":500', '\\"MaxNumberOfStudy\\":0');
    expect(tampered).not.toBe(trial);

    await page.getByRole('button', { name: 'Activation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activation' });
    await dialog.getByLabel("Or paste the license file's text").fill(tampered);
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await dialog.getByRole('alert').getByText(LICENCE_MESSAGES.signature).waitFor();

    await dialog.getByLabel("Or paste the license file's text").fill(trial);
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A Trial licence brings the trial dialog at once (spec 1 §4) and the licence alert.
    const reminder = page.getByRole('dialog', { name: 'Trial license' });
    await reminder.getByText('valid until').waitFor();
    await screenshot(page, 'licence-trial-dialog-1440');
    await reminder.getByRole('button', { name: 'OK' }).click();
    await reminder.waitFor({ state: 'detached' });
    await expect(page.getByTestId('licence-alert').textContent()).resolves.toContain('Trial license');

    const table = page.getByTestId('licence-table');
    await table.getByText('Trial').waitFor();
    const text = await table.textContent();
    expect(text).toContain('St. Elsewhere Hospital');
    expect(text).toContain('500');
    await expect(page.getByTestId('distributor-table').textContent()).resolves.toContain('Northwind Imaging');
    await screenshot(page, 'licence-trial-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await table.getByText('Trial').waitFor();
    await screenshot(page, 'licence-trial-390');
  });
});
