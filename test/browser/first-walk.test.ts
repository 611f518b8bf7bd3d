/**
 * What a new user met on a first walk through the product (issue 13), end to end in Debian's
 * Chromium against a real stack:
 * - guest share links to the viewer and the report (`#/viewer?accesskey=…`, `#/report?accesskey=…`)
 *   open the shared study; a patient share's open the patient's newest study, the study picker
 *   offering the others;
 * - the tab's title follows the page (not 'Login | …' on the list after signing in);
 * - an SR, an ECG and a CR without pixel data say what they are and show their content tree,
 *   traces and header instead of blaming the transfer syntax (screenshots at desktop and phone);
 * - the viewer shows every group of a Japanese person name, as the list does;
 * - the administrator's time zone question comes once per session, not on every page load.
 * Screenshots go to test-results/screenshots/walk-*.png.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@pacs/common';
import type { Browser } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudyUids } from '../harness/dicom.ts';
import { storeTinyStudies, waitForIndexedStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { LoginPage } from './pages/login-page.ts';
import { ReportPage } from './pages/report-page.ts';
import { Shell } from './pages/shell.ts';
import { ViewerPage } from './pages/viewer-page.ts';

const PYDICOM = '/usr/lib/python3/dist-packages/pydicom/data';
const STUDY = tinyStudyUids('walk-study');
const OLDER = tinyStudyUids('walk-patient-older');
const NEWER = tinyStudyUids('walk-patient-newer');
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let stack: Stack;
let browser: Browser;
let admin: Session;
let workDir: string;
const studyOf = new Map<string, string>();
const opened: OpenPage[] = [];

function tag(file: string, key: string): string {
  const run = spawnSync('dcmdump', ['-q', '+P', key, file], { encoding: 'utf8' });
  return /\[([^\]]*)\]/.exec(run.stdout)?.[1] ?? '';
}

/** A copy of a pydicom sample with fresh UIDs (its samples share some), everything else as it is. */
function freshCopy(label: string, file: string): string {
  const target = join(workDir, `${label}.dcm`);
  copyFileSync(join(PYDICOM, file), target);
  const run = spawnSync('dcmodify', ['-nb', '-gst', '-gse', '-gin', target], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`dcmodify ${file}: ${run.stderr}`);
  studyOf.set(label, tag(target, '0020,000d'));
  return target;
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    { seed: 'walk-study', patientName: 'Study^Shared', patientId: 'WALK-1', modality: 'CT', studyDescription: 'Shared CT' },
    { seed: 'walk-patient-older', patientName: 'Patient^Pat', patientId: 'WALK-2', modality: 'MR', studyDate: '20230101' },
    {
      seed: 'walk-patient-newer',
      patientName: 'Patient^Pat',
      patientId: 'WALK-2',
      modality: 'CT',
      studyDate: '20240301',
      studyDescription: 'Newest CT',
    },
  ]);
  workDir = mkdtempSync(join(tmpdir(), 'pacs-walk-'));
  const files = [
    freshCopy('sr', 'test_files/test-SR.dcm'),
    freshCopy('ecg', 'test_files/waveform_ecg.dcm'),
    freshCopy('cr-no-pixels', 'charset_files/chrJapMulti.dcm'),
    freshCopy('japanese', 'charset_files/chrH31.dcm'),
  ];
  const result = await storeFiles(files, { port: stack.config.dicomPort });
  expect(result.failed).toEqual([]);
  await waitForIndexedStudies(stack, [...studyOf.values()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

afterEach(async () => {
  for (const open of opened.splice(0)) await open.context.close();
});

async function fresh(viewport = DESKTOP): Promise<OpenPage> {
  const open = await newPage(browser, viewport);
  opened.push(open);
  return open;
}

async function signInAsAdmin(open: OpenPage): Promise<Shell> {
  const login = new LoginPage(open.page, stack.baseUrl);
  const shell = new Shell(open.page);
  await login.open('/login');
  await login.signIn(stack.adminId, stack.adminPassword);
  await shell.waitForRoute(/^\/list/);
  return shell;
}

const link = (route: string, key: string) => `${stack.baseUrl}/viewer/#${route}?accesskey=${encodeURIComponent(key)}`;

describe('share links that name no study', () => {
  it('open the shared study in the viewer and its report for a guest', async () => {
    const share = (
      await admin.agent
        .post(`${API}/sharestudies/create`)
        .set(admin.csrf)
        .type('form')
        .send({ uid: STUDY.study, ExpiresAt: tomorrow })
        .expect(200)
    ).body as { AccessKey: string };
    const { page } = await fresh();
    const shell = new Shell(page);
    await page.goto(link('/viewer', share.AccessKey));
    await shell.waitForRoute(/^\/viewer\?studyinstanceuid=/);
    expect(new URLSearchParams(shell.route().split('?')[1]).get('studyinstanceuid')).toBe(STUDY.study);
    // The header is there before the study's details arrive: wait for its text.
    await expect.poll(() => page.locator('.viewer-patient').textContent(), { timeout: 15_000 }).toBe('Study Shared');
    const viewer = new ViewerPage(page, stack.baseUrl);
    await expect(viewer.waitForOutcome(0)).resolves.toBe('image');
    await expect(page.getByText('No study was chosen').count()).resolves.toBe(0);
    await screenshot(page, 'walk-guest-viewer');

    await page.goto(link('/report', share.AccessKey));
    const report = new ReportPage(page);
    await report.waitUntilShown();
    expect(shell.route()).toContain(`studyinstanceuid=${STUDY.study}`);
    await expect(report.header.textContent()).resolves.toContain('Study Shared');
    await expect(page.getByText('no study was given').count()).resolves.toBe(0);
    await screenshot(page, 'walk-guest-report');
  });

  it("open a patient share's newest study, the study picker offering the patient's others", async () => {
    const share = (
      await admin.agent
        .post(`${API}/sharepatients/create`)
        .set(admin.csrf)
        .type('form')
        .send({ id: 'WALK-2', ExpiresAt: tomorrow })
        .expect(200)
    ).body as { AccessKey: string };
    expect(share.AccessKey).toBeTruthy();
    const { page } = await fresh();
    const shell = new Shell(page);
    await page.goto(link('/viewer', share.AccessKey));
    await shell.waitForRoute(/^\/viewer\?studyinstanceuid=/);
    expect(shell.route()).toContain(`studyinstanceuid=${NEWER.study}`);
    const viewer = new ViewerPage(page, stack.baseUrl);
    await expect(viewer.waitForOutcome(0)).resolves.toBe('image');
    const picker = viewer.studyPicker();
    // The picker starts on the open study's modality (history mode "modality", the default): the
    // patient has no other CT; without that filter it offers the MR.
    await expect.poll(() => picker.locator('option').allTextContents()).toEqual(['No other studies']);
    await page.getByRole('group', { name: 'Modality', exact: true }).getByRole('button', { name: 'CT', exact: true }).click();
    await expect.poll(() => picker.locator('option').allTextContents()).toEqual(['Compare with…', '2023-01-01 MR']);
    await expect(picker.locator('option').nth(1).getAttribute('value')).resolves.toBe(OLDER.study);
    await screenshot(page, 'walk-guest-patient-viewer');

    await page.goto(link('/report', share.AccessKey));
    await new ReportPage(page).waitUntilShown();
    expect(shell.route()).toContain(`studyinstanceuid=${NEWER.study}`);
  });
});

describe('the page title', () => {
  it('follows the page: the list after signing in does not keep the login page title', async () => {
    const open = await fresh();
    const { page } = open;
    await new LoginPage(page, stack.baseUrl).open('/login');
    await expect.poll(() => page.title()).toBe(`Login | ${PRODUCT_NAME}`);
    await signInAsAdmin(open);
    await expect.poll(() => page.title()).toBe(PRODUCT_NAME);
    await page.evaluate(() => (window.location.hash = '#/about/overview'));
    await expect.poll(() => page.title()).toContain('About');
    await page.evaluate(() => (window.location.hash = '#/list'));
    await expect.poll(() => page.title()).toBe(PRODUCT_NAME);
  });
});

describe('objects without an image', () => {
  async function openInViewer(label: string, viewport = DESKTOP) {
    const open = await fresh(viewport);
    const shell = await signInAsAdmin(open);
    await shell.dismissTimeZoneIfAsked();
    const viewer = new ViewerPage(open.page, stack.baseUrl);
    await viewer.open(studyOf.get(label) ?? '');
    return { page: open.page, viewer };
  }

  it('shows a structured report as its content tree', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page } = await openInViewer('sr', viewport);
      const panel = page.getByRole('region', { name: 'Structured report' });
      await panel.waitFor();
      const tree = panel.locator('.sr-tree').first();
      await expect(tree.textContent()).resolves.toContain('Diameter: 3 cm');
      await expect(tree.textContent()).resolves.toContain('Text Code: A mass of');
      await expect(panel.textContent()).resolves.not.toContain('transfer syntax');
      // Nesting: a code that qualifies the text sits inside the text's item.
      await expect(panel.locator('.sr-text .sr-code .sr-value').first().textContent()).resolves.toBe('Sample Code 1');
      await screenshot(page, `walk-sr-${name}`);
    }
  });

  it('draws an ECG as one labelled trace per channel', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page } = await openInViewer('ecg', viewport);
      const panel = page.getByRole('region', { name: 'Waveform (ECG)' });
      await panel.waitFor();
      const rhythm = panel.locator('.waveform').first();
      await expect(rhythm.locator('figcaption').textContent()).resolves.toContain('RHYTHM: 12 channels, 1000 Hz');
      await expect(rhythm.locator('polyline').count()).resolves.toBe(12);
      await expect(rhythm.locator('.waveform-label').first().textContent()).resolves.toBe('Lead I (Einthoven)');
      // 10 s at 25 mm/s, 3 px per mm.
      await expect(rhythm.locator('svg').first().getAttribute('width')).resolves.toBe('750');
      const points = ((await rhythm.locator('polyline').first().getAttribute('points')) ?? '').split(' ');
      expect(points.length).toBeGreaterThan(1000);
      await screenshot(page, `walk-ecg-${name}`);
    }
  });

  it('says a CR without pixel data has none, and shows its header', async () => {
    const { page } = await openInViewer('cr-no-pixels');
    const panel = page.getByRole('region', { name: 'No pixel data' });
    await panel.waitFor();
    await expect(panel.locator('.dicom-header-table').textContent()).resolves.toContain('SpecificCharacterSet');
    await expect(panel.textContent()).resolves.not.toContain('transfer syntax');
    await screenshot(page, 'walk-no-pixels');
  });
});

