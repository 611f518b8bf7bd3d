/**
 * The DICOM connection limit in the browser (spec 1 §2): with the licence's DICOM connections all
 * registered, adding another DICOM user opens the limit dialog, which cannot be dismissed by Esc
 * and shows the registered devices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API, signIn } from '../harness/api.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { NetworkPage } from './pages/network-page.ts';
import { signInThroughLogin } from './pages/sign-in.ts';

let stack: Stack;
let browser: Browser;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ env: { MAX_DICOM_CONNECTIONS: '1' } }), launchBrowser()]);
  const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await admin.agent
    .post(`${API}/users/create`)
    .set(admin.csrf)
    .type('form')
    .send({ Provider: '1', Name: 'CT scanner', AETitle: 'CT_ROOM_1', IPAddress: '10.1.2.3', Port: '104' })
    .expect(200);
});

afterAll(async () => {
  await open?.context.close();
  await browser?.close();
  await stack?.stop();
});

describe('DICOM connection limit', () => {
  it('opens the limit dialog with the registered devices when one more is added', async () => {
    open = await newPage(browser, { width: 1440, height: 900 });
    const { page } = open;
    await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    const network = new NetworkPage(page, stack.baseUrl);
    await network.openClient();
    const dialog = await network.add('Add DICOM user');
    await network.fill(dialog, { Name: 'MR scanner', 'AE title': 'MR_ROOM_2', 'IP address': '10.1.2.4', Port: '104' });
    await network.save(dialog);

    const limit = page.getByRole('dialog', { name: 'DICOM connection limit' });
    await limit.waitFor();
    await limit.getByText('You have already reached the maximum number of DICOM Connections.').waitFor();
    await limit.getByRole('cell', { name: 'CT_ROOM_1' }).waitFor();
    await expect(limit.textContent()).resolves.toContain('1 registered of 1 allowed.');
    await screenshot(page, 'dicom-connection-limit-1440');
    await page.keyboard.press('Escape');
    await expect(limit.isVisible()).resolves.toBe(true);
    await limit.getByRole('button', { name: 'Close' }).click();
    await limit.waitFor({ state: 'detached' });
    await expect(network.row('DICOM users', 'MR_ROOM_2').count()).resolves.toBe(0);
  });
});
