/**
 * A series stored with a negative rescale slope, as some scanners store inverted data, in
 * headless Chromium: drawn, and probed to the values its files stand for, on the first image and
 * on a slice the series download decoded. Screenshot: test-results/screenshots/viewer-tools-negative-slope.png.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import type { Stack } from '../harness/stack.ts';
import { screenshot, type OpenPage } from './pages/browser.ts';
import type { Shell } from './pages/shell.ts';
import { closeBrowserSuite, startViewerSuite } from './pages/admin-viewer.ts';
import type { ViewerPage } from './pages/viewer-page.ts';

let stack: Stack;
let browser: Browser;
let open: OpenPage;
let viewer: ViewerPage;
let shell: Shell;
let workDir: string;
let negative: ReturnType<typeof generateCt>;

const NEGATIVE_SIZE = 128;
const NEGATIVE_SLICES = 10;

/**
 * The phantom stored with a negative rescale slope, as some scanners store inverted data: HU =
 * 1024 − stored, so the lung reads about +860. The DICOM image loader (5.x) gives such a frame its
 * range back to front; the series download's own decode orders it (native-decode.ts).
 */
function negativeSlopeSeries(dir: string): ReturnType<typeof generateCt> {
  const series = generateCt({
    out: join(dir, 'negative'),
    slices: NEGATIVE_SLICES,
    size: NEGATIVE_SIZE,
    studyUidSeed: 'viewer-tools-negative',
    patientName: 'Negative^Slope',
  });
  for (const file of series.files) {
    const run = spawnSync(
      'dcmodify',
      ['-nb', '-m', '(0028,1053)=-1', '-m', '(0028,1052)=1024', '-m', '(0028,1050)=0', '-m', '(0028,1051)=2000', file],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`dcmodify ${file}: ${run.stderr}`);
  }
  return series;
}

/** The value a voxel of the negative-slope series stands for. */
function negativeValueAt(file: string, column: number, row: number): number {
  const bytes = readFileSync(file);
  const pixels = bytes.subarray(bytes.length - NEGATIVE_SIZE * NEGATIVE_SIZE * 2);
  return 1024 - pixels.readInt16LE((row * NEGATIVE_SIZE + column) * 2);
}

beforeAll(async () => {
  ({ stack, browser, workDir, open, shell, viewer } = await startViewerSuite({
    name: 'viewer-negative-slope',
    admin: true,
    files: (suite) => {
      negative = negativeSlopeSeries(suite.workDir);
      return { files: negative.files, studies: [negative.studyInstanceUid] };
    },
  }));
});

afterAll(() => closeBrowserSuite({ open, browser, stack, workDir }));

it('shows and probes a series stored with a negative rescale slope, the first image and one the download decoded', async () => {
  await viewer.page.goto('about:blank');
  await viewer.open(negative.studyInstanceUid);
  await shell.dismissTimeZoneIfAsked();
  await expect(viewer.waitForOutcome()).resolves.toBe('image');
  await viewer.toolbarButton('Layout 1x1').click();
  expect((await viewer.waitForPixels()).levels, 'the image is drawn, not blank').toBeGreaterThanOrEqual(8);
  const probe = async (slice: number) => {
    const button = viewer.toolbar().getByRole('button', { name: 'Pixel value', exact: true });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    // The right lung, as in the 512² phantom above.
    const point = await viewer.imageToPage(0, NEGATIVE_SIZE, NEGATIVE_SIZE, 40, 65);
    await viewer.page.mouse.click(point.x, point.y);
    await expect.poll(async () => (await viewer.annotationTexts()).join(' ')).toMatch(new RegExp(`\\(\\d+, \\d+, ${slice}\\).*HU`));
    const text = (await viewer.annotationTexts()).join(' ');
    const at = new RegExp(`\\((\\d+), (\\d+), ${slice}\\)`).exec(text);
    expect(at, text).not.toBeNull();
    const value = Number(/(-?[\d.]+) HU/.exec(text.slice(text.indexOf(at![0])))?.[1]);
    expect(value).toBeCloseTo(negativeValueAt(negative.files[slice] ?? '', Number(at![1]), Number(at![2])), 0);
    expect(value, 'the lung, inverted').toBeGreaterThan(600);
  };
  await probe(0);
  await viewer.page.locator('.viewer-thumbnails .thumbnail[data-status="loaded"]').first().waitFor();
  for (let i = 0; i < 5; i++) await viewer.page.keyboard.press('ArrowDown');
  await expect.poll(async () => viewer.imagePosition().textContent()).toBe(`Im: 6 / ${NEGATIVE_SLICES}`);
  expect((await viewer.waitForPixels()).levels).toBeGreaterThanOrEqual(8);
  await probe(5);
  await screenshot(viewer.page, 'viewer-tools-negative-slope');
});