describe('person names in the viewer', () => {
  it("shows a Japanese name in the site's form (kana by default), as the list does", async () => {
    const open = await fresh();
    const shell = await signInAsAdmin(open);
    await shell.dismissTimeZoneIfAsked();
    const viewer = new ViewerPage(open.page, stack.baseUrl);
    await viewer.open(studyOf.get('japanese') ?? '');
    await expect(viewer.waitForOutcome(0)).resolves.toBe('image');
    const name = 'やまだ たろう';
    await expect.poll(() => open.page.locator('.viewer-patient').textContent(), { timeout: 15_000 }).toBe(name);
    await expect(viewer.overlay(0).textContent()).resolves.toContain(name);
    await screenshot(open.page, 'walk-japanese-name');
  });
});

describe('the time zone question', () => {
  it('comes once per session, not on every page load', async () => {
    const open = await fresh();
    const shell = await signInAsAdmin(open);
    const dialog = shell.dialog('Country and time zone');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Later' }).click();
    await dialog.waitFor({ state: 'detached' });
    await open.page.reload();
    await shell.waitForRoute(/^\/list/);
    await open.page.locator('.study-list, .list-table, main').first().waitFor();
    // Give the session load time to ask, had it been going to.
    await open.page.waitForLoadState('networkidle');
    await expect(dialog.count()).resolves.toBe(0);
    // Signing out and in again asks again while the values are still missing.
    await shell.signOut();
    await signInAsAdmin(open);
    await dialog.waitFor();
  });
});
