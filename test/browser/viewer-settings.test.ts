/**
 * The viewer's settings end to end (issue 21), in headless Chromium against the real stack:
 * hanging protocols open a CT 1x1 on its largest series and, once the reader adds one for MR, an
 * MR study with two series 1x2; a window preset added with its key applies on that key press
 * (overlay and pixels); a modality and key pair used twice, and an empty label, are refused with
 * the catalogue's messages; /dicomheader shows an instance's header, searchable, in its own tab,
 * and refuses a study outside the account's targets. Screenshots at 1280×800 and 390×844 go to
 * test-results/screenshots/viewer-settings-*.png.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import { signIn } from '../harness/api.ts';
import { createReader } from '../harness/fixtures.ts';
import type { Stack } from '../harness/stack.ts';
import { newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { Shell } from './pages/shell.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { closeBrowserSuite, startViewerSuite } from './pages/admin-viewer.ts';
import { gridDifference, type ViewerPage } from './pages/viewer-page.ts';

const CT_SLICES = 12;
const SCOUT_SLICES = 3;
const MR_SLICES = 6;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let stack: Stack;
let browser: Browser;
let open: OpenPage;
let viewer: ViewerPage;
let workDir: string;
let ct: ReturnType<typeof generateCt>;
let mr: ReturnType<typeof generateCt>;
let mrSecond: string;

function dcmodify(files: readonly string[], ...args: string[]): void {
  const run = spawnSync('dcmodify', ['-nb', ...args, ...files], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`dcmodify: ${run.stderr}`);
}

/** A copy of some files as one other series of the same study (one new series UID, new instance UIDs). */
function copySeries(files: readonly string[], dir: string, ...tags: string[]): string[] {
  mkdirSync(dir, { recursive: true });
  const copies = files.map((file) => {
    const copy = join(dir, basename(file));
    copyFileSync(file, copy);
    return copy;
  });
  const seriesUid = `2.25.${BigInt(`0x${randomBytes(15).toString('hex')}`).toString()}`;
  dcmodify(copies, '-gin', '-m', `(0020,000e)=${seriesUid}`, ...tags.flatMap((tag) => ['-m', tag]));
  return copies;
}

function tagOf(file: string, tag: string): string {
  const run = spawnSync('dcmdump', ['-q', '+P', tag, file], { encoding: 'utf8' });
  return /\[([^\]]*)\]/.exec(run.stdout)?.[1] ?? '';
}

beforeAll(async () => {
  ({ stack, browser, workDir, open, viewer } = await startViewerSuite({
    name: 'viewer-settings',
    admin: true,
    files: ({ workDir: dir }) => {
      // A CT of two series: a 3-image scout numbered first, then the 12-slice axial series (number 2).
      ct = generateCt({ out: join(dir, 'ct'), slices: CT_SLICES, size: 64, studyUidSeed: 'viewer-settings-ct' });
      const scout = copySeries(ct.files.slice(0, SCOUT_SLICES), join(dir, 'scout'), '(0020,0011)=1', '(0008,103e)=Scout');
      // An MR study of two series of six images.
      mr = generateCt({ out: join(dir, 'mr'), slices: MR_SLICES, size: 64, studyUidSeed: 'viewer-settings-mr', patientId: 'VS-MR' });
      dcmodify(mr.files, '-m', '(0008,0060)=MR', '-m', '(0008,103e)=Axial T1');
      const second = copySeries(mr.files, join(dir, 'mr-t2'), '(0020,0011)=3', '(0008,103e)=Axial T2');
      mrSecond = tagOf(second[0] ?? '', '0020,000e');
      return {
        files: [...ct.files, ...scout, ...mr.files, ...second],
        studies: [ct.studyInstanceUid, mr.studyInstanceUid].map((uid) => ({ uid, series: 2 })),
      };
    },
  }));
});

afterAll(() => closeBrowserSuite({ open, browser, stack, workDir }));

async function goTo(page: Page, route: string): Promise<void> {
  await page.goto(`${stack.baseUrl}/viewer/#${route}`);
}

