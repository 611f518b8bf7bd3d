/**
 * The DICOM network screens end to end on a real on-premises stack (issue 15): the DICOM service
 * is shown with its restart warning; a DICOM user is added through the dialog after the client
 * explains the node rules without asking the server; it is echoed (a running dcmtk storescp) and
 * pinged; a send destination on a closed port fails to connect; both are deleted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStack, type Stack } from '../harness/stack.ts';
import { freePort } from '../../scripts/services/process.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { NetworkPage } from './pages/network-page.ts';
import { signInThroughLogin } from './pages/sign-in.ts';

let stack: Stack;
let browser: Browser;
let admin: OpenPage;
let network: NetworkPage;
let workDir: string;
let storescp: ChildProcess | undefined;
let storescpPort = 0;
let closedPort = 0;
/** Node calls the browser sent (method and path), to prove the client refused before sending. */
const sent: string[] = [];

const USER = { name: 'Store SCP', aeTitle: 'REMOTE' };
const DESTINATION = 'Closed room';

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'pacs-netui-'));
  [storescpPort, closedPort] = await Promise.all([freePort(), freePort()]);
  storescp = spawn('storescp', ['-aet', 'REMOTE', '-od', workDir, String(storescpPort)], { stdio: 'ignore' });
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await newPage(browser);
  admin.page.on('request', (request) => {
    if (/\/(users|sendsettings)\/(create|update|delete)/.test(request.url()))
      sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await signInThroughLogin(admin.page, stack.baseUrl, stack.adminId, stack.adminPassword);
  network = new NetworkPage(admin.page, stack.baseUrl);
});

afterEach(async () => {
  while ((await admin.page.getByRole('dialog').count()) > 0) await admin.page.keyboard.press('Escape');
});

