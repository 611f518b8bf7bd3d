/**
 * Server general and the about pages end to end (issue 19), on the PACS edition (the one whose
 * users get the release-notes dialog): an administrator reads the server status (the data folder
 * with its real path), renames the server (an empty name refused on the form); the credits list
 * react and express with their licences; a settings upgrade opens the release notes once; the
 * contact dialog says whom to ask; the audit export form saves a collector; with the DICOM front
 * receiver on, its spool's counts after a study by storescu, and each front's when a second one
 * (a cluster's dead replica, its row written here) is not reporting. Desktop and phone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SETTINGS_VERSION } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn } from '../harness/api.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { storeFiles, tinyStudy } from '../harness/dicom.ts';
import type { Shell } from './pages/shell.ts';

let stack: Stack;
let browser: Browser;
let admin: OpenPage;
let shell: Shell;

/** The stored settings as one older schema version: the next load upgrades them. */
async function makeSettingsOlder(id: string): Promise<void> {
  const [row] = await stack.sql<{ settings: unknown }>('select settings from accounts where id = $1', [id]);
  const tree = (typeof row!.settings === 'string' ? JSON.parse(row!.settings) : row!.settings) as Record<string, unknown>;
  await stack.sql('update accounts set settings = $2 where id = $1', [id, JSON.stringify({ ...tree, version: SETTINGS_VERSION - 1 })]);
}

/** The port of the second front, not reporting (any port but this stack's own front's). */
const DEAD_FRONT = () => stack.config.dicomPort + 1;

/** The cells of one front's row in the card's breakdown: waiting, refused, handed over, last report. */
async function frontCells(page: Page, port: number): Promise<string[]> {
  const row = page.locator(`section[aria-labelledby="server-front-title"] table.server-fronts tbody tr[data-port="${port}"]`);
  await row.waitFor();
  return row.locator('td').allTextContents();
}

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ edition: 'pacs', env: { DICOM_FRONT: 'on' } }), launchBrowser()]);
  // One instance through the front receiver, so that its counts show on the server screen.
  const dir = mkdtempSync(join(tmpdir(), 'pacs-server-'));
  try {
    writeFileSync(join(dir, 'one.dcm'), tinyStudy({ seed: 'server-front', patientName: 'Front^Count', patientId: 'SRV-1' }));
    expect((await storeFiles([join(dir, 'one.dcm')], { port: stack.config.dicomPort })).failed).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // A second front that stopped reporting 10 minutes ago with files in its spool, as a cluster's
  // dead replica leaves it: the card lists each front, that one as not reporting.
  await stack.sql(
    `insert into dicom_front_status (front, pending, failed, stored, heartbeat_at) values ($1, 3, 1, 7, now() - interval '10 minutes')`,
    [String(DEAD_FRONT())],
  );
  // A first load stores the settings; then they are made one version older, as after an upgrade.
  const api = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await api.agent.get(`${API}/service/settings`).expect(200);
  await makeSettingsOlder(stack.adminId);
  admin = await newPage(browser, { width: 1280, height: 800 });
  shell = await signInThroughLogin(admin.page, stack.baseUrl, stack.adminId, stack.adminPassword);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await stack?.stop();
});

describe('release notes after an upgrade', () => {
  it('opens once after the settings were upgraded, and not again', async () => {
    const dialog = shell.dialog("What's new");
    await dialog.getByText(/has been updated to version/).waitFor();
    await screenshot(admin.page, 'release-notes-dialog-desktop');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (
            await stack.sql<{ mark: boolean | null }>(
              "select (settings::jsonb ->> 'release_notes')::boolean as mark from accounts where id = $1",
              [stack.adminId],
            )
          )[0]?.mark,
      )
      .toBe(false);
    await admin.page.reload();
    await admin.page.locator('.app-main').waitFor();
    await shell.dismissTimeZoneIfAsked();
    await admin.page.waitForTimeout(1_000);
    await expect(dialog.count()).resolves.toBe(0);
  });
});

