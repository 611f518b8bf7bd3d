/**
 * The viewer on a phone and a tablet (issue 21, spec 1 §2 breakpoints 576 and 768 px), in Debian's
 * Chromium with touch emulation, on a generated 24-slice CT:
 * - phone (390×844): one viewport with at least 60 % of the screen, a bottom bar with five tools
 *   and "More" (the whole toolbar in a sheet), the series as a strip, overlay texts that do not
 *   overlap; one finger scrolls the slices, two fingers pinch-zoom, a double tap shows the grid and
 *   another brings the single viewport back (checked by the image index, zoom and pixels);
 * - tablet (700×1000): two viewports side by side (of a 2×2 grid: a CT itself opens 1×1).
 * Screenshots: test-results/screenshots/phone-viewer-*.png.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Locator } from 'playwright-core';
import { generateCt, type CtResult } from '../../scripts/demo/generate-ct.ts';
import type { Stack } from '../harness/stack.ts';
import { screenshot } from './pages/browser.ts';
import { closeBrowserSuite, openViewerAsAdmin, startViewerSuite } from './pages/admin-viewer.ts';
import { meanDifference, type ViewerPage } from './pages/viewer-page.ts';

const SLICES = 24;
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 700, height: 1000 };

let stack: Stack;
let browser: Browser;
let workDir: string;
let ct: CtResult;

beforeAll(async () => {
  ({ stack, browser, workDir } = await startViewerSuite({
    name: 'phone',
    files: (suite) => {
      ct = generateCt({
        out: join(suite.workDir, 'ct'),
        slices: SLICES,
        size: 256,
        studyUidSeed: 'phone-viewer',
        patientName: 'Phone^Reader',
      });
      return { files: ct.files, studies: [ct.studyInstanceUid] };
    },
  }));
});

afterAll(() => closeBrowserSuite({ browser, stack, workDir }));

async function openOn(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; viewer: ViewerPage }> {
  const { open, viewer } = await openViewerAsAdmin(browser, stack, { viewport, touch: true, study: ct.studyInstanceUid });
  await viewer.waitForPixels();
  return { context: open.context, viewer };
}

type Point = { x: number; y: number };

function toucher(cdp: CDPSession) {
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((point, id) => ({ ...point, id })) });
  return {
    async tap(at: Point) {
      await send('touchStart', [at]);
      await send('touchEnd', []);
    },
    /** Moves fingers from `from` to `to` in steps, each finger by the same offset. */
    async drag(from: Point[], offset: (step: number) => Point[], steps = 12) {
      await send('touchStart', from);
      for (let step = 1; step <= steps; step++) {
        await send(
          'touchMove',
          offset(step).map((delta, finger) => ({ x: from[finger]!.x + delta.x, y: from[finger]!.y + delta.y })),
        );
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await send('touchEnd', []);
    },
  };
}