afterAll(async () => {
  storescp?.kill();
  await admin?.context.close();
  await browser?.close();
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('admin/server/connection', () => {
  it("shows the archive's AE title and port, and warns before a change restarts the DICOM service", async () => {
    await network.openServer();
    const card = network.providerCard;
    await expect(card.textContent()).resolves.toContain(stack.config.dicomAet);
    await expect(card.textContent()).resolves.toContain(String(stack.config.dicomPort));
    await expect(card.textContent()).resolves.toContain('No DICOM users');
    await admin.page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = network.dialog('Edit the DICOM service');
    await dialog.waitFor();
    const warning = dialog.getByText('restarts the DICOM service');
    await expect(warning.count()).resolves.toBe(0);
    await dialog.getByLabel('Port', { exact: true }).fill('70000');
    await warning.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a port number from 1 to 65535').waitFor();
    await screenshot(admin.page, 'network-provider-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('admin/client/connection', () => {
  it('adds a DICOM user, explaining the node rules before anything is sent', async () => {
    await network.openClient();
    const dialog = await network.add('Add DICOM user');
    await network.fill(dialog, { Name: USER.name, 'AE title': 'A'.repeat(17), 'IP address': '256.1.1.1', Port: '70000' });
    await network.save(dialog);
    await dialog.getByText('Up to 16 characters, without backslash or leading and trailing spaces').waitFor();
    await dialog.getByText('Enter four numbers from 0 to 255 separated by dots, e.g. 192.168.1.20').waitFor();
    await dialog.getByText('Enter a port number from 1 to 65535').waitFor();
    await screenshot(admin.page, 'network-user-dialog-invalid');
    await network.fill(dialog, { 'AE title': 'CT\\ONE', 'IP address': '127.0.0.1', Port: String(storescpPort) });
    await dialog.getByText('Up to 16 characters, without backslash or leading and trailing spaces').waitFor();
    await expect(dialog.getByText('Enter a port number from 1 to 65535').count()).resolves.toBe(0);
    expect(sent).toEqual([]);

    await network.fill(dialog, { 'AE title': USER.aeTitle });
    await network.save(dialog);
    await dialog.waitFor({ state: 'detached' });
    expect(sent).toEqual(['POST /viewer/api/users/create']);
    const row = network.row('DICOM users', USER.aeTitle);
    await expect(row.textContent()).resolves.toContain(`127.0.0.1${storescpPort}`);
    await network.section('DICOM users').getByText('1 DICOM user').waitFor();
  });

  it("echoes the DICOM user's storescp and sees Success", async () => {
    const dialog = await network.rowAction('DICOM users', USER.aeTitle, 'Echo', USER.name, `DICOM echo: ${USER.name}`);
    await dialog.getByRole('status').filter({ hasText: 'Success' }).waitFor();
    // Called: the user's AE title; calling: the archive's.
    await expect(dialog.textContent()).resolves.toContain(USER.aeTitle);
    await expect(dialog.textContent()).resolves.toContain(stack.config.dicomAet);
    await screenshot(admin.page, 'network-echo-success');
    await network.close(dialog);
  });

  it('pings 127.0.0.1 and sees three replies', async () => {
    const dialog = await network.rowAction('DICOM users', USER.aeTitle, 'Ping', USER.name, `Ping: ${USER.name}`);
    await dialog.getByText('3 of 3 replies from 127.0.0.1').waitFor({ timeout: 20_000 });
    await expect(dialog.locator('tbody tr').count()).resolves.toBe(3);
    await expect(dialog.getByText(/ICMP/).count()).resolves.toBe(1);
    await screenshot(admin.page, 'network-ping');
    await network.close(dialog);
  });

  it('adds a send destination on a closed port; its echo fails to connect', async () => {
    const dialog = await network.add('Add send destination');
    // A new destination introduces itself as the archive.
    await expect(dialog.getByLabel('Calling AE title', { exact: true }).inputValue()).resolves.toBe(stack.config.dicomAet);
    await network.fill(dialog, { Name: DESTINATION, 'IP address': '127.0.0.1', Port: String(closedPort), 'Called AE title': 'NOBODY' });
    await network.save(dialog);
    await dialog.waitFor({ state: 'detached' });
    await network.row('Send destinations', DESTINATION).waitFor();

    const echo = await network.rowAction('Send destinations', DESTINATION, 'Echo', DESTINATION, `DICOM echo: ${DESTINATION}`);
    await echo.getByRole('alert').filter({ hasText: 'Failed to connect' }).waitFor();
    await screenshot(admin.page, 'network-echo-failed');
    await network.close(echo);
  });

  it('fits a phone: each node is its name over its AE title, address and port', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      await signInThroughLogin(phone.page, stack.baseUrl, stack.adminId, stack.adminPassword);
      const onPhone = new NetworkPage(phone.page, stack.baseUrl);
      await onPhone.openClient();
      await onPhone.section('DICOM users').getByText(`127.0.0.1:${storescpPort}`).waitFor();
      await onPhone.section('Send destinations').getByText(`127.0.0.1:${closedPort}`).waitFor();
      // The buttons stay in view without covering a column, and the page does not scroll sideways.
      await onPhone
        .section('DICOM users')
        .getByRole('button', { name: `Echo ${USER.name}` })
        .waitFor();
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(phone.page, 'network-client-phone');
    } finally {
      await phone.context.close();
    }
  });

  it('deletes the DICOM user and the send destination', async () => {
    const user = await network.rowAction('DICOM users', USER.aeTitle, 'Delete', USER.name, 'Delete DICOM user');
    await user.getByRole('button', { name: 'Delete' }).click();
    await user.waitFor({ state: 'detached' });
    const destination = await network.rowAction('Send destinations', DESTINATION, 'Delete', DESTINATION, 'Delete send destination');
    await destination.getByRole('button', { name: 'Delete' }).click();
    await destination.waitFor({ state: 'detached' });
    await network.section('DICOM users').getByText('No DICOM users').waitFor();
    await network.section('Send destinations').getByText('No send destinations').waitFor();
    expect(sent.filter((call) => call.startsWith('DELETE'))).toHaveLength(2);
  });
});