describe('admin/server/general', () => {
  it('shows the folders and the web server, and renames the server', async () => {
    await admin.page.goto(`${stack.baseUrl}/viewer/#/admin/server/general`);
    await shell.dismissTimeZoneIfAsked();
    await admin.page.getByRole('heading', { level: 1, name: 'Server' }).waitFor();
    const folders = admin.page.locator('table.server-folders');
    await folders.getByText(stack.dataDir, { exact: true }).waitFor();
    await expect(folders.locator('tbody tr').count()).resolves.toBe(3);
    await admin.page.getByText(`On, port ${stack.config.port}`).waitFor();
    await admin.page.getByRole('row', { name: 'Default character set ISO_IR 192 — Unicode (UTF-8)' }).waitFor();

    const name = admin.page.getByLabel('Name', { exact: true });
    await name.fill('');
    await admin.page.locator('form[aria-labelledby="server-name-title"]').getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('The field is required').waitFor();
    await name.fill('Radiology archive');
    await admin.page.locator('form[aria-labelledby="server-name-title"]').getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('Saved').waitFor();
    await expect
      .poll(
        async () => (await stack.sql<{ value: { Name: string } }>("select value from server_settings where key = 'server_name'"))[0]?.value,
      )
      .toEqual({ Name: 'Radiology archive' });
    await screenshot(admin.page, 'server-general-desktop');
  });

  it('shows the DICOM front receiver’s spool', async () => {
    await admin.page.setViewportSize({ width: 1440, height: 900 });
    const card = admin.page.locator('section[aria-labelledby="server-front-title"]');
    await card.getByRole('heading', { name: 'DICOM receiver' }).waitFor();
    await card.getByRole('row', { name: 'Waiting for the archive 0' }).waitFor();
    await card.getByRole('row', { name: 'Refused by the archive (see the log) 0' }).waitFor();
    await card.getByRole('row', { name: 'Handed to the archive since the start 1' }).waitFor();
    // Each front: this stack's own, reporting, and the dead one with its last counts (not in the totals).
    await card.getByRole('heading', { name: 'Each receiver' }).waitFor();
    await expect(frontCells(admin.page, stack.config.dicomPort)).resolves.toEqual(['0', '0', '1', expect.any(String)]);
    await expect(frontCells(admin.page, DEAD_FRONT())).resolves.toEqual(['3', '1', '7', expect.any(String)]);
    const dead = card.locator(`tr[data-port="${DEAD_FRONT()}"]`);
    await dead.getByText('Not reporting').waitFor();
    await expect(card.locator(`tr[data-port="${stack.config.dicomPort}"]`).getByText('Not reporting').count()).resolves.toBe(0);
    await card.getByText(/has not reported for 30 seconds is down/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'server-general-front-desktop');
    await admin.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('fits a phone', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      const phoneShell = await signInThroughLogin(phone.page, stack.baseUrl, stack.adminId, stack.adminPassword);
      await phone.page.goto(`${stack.baseUrl}/viewer/#/admin/server/general`);
      await phoneShell.dismissTimeZoneIfAsked();
      await phone.page.locator('table.server-folders').getByText(stack.dataDir, { exact: true }).waitFor();
      await screenshot(phone.page, 'server-general-phone');
      const front = phone.page.locator('section[aria-labelledby="server-front-title"]');
      await front.getByRole('row', { name: 'Handed to the archive since the start 1' }).waitFor();
      await expect(frontCells(phone.page, DEAD_FRONT())).resolves.toEqual(['3', '1', '7', expect.any(String)]);
      await front.locator('table.server-fronts').scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'server-general-front-phone');
      await noSideways(phone.page);
      // The breakdown fits the card: its table does not scroll sideways either.
      const clipped = await front.locator('.table-wrap').evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth);
      expect(clipped).toBeLessThanOrEqual(0);
    } finally {
      await phone.context.close();
    }
  });
});

