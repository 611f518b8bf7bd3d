/**
 * The viewer's study panel (issue 21 "Study and series information in a collapsible side panel"),
 * in headless Chromium against the real stack, on a generated CT of 8 slices:
 * - PC (1280×800): the panel shows the patient, the study (accession, referring physician,
 *   institution, modalities) and the series list; folded with the keyboard it leaves a narrow edge
 *   and the viewport grows; the folded state is the user's setting, so a reload keeps it;
 * - a thumbnail bar the user put at the bottom stays under the images, the panel beside them;
 * - tablet (700×1000): the panel is there too;
 * - phone (390×844): no panel; the header's button opens the same facts as a sheet, Escape closes it.
 * Screenshots: test-results/screenshots/viewer-panel-*.png.
 */
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCt, type CtResult } from '../../scripts/demo/generate-ct.ts';
import { API, signIn } from '../harness/api.ts';
import type { Stack } from '../harness/stack.ts';
import { screenshot } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { closeBrowserSuite, openViewerAsAdmin, startViewerSuite } from './pages/admin-viewer.ts';
import { ViewerPage } from './pages/viewer-page.ts';

let stack: Stack;
let browser: Browser;
let workDir: string;
let ct: CtResult;

beforeAll(async () => {
  ({ stack, browser, workDir } = await startViewerSuite({
    name: 'panel',
    files: (suite) => {
      ct = generateCt({ out: join(suite.workDir, 'ct'), slices: 8, size: 128, studyUidSeed: 'viewer-panel', patientName: 'Panel^Reader' });
      const tags = ['(0008,0050)=ACC-PANEL-7', '(0008,0090)=Referrer^Rita', '(0008,0080)=North Clinic'];
      const run = spawnSync('dcmodify', ['-nb', ...tags.flatMap((tag) => ['-m', tag]), ...ct.files], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      return { files: ct.files, studies: [ct.studyInstanceUid] };
    },
  }));
});

afterAll(() => closeBrowserSuite({ browser, stack, workDir }));

async function openViewer(viewport: { width: number; height: number }, touch = false): Promise<{ page: Page; viewer: ViewerPage }> {
  const { open, viewer } = await openViewerAsAdmin(browser, stack, { viewport, touch, study: ct.studyInstanceUid });
  return { page: open.page, viewer };
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Study information' });
const toggle = (page: Page) => panel(page).getByRole('button', { name: /study information$/ });

describe('study panel on a PC', () => {
  it('shows the study and its series, folds from the keyboard so the image grows, and remembers it', async () => {
    const { page, viewer } = await openViewer({ width: 1280, height: 800 });
    const facts = panel(page);
    await expect(facts.getByText('ACC-PANEL-7').isVisible()).resolves.toBe(true);
    await expect(facts.getByText('Referrer Rita').isVisible()).resolves.toBe(true);
    await expect(facts.getByText('North Clinic').isVisible()).resolves.toBe(true);
    await expect(facts.getByText('Panel Reader').isVisible()).resolves.toBe(true);
    await expect(facts.locator('.viewer-thumbnails .thumbnail').count()).resolves.toBe(1);
    await screenshot(page, 'viewer-panel-pc-open');
    const before = (await viewer.canvas().boundingBox())?.width ?? 0;

    await toggle(page).focus();
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle(page).getAttribute('aria-expanded')).toBe('false');
    await expect(facts.getByText('ACC-PANEL-7').count()).resolves.toBe(0);
    // The viewport takes the panel's width (Cornerstone's canvas follows its element).
    await expect.poll(async () => (await viewer.canvas().boundingBox())?.width ?? 0).toBeGreaterThan(before + 120);
    await screenshot(page, 'viewer-panel-pc-folded');

    // The user's setting: saved, so the next opening starts folded.
    await page.waitForResponse((response) => response.url().includes('/settings/replace') && response.ok()).catch(() => undefined);
    await page.reload();
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    await expect.poll(() => toggle(page).getAttribute('aria-expanded')).toBe('false');
    await toggle(page).click();
    await expect.poll(() => toggle(page).getAttribute('aria-expanded')).toBe('true');
    await page.context().close();
  });

  it('leaves a thumbnail bar set at the bottom under the images, beside the panel', async () => {
    const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
    const bar = (position: string) =>
      admin.agent
        .put(`${API}/settings/replace`)
        .set(admin.csrf)
        .type('form')
        .send({
          Id: stack.adminId,
          key: 'viewer.thumbnailbar',
          value: JSON.stringify({ thumbnailbar: { is_visible: true, position, double_click: 'replace' } }),
        })
        .expect(200);
    await bar('bottom');
    try {
      const { page, viewer } = await openViewer({ width: 1280, height: 800 });
      await expect(panel(page).getByText('ACC-PANEL-7').isVisible()).resolves.toBe(true);
      await expect(panel(page).locator('.viewer-thumbnails').count()).resolves.toBe(0);
      const strip = await page.locator('.viewer-thumbnails').boundingBox();
      const cell = await viewer.cell().boundingBox();
      const side = await panel(page).boundingBox();
      expect(strip && cell && side).toBeTruthy();
      // Under the images, to the side of the panel.
      expect(strip!.y).toBeGreaterThanOrEqual(cell!.y + cell!.height - 1);
      expect(strip!.x).toBeGreaterThanOrEqual(side!.x + side!.width - 1);
      await screenshot(page, 'viewer-panel-pc-bottom-bar');
      await page.context().close();
    } finally {
      await bar('left');
    }
  });

  it('says so when the study details cannot be loaded, instead of loading for ever', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    // The images still come; only the study's row is refused.
    await page.route('**/viewer/api/studies/find?*', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }),
    );
    await new ViewerPage(page, stack.baseUrl).open(ct.studyInstanceUid);
    await panel(page).getByRole('alert').filter({ hasText: 'The study information could not be loaded.' }).waitFor();
    await context.close();
  });

  it('is there on a tablet too', async () => {
    const { page } = await openViewer({ width: 700, height: 1000 }, true);
    await expect(panel(page).getByText('ACC-PANEL-7').isVisible()).resolves.toBe(true);
    await screenshot(page, 'viewer-panel-tablet');
    await page.context().close();
  });
});

describe('study information on a phone', () => {
  it('opens as a sheet from the header instead of a panel', async () => {
    const { page } = await openViewer({ width: 390, height: 844 }, true);
    await expect(panel(page).count()).resolves.toBe(0);
    await page.locator('.viewer-header').getByRole('button', { name: 'Study information' }).click();
    const sheet = page.getByRole('dialog', { name: 'Study information' });
    await expect(sheet.getByText('ACC-PANEL-7').isVisible()).resolves.toBe(true);
    const box = await sheet.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'viewer-panel-phone-sheet');
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    await page.context().close();
  });
});
