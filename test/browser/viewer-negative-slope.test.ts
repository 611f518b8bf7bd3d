/**
 * A series stored with a negative rescale slope, as some scanners store inverted data, in
 * headless Chromium: drawn, and probed to the values its files stand for, on the first image and
 * on a slice the series download decoded. Screenshot: test-results/screenshots/viewer-tools-negative-slope.png.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import { screenshot } from './pages/browser.ts';
import { closeBrowserSuite, startViewerSuite, type AdminViewer, type ViewerSuite } from './pages/admin-viewer.ts';

let suite: ViewerSuite & AdminViewer;
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
  suite = await startViewerSuite({
    name: 'viewer-negative-slope',
    admin: true,
    files: (suite) => {
      negative = negativeSlopeSeries(suite.workDir);
      return { files: negative.files, studies: [negative.studyInstanceUid] };
    },
  });
});

afterAll(() => closeBrowserSuite(suite ?? {}));

it('shows and probes a series stored with a negative rescale slope, the first image and one the download decoded', async () => {
  await suite.viewer.page.goto('about:blank');
  await suite.viewer.open(negative.studyInstanceUid);
  await suite.shell.dismissTimeZoneIfAsked();
  await expect(suite.viewer.waitForOutcome()).resolves.toBe('image');
  await suite.viewer.toolbarButton('Layout 1x1').click();
  expect((await suite.viewer.waitForPixels()).levels, 'the image is drawn, not blank').toBeGreaterThanOrEqual(8);
  const probe = async (slice: number) => {
    const button = suite.viewer.toolbar().getByRole('button', { name: 'Pixel value', exact: true });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    // The right lung, where viewer-tools probes its 512² phantom.
    const point = await suite.viewer.imageToPage(0, NEGATIVE_SIZE, NEGATIVE_SIZE, 40, 65);
    await suite.viewer.page.mouse.click(point.x, point.y);
    await expect.poll(async () => (await suite.viewer.annotationTexts()).join(' ')).toMatch(new RegExp(`\\(\\d+, \\d+, ${slice}\\).*HU`));
    const text = (await suite.viewer.annotationTexts()).join(' ');
    const at = new RegExp(`\\((\\d+), (\\d+), ${slice}\\)`).exec(text);
    expect(at, text).not.toBeNull();
    const value = Number(/(-?[\d.]+) HU/.exec(text.slice(text.indexOf(at![0])))?.[1]);
    expect(value).toBeCloseTo(negativeValueAt(negative.files[slice] ?? '', Number(at![1]), Number(at![2])), 0);
    expect(value, 'the lung, inverted').toBeGreaterThan(600);
  };
  await probe(0);
  await suite.viewer.page.locator('.viewer-thumbnails .thumbnail[data-status="loaded"]').first().waitFor();
  for (let i = 0; i < 5; i++) await suite.viewer.page.keyboard.press('ArrowDown');
  await expect.poll(async () => suite.viewer.imagePosition().textContent()).toBe(`Im: 6 / ${NEGATIVE_SLICES}`);
  expect((await suite.viewer.waitForPixels()).levels).toBeGreaterThanOrEqual(8);
  await probe(5);
  await screenshot(suite.viewer.page, 'viewer-tools-negative-slope');
});