/** Both sizes of the page as it is now, the phone one scrolled to the top. */
async function screenshots(page: Page, name: string): Promise<void> {
  await screenshot(page, `viewer-settings-${name}`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await screenshot(page, `viewer-settings-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBe(1);
}

describe('viewer settings: hanging protocols', () => {
  it('opens a CT 1x1 on its largest series, by the default protocol', async () => {
    await viewer.open(ct.studyInstanceUid);
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    await expect.poll(() => viewer.page.locator('.viewport-cell').count()).toBe(1);
    await expect.poll(() => viewer.page.locator('.thumbnail').count()).toBe(2);
    await expect.poll(() => viewer.imagePosition().textContent()).toBe(`Im: 1 / ${CT_SLICES}`);
    await expect(viewer.toolbarButton('Layout 1x1').getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('opens an MR study with two series 1x2 once the reader adds an MR protocol on the layout page', async () => {
    const page = viewer.page;
    await goTo(page, '/user/viewer/layout');
    const protocols = page.locator('[data-kind="protocols"]');
    await expect.poll(() => protocols.locator('tbody tr').count()).toBe(2);
    await protocols.getByRole('button', { name: 'Add' }).click();
    const row = protocols.locator('tbody tr').last();
    await row.getByRole('combobox', { name: 'Modality' }).selectOption('MR');
    await row.getByRole('combobox', { name: 'Series grid' }).selectOption('1x2');
    await save(page);
    await screenshots(page, 'layout');

    await viewer.open(mr.studyInstanceUid);
    await expect.poll(() => page.locator('.viewport-cell').count()).toBe(2);
    await expect(viewer.waitForOutcome(0)).resolves.toBe('image');
    await expect(viewer.waitForOutcome(1)).resolves.toBe('image');
    await expect(viewer.toolbarButton('Layout 1x2').getAttribute('aria-pressed')).resolves.toBe('true');
    // Both series on screen, in series-number order.
    await expect.poll(() => page.locator('.thumbnail').count()).toBe(2);
    await expect.poll(() => page.locator('.thumbnail[aria-current="true"]').count()).toBe(2);
    await expect.poll(() => viewer.overlay(1).textContent()).toMatch(/Se: 3/);
    expect(mrSecond).not.toBe('');
    await screenshot(page, 'viewer-settings-mr-1x2');
  });
});

describe('viewer settings: window level', () => {
  it('applies a preset the reader added with its key, on that key press (overlay and pixels)', async () => {
    const page = viewer.page;
    await goTo(page, '/user/viewer/window-level');
    const presets = page.locator('[data-kind="window-level"]');
    await presets.getByRole('button', { name: 'Add' }).click();
    const row = presets.locator('tbody tr').last();
    await row.getByRole('combobox', { name: 'Modality' }).selectOption('MR');
    await row.getByRole('textbox', { name: 'Label' }).fill('MR narrow');
    await row.getByRole('spinbutton', { name: 'Width (WW)' }).fill('200');
    await row.getByRole('spinbutton', { name: 'Centre (WC)' }).fill('100');
    await row.getByRole('textbox', { name: 'Key' }).press('m');
    await expect(row.getByRole('textbox', { name: 'Key' }).inputValue()).resolves.toBe('m');
    await save(page);
    await screenshots(page, 'window-level');

    await viewer.open(mr.studyInstanceUid);
    await expect(viewer.waitForOutcome(0)).resolves.toBe('image');
    const before = await viewer.waitForPixels(0);
    const windowBefore = await viewer.windowText(0).textContent();
    await viewer.cell(0).click();
    await page.keyboard.press('m');
    await expect.poll(() => viewer.windowText(0).textContent()).toBe('W: 200 L: 100');
    expect(windowBefore).not.toBe('W: 200 L: 100');
    await page.waitForTimeout(300);
    const after = await viewer.stats(0);
    expect(gridDifference(before, after), 'the narrower window changes the image').toBeGreaterThan(5);
  });

  it('refuses a modality and key pair used twice and an empty label, with the catalogue messages, and saves nothing', async () => {
    const page = viewer.page;
    await goTo(page, '/user/viewer/window-level');
    const presets = page.locator('[data-kind="window-level"]');
    // The five CT defaults and the MR preset of the test before.
    const rows = 6;
    await expect.poll(() => presets.locator('tbody tr').count()).toBe(rows);
    await presets.getByRole('button', { name: 'Add' }).click();
    const row = presets.locator('tbody tr').last();
    await row.getByRole('combobox', { name: 'Modality' }).selectOption('CT');
    await row.getByRole('textbox', { name: 'Key' }).press('1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('An item with the entered value already exists');
    await expect(alert.textContent()).resolves.toContain('The field is required');
    await expect(row.getAttribute('class')).resolves.toContain('is-invalid');
    await expect(row.getByRole('textbox', { name: 'Key' }).getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshots(page, 'window-level-refused');
    // Leave the page for real (a hash change alone may not have unmounted it when the next one
    // comes), then come back: what is shown is what is stored.
    await goTo(page, '/user/viewer/general');
    await presets.waitFor({ state: 'detached' });
    await goTo(page, '/user/viewer/window-level');
    await expect.poll(() => presets.locator('tbody tr').count()).toBe(rows);
  });
});

describe('viewer settings: general and appearance pages', () => {
  it('puts the thumbnail bar under the grid and adds a double-clicked series to it, as the general page says', async () => {
    const page = viewer.page;
    await goTo(page, '/user/viewer/general');
    await expect(page.getByRole('combobox', { name: 'Left button' }).inputValue()).resolves.toBe('window_level');
    await expect(page.getByRole('combobox', { name: 'Interpolation' }).inputValue()).resolves.toBe('bilinear');
    await page.getByRole('combobox', { name: 'Position' }).selectOption('bottom');
    await page.getByRole('combobox', { name: 'Double click on a thumbnail' }).selectOption('add');
    await save(page);
    await screenshots(page, 'general');

    await viewer.open(ct.studyInstanceUid);
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    await expect.poll(() => page.locator('.viewport-cell').count()).toBe(1);
    const strip = await page.locator('.viewer-thumbnails').boundingBox();
    const cell = await viewer.cell(0).boundingBox();
    expect(strip && cell && strip.y >= cell.y + cell.height - 1, 'the thumbnails sit under the grid').toBe(true);
    // The scout is not on screen: a double click adds it beside the axial series.
    await page.locator('.thumbnail:not([aria-current="true"])').dblclick();
    await expect.poll(() => page.locator('.viewport-cell').count()).toBe(2);
    await expect(viewer.waitForOutcome(1)).resolves.toBe('image');
    await expect.poll(() => viewer.imagePosition(1).textContent()).toBe(`Im: 1 / ${SCOUT_SLICES}`);
    await screenshots(page, 'thumbnails-bottom');
  });

  it('refuses a colour that is not #rrggbb on the appearance page', async () => {
    const page = viewer.page;
    await goTo(page, '/user/viewer/appearance');
    const colour = page.getByRole('textbox', { name: 'Annotation colour', exact: true });
    await expect(colour.inputValue()).resolves.toBe('#00ff00');
    await colour.fill('green');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Annotation colour: The field is not a valid value');
    await expect(colour.getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshots(page, 'appearance');
  });
});

describe('/dicomheader', () => {
  it('opens an instance’s header in its own tab from the viewer, searchable', async () => {
    await viewer.open(ct.studyInstanceUid);
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    await viewer.clickTool('DICOM header');
    const dialog = viewer.page.getByRole('dialog', { name: 'DICOM header' });
    const [tab] = await Promise.all([open.context.waitForEvent('page'), dialog.getByRole('link', { name: 'Open in a new tab' }).click()]);
    await tab.setViewportSize(DESKTOP);
    // A new tab starts the app afresh: the administrator is asked the site's time zone again.
    await new Shell(tab).dismissTimeZoneIfAsked();
    await expect.poll(() => tab.url()).toMatch(/#\/dicomheader\?study=/);
    const rows = tab.locator('.dicom-header-table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(20);
    await expect(tab.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    await expect(tab.locator('.sidebar').count()).resolves.toBe(0);
    await tab.getByRole('searchbox', { name: 'Search tags' }).fill('0008,0060');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringMatching(/\(0008,0060\)ModalityCSCT/)]);
    await tab.getByRole('searchbox', { name: 'Search tags' }).fill('');
    await screenshots(tab, 'dicomheader');
    await tab.close();
  });

  it('refuses the header of a study the account may not see, showing no tag', async () => {
    const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
    await createReader(admin, {
      id: 'mr_only',
      password: 'mr-only-pass-1',
      role: { name: 'MR only', permissions: { list: true, viewer: true }, targets: { All: false, Modality: ['MR'] } },
    });
    const other = await newPage(browser);
    try {
      await signInThroughLogin(other.page, stack.baseUrl, 'mr_only', 'mr-only-pass-1');
      const instance = tagOf(ct.files[0] ?? '', '0008,0018');
      const query = new URLSearchParams({ study: ct.studyInstanceUid, series: ct.seriesInstanceUid, instance });
      await goTo(other.page, `/dicomheader?${query.toString()}`);
      await expect
        .poll(() => other.page.getByRole('alert').textContent())
        .toBe('This image cannot be found, or you are not allowed to see its study.');
      await expect(other.page.locator('.dicom-header-table').count()).resolves.toBe(0);
      await screenshots(other.page, 'dicomheader-refused');
    } finally {
      await other.context.close();
    }
  });
});