describe('about pages', () => {
  it('lists the open-source components with their licences, and filters them', async () => {
    await admin.page.goto(`${stack.baseUrl}/viewer/#/about/credits`);
    const table = admin.page.getByTestId('credits-table');
    const row = (name: string) => table.locator('tbody tr').filter({ has: admin.page.getByRole('cell', { name, exact: true }) });
    await row('react').waitFor();
    await expect(row('react').textContent()).resolves.toMatch(/MIT.*Browser/);
    await expect(row('express').textContent()).resolves.toMatch(/MIT.*Server/);
    await expect(row('orthanc').textContent()).resolves.toMatch(/GPL-3\+.*Debian/);
    await screenshot(admin.page, 'about-credits-desktop');
    await admin.page.getByLabel('Filter by name or license').fill('express');
    await expect(table.locator('tbody tr').count()).resolves.toBeLessThan(5);

    await admin.page.goto(`${stack.baseUrl}/viewer/#/about/terms`);
    await admin.page.getByText(/is open-source software, provided as is/).waitFor();
    await admin.page.goto(`${stack.baseUrl}/viewer/#/about/release-notes`);
    await admin.page
      .getByRole('heading', { name: /^Version / })
      .first()
      .waitFor();
  });

  it('fits a phone, signed out', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      await phone.page.goto(`${stack.baseUrl}/viewer/#/about/credits`);
      await phone.page.getByTestId('credits-table').getByRole('cell', { name: 'react', exact: true }).waitFor();
      await screenshot(phone.page, 'about-credits-phone');
      await noSideways(phone.page);
    } finally {
      await phone.context.close();
    }
  });
});

describe('contact and audit export', () => {
  it('says whom to ask when the licence names no distributor', async () => {
    const menu = await shell.openProfileMenu();
    await menu.getByRole('menuitem', { name: 'Contact' }).click();
    await shell
      .dialog('Contact')
      .getByText(/names no distributor/)
      .waitFor();
    await screenshot(admin.page, 'contact-dialog-desktop');
    await admin.page.keyboard.press('Escape');
  });

  it('saves a syslog collector from the audit log screen', async () => {
    await admin.page.goto(`${stack.baseUrl}/viewer/#/admin/general/log`);
    const form = admin.page.locator('form[aria-labelledby="audit-export-title"]');
    await form.getByLabel('Send records to the collector').check();
    await form.getByLabel('Host', { exact: true }).fill('bad host!');
    await form.getByLabel('Port', { exact: true }).fill('6514');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The field is not a valid value').waitFor();
    await form.getByLabel('Host', { exact: true }).fill('collector.example');
    await form.getByLabel('Transport').selectOption('tcp');
    await form.getByText(/cross the network unencrypted/).waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByTestId('audit-export-state').waitFor();
    await expect
      .poll(
        async () =>
          (await stack.sql<{ value: Record<string, unknown> }>("select value from server_settings where key = 'audit_export'"))[0]?.value,
      )
      .toMatchObject({ Enabled: true, Host: 'collector.example', Port: 6514, Transport: 'tcp' });
    await form.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'audit-export-desktop');
    const phone = await newPage(browser, { width: 390, height: 844 });
    try {
      const phoneShell = await signInThroughLogin(phone.page, stack.baseUrl, stack.adminId, stack.adminPassword);
      await phone.page.goto(`${stack.baseUrl}/viewer/#/admin/general/log`);
      await phoneShell.dismissTimeZoneIfAsked();
      const phoneForm = phone.page.locator('form[aria-labelledby="audit-export-title"]');
      await phoneForm.getByText(/cross the network unencrypted/).waitFor();
      await phoneForm.scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'audit-export-phone');
      await noSideways(phone.page);
    } finally {
      await phone.context.close();
    }
    await form.getByLabel('Send records to the collector').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (await stack.sql<{ value: { Enabled: boolean } }>("select value from server_settings where key = 'audit_export'"))[0]?.value
            .Enabled,
      )
      .toBe(false);
  });
});