async function centreOf(locator: Locator): Promise<Point> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('the viewer on a phone', () => {
  it('gives the image most of the screen, a bottom bar, and texts that do not overlap', async () => {
    const { context, viewer } = await openOn(PHONE);
    try {
      const { page } = viewer;
      await expect.poll(() => page.locator('.viewport-cell:not(.is-hidden)').count()).toBe(1);
      const cell = (await viewer.cell(0).boundingBox())!;
      expect((cell.width * cell.height) / (PHONE.width * PHONE.height), 'share of the screen').toBeGreaterThanOrEqual(0.6);

      const bar = page.getByRole('navigation', { name: 'Viewer tools' });
      await expect(bar.getByRole('button').allTextContents()).resolves.toEqual([
        'Scroll',
        'Window level',
        'Zoom',
        'Length',
        'Reset',
        'More',
      ]);
      await expect(page.getByRole('toolbar', { name: 'Viewer tools' }).count()).resolves.toBe(0);
      // Header, cell, series strip and bar follow each other without covering one another.
      const boxes = await Promise.all(
        ['.viewer-header', '.viewport-grid', '.viewer-thumbnails', '.phone-tool-bar'].map(
          async (selector) => (await page.locator(selector).boundingBox())!,
        ),
      );
      for (let i = 1; i < boxes.length; i++)
        expect(boxes[i]!.y, `block ${i} starts below block ${i - 1}`).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height - 1);
      expect(boxes[3]!.y + boxes[3]!.height).toBeLessThanOrEqual(PHONE.height + 1);
      // The overlay's four corners, and every text of the bar, each in a box of its own.
      const texts = await page.locator('.viewport-cell:not(.is-hidden) .overlay-corner span, .phone-tool span').evaluateAll((nodes) =>
        nodes
          .map((node) => node.getBoundingClientRect())
          .filter((rect) => rect.width > 0 && rect.height > 0)
          .map((rect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height })),
      );
      expect(texts.length).toBeGreaterThan(8);
      for (let i = 0; i < texts.length; i++)
        for (let j = i + 1; j < texts.length; j++) expect(overlaps(texts[i]!, texts[j]!), `texts ${i} and ${j}`).toBe(false);
      await screenshot(page, 'phone-viewer');

      // "More" opens every tool in a sheet; choosing one closes it.
      await bar.getByRole('button', { name: 'More' }).click();
      const sheet = page.getByRole('dialog', { name: 'More' });
      await sheet.getByRole('toolbar', { name: 'Viewer tools' }).waitFor();
      await screenshot(page, 'phone-viewer-more');
      await sheet.getByRole('button', { name: 'Pan', exact: true }).click();
      await sheet.waitFor({ state: 'detached' });
      await bar.getByRole('button', { name: 'Scroll' }).click();
      await expect(bar.getByRole('button', { name: 'Scroll' }).getAttribute('aria-pressed')).resolves.toBe('true');
    } finally {
      await context.close();
    }
  });

  it('scrolls with one finger, zooms with two, and toggles the grid with a double tap', async () => {
    const { context, viewer } = await openOn(PHONE);
    try {
      const { page } = viewer;
      const touch = toucher(await context.newCDPSession(page));
      const centre = await centreOf(viewer.cell(0));
      // One finger down the image: the next slices (index and pixels change).
      await expect(viewer.imagePosition().textContent()).resolves.toContain(`1 / ${SLICES}`);
      const before = await viewer.squareGrid(viewer.canvas());
      await touch.drag([{ x: centre.x, y: centre.y - 120 }], (step) => [{ x: 0, y: step * 20 }]);
      await expect.poll(() => viewer.imagePosition().textContent()).not.toContain(`1 / ${SLICES}`);
      const scrolled = await viewer.squareGrid(viewer.canvas());
      expect(meanDifference(before, scrolled), 'another slice is drawn').toBeGreaterThan(0.5);

      // Two fingers apart: zoom.
      const zoomBefore = Number(/(\d+)%/.exec((await viewer.zoomText().textContent()) ?? '')?.[1]);
      await touch.drag(
        [
          { x: centre.x - 40, y: centre.y },
          { x: centre.x + 40, y: centre.y },
        ],
        (step) => [
          { x: -step * 5, y: 0 },
          { x: step * 5, y: 0 },
        ],
      );
      await expect
        .poll(async () => Number(/(\d+)%/.exec((await viewer.zoomText().textContent()) ?? '')?.[1]))
        .toBeGreaterThan(zoomBefore * 1.1);
      await screenshot(page, 'phone-viewer-pinch');

      // A CT opens 1×1 (the default hanging protocol): choose a 2×2 grid in the sheet first.
      await page.getByRole('navigation', { name: 'Viewer tools' }).getByRole('button', { name: 'More' }).click();
      await page.getByRole('dialog', { name: 'More' }).getByRole('button', { name: 'Layout 2x2', exact: true }).click();
      await page.getByRole('dialog', { name: 'More' }).waitFor({ state: 'detached' });
      await expect(page.locator('.viewport-cell:not(.is-hidden)').count()).resolves.toBe(1);
      // A double tap (within 350 ms) shows the whole grid; another on a cell shows it alone.
      await page.waitForTimeout(400);
      await touch.tap(centre);
      await page.waitForTimeout(80);
      await touch.tap(centre);
      await expect.poll(() => page.locator('.viewport-cell:not(.is-hidden)').count()).toBe(4);
      await screenshot(page, 'phone-viewer-grid');
      const first = await centreOf(viewer.cell(0));
      await page.waitForTimeout(400);
      await touch.tap(first);
      await page.waitForTimeout(80);
      await touch.tap(first);
      await expect.poll(() => page.locator('.viewport-cell:not(.is-hidden)').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('the viewer on a tablet', () => {
  it('shows two viewports side by side and the toolbar', async () => {
    const { context, viewer } = await openOn(TABLET);
    try {
      const { page } = viewer;
      // A CT opens 1×1 (the default hanging protocol); a 2×2 grid shows two of its cells here.
      await expect.poll(() => page.locator('.viewport-cell:not(.is-hidden)').count()).toBe(1);
      await viewer.toolbarButton('Layout 2x2').click();
      await expect.poll(() => page.locator('.viewport-cell:not(.is-hidden)').count()).toBe(2);
      const [a, b] = await Promise.all([viewer.cell(0).boundingBox(), viewer.cell(1).boundingBox()]);
      expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
      expect(b!.x).toBeGreaterThan(a!.x + a!.width - 2);
      await expect(page.getByRole('toolbar', { name: 'Viewer tools' }).isVisible()).resolves.toBe(true);
      await screenshot(page, 'phone-viewer-tablet');
    } finally {
      await context.close();
    }
  });
});
