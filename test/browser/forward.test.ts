/**
 * Forward from the list end to end: select a study, send it to a send destination that is a real
 * dcmtk storescp, watch the progress panel say Sent, and find the instance in storescp's folder.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API, signIn } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { startStorescp } from '../harness/network.ts';
import { freePort } from '../../scripts/services/process.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

let stack: Stack;
let browser: Browser;
let open: OpenPage | undefined;
let storescp: ChildProcess | undefined;
let ctOnly: ChildProcess | undefined;
let received: string;
let picky: string;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    { seed: 'bfwd-1', patientName: 'Forward^Anna', patientId: 'F-1', studyDescription: 'CT chest', modality: 'CT' },
    { seed: 'bfwd-2', patientName: 'Stay^Bert', patientId: 'F-2', studyDescription: 'MR head', modality: 'MR' },
  ]);
  received = mkdtempSync(join(tmpdir(), 'pacs-bfwd-'));
  const port = await freePort();
  storescp = await startStorescp(['-aet', 'READING', '-od', received], port);
  await admin.agent
    .post(`${API}/sendsettings/create`)
    .set(admin.csrf)
    .type('form')
    .send({
      Name: 'Reading room',
      IPAddress: '127.0.0.1',
      Port: String(port),
      CalledAETitle: 'READING',
      CallingAETitle: stack.config.dicomAet,
    })
    .expect(200);
  // A destination that accepts CT Image Storage only: the tiny studies' Secondary Capture is refused.
  picky = mkdtempSync(join(tmpdir(), 'pacs-bfwd-picky-'));
  const cfg = join(picky, 'ct-only.cfg');
  writeFileSync(
    cfg,
    '[[TransferSyntaxes]]\n[U]\nTransferSyntax1 = LittleEndianImplicit\nTransferSyntax2 = LocalEndianExplicit\n' +
      '[[PresentationContexts]]\n[Only]\nPresentationContext1 = VerificationSOPClass\\U\nPresentationContext2 = CTImageStorage\\U\n' +
      '[[Profiles]]\n[Only]\nPresentationContexts = Only\n',
  );
  const pickyPort = await freePort();
  ctOnly = await startStorescp(['-xf', cfg, 'Only', '-aet', 'CTONLY', '-od', picky], pickyPort);
  await admin.agent
    .post(`${API}/sendsettings/create`)
    .set(admin.csrf)
    .type('form')
    .send({
      Name: 'CT only',
      IPAddress: '127.0.0.1',
      Port: String(pickyPort),
      CalledAETitle: 'CTONLY',
      CallingAETitle: stack.config.dicomAet,
    })
    .expect(200);
});

afterAll(async () => {
  await open?.context.close();
  storescp?.kill();
  ctOnly?.kill();
  await browser?.close();
  await stack?.stop();
  if (received) rmSync(received, { recursive: true, force: true });
  if (picky) rmSync(picky, { recursive: true, force: true });
});

describe('forward', () => {
  it('sends the selected study to a send destination and shows it sent', async () => {
    open = await newPage(browser, { width: 1440, height: 900 });
    const { page } = open;
    await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    await list.waitForRowCount(2);

    const forward = list.toolbar.getByRole('button', { name: 'Forward', exact: true });
    await expect(forward.isDisabled()).resolves.toBe(true);
    await list.studyRow('CT chest').locator('td').nth(3).click();
    await forward.click();
    const dialog = page.getByRole('dialog', { name: 'Forward' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('1 study selected');
    await expect.poll(() => dialog.getByLabel('Send destination').inputValue()).not.toBe('');
    await screenshot(page, 'forward-dialog-1440');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'detached' });

    const panel = page.getByRole('region', { name: 'Forwarding' });
    await panel.getByText('Sent').waitFor({ timeout: 30_000 });
    await expect(panel.textContent()).resolves.toContain('Forward Anna');
    await expect(panel.textContent()).resolves.toContain('1 of 1 instances');
    await screenshot(page, 'forward-progress-1440');
    expect(readdirSync(received)).toHaveLength(1);

    await panel.getByRole('button', { name: 'Clear finished' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('names the instance a destination refused in the panel, on a PC and on a phone', async () => {
    const { page } = open!;
    const list = new StudyListPage(page);
    await list.studyRow('MR head').locator('td').nth(3).click();
    await list.toolbar.getByRole('button', { name: 'Forward', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward' });
    await dialog.waitFor();
    const ctOnlyValue = await dialog.locator('option', { hasText: 'CT only' }).getAttribute('value');
    await dialog.getByLabel('Send destination').selectOption(ctOnlyValue!);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'detached' });

    const panel = page.getByRole('region', { name: 'Forwarding' });
    await panel.getByText('The destination refused 1 instance').waitFor({ timeout: 30_000 });
    const text = await panel.textContent();
    expect(text).toContain('Stay Bert');
    expect(text).toContain('0 of 1 instances');
    expect(text).toContain('Series 1, instance 1');
    expect(text).toContain(tinyStudyUids('bfwd-2').instance);
    expect(text).toContain('its SOP class was not accepted');
    await screenshot(page, 'forward-refused-1440');

    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByText('Series 1, instance 1').waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'forward-refused-390');
  });
});
