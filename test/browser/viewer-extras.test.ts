/**
 * More of the viewer's tools, checked on pixels in headless Chromium: comparison with another
 * study of the same patient, reference lines between an axial and a sagittal series of one frame
 * of reference, annotations burnt into exports and captures, the magnifier, pseudo colour,
 * invert, JPEG export, and touch (pinch zoom, double tap). Screenshots go to
 * test-results/screenshots/viewer-extras-*.png.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generateCt, uuidUid } from '../../scripts/demo/generate-ct.ts';
import { tinyStudy, tinyStudyUids } from '../harness/dicom.ts';
import type { Stack } from '../harness/stack.ts';
import { screenshot, type OpenPage } from './pages/browser.ts';
import { LoginPage } from './pages/login-page.ts';
import { Shell } from './pages/shell.ts';
import { closeBrowserSuite, startViewerSuite } from './pages/admin-viewer.ts';
import { colourCount, colourRows, decodePng, meanDifference, ViewerPage, type Pixels } from './pages/viewer-page.ts';

const ANNOTATION = '#00ff00';
const ACTIVE = '#ff3333';
const REFERENCE_LINE = '#ffd400';
const SIZE = 256;
const SLICES = 20;
/** generate-ct: 1.25 mm slices, the first at z = 0, going down. */
const SLICE_MM = 1.25;
/** The sagittal series: 64 × 64 pixels of 0.5 mm, its first row at z = +4 mm. */
const SAG = { size: 64, spacing: 0.5, top: 4, xs: [-20, -10, 0, 10, 20] };

let stack: Stack;
let browser: Browser;
let open: OpenPage;
let viewer: ViewerPage;
let shell: Shell;
let workDir: string;
let ct: ReturnType<typeof generateCt>;
const PATIENT = { id: 'CMP-0001', name: 'Compare^Patient' };
const baseline = tinyStudyUids('viewer-extras-baseline');
const followUp = tinyStudyUids('viewer-extras-follow-up');
const stranger = tinyStudyUids('viewer-extras-stranger');

function dcmodify(file: string, ...args: string[]): void {
  const run = spawnSync('dcmodify', ['-nb', ...args, file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`dcmodify ${file}: ${run.stderr}`);
}

/** A tiny study whose 16 × 16 pixels are a ramp (left to right, or top to bottom). */
function rampStudy(
  file: string,
  seed: string,
  patient: { id: string; name: string },
  extra: { date: string; description: string },
  vertical: boolean,
): string {
  const bytes = tinyStudy({
    seed,
    patientId: patient.id,
    patientName: patient.name,
    studyDate: extra.date,
    studyDescription: extra.description,
  });
  const pixels = bytes.subarray(bytes.length - 256);
  for (let i = 0; i < 256; i++) pixels[i] = 40 + 12 * (vertical ? Math.floor(i / 16) : i % 16);
  writeFileSync(file, bytes);
  return file;
}

/**
 * A sagittal series in the CT's study and frame of reference: generate-ct's slices (same seed,
 * so the same study and frame of reference) relabelled as planes x = const, rows going down z.
 */
function sagittalSeries(): string[] {
  const series = generateCt({ out: join(workDir, 'sagittal'), slices: SAG.xs.length, size: SAG.size, studyUidSeed: 'viewer-extras' });
  const seriesUid = uuidUid('viewer-extras', 'sagittal-series');
  series.files.forEach((file, index) => {
    dcmodify(
      file,
      '-gin',
      '-m',
      `(0020,000e)=${seriesUid}`,
      '-m',
      '(0020,0011)=3',
      '-m',
      '(0008,103e)=Sagittal',
      '-m',
      '(0020,0037)=0\\1\\0\\0\\0\\-1',
      '-m',
      `(0020,0032)=${SAG.xs[index]}\\-16\\${SAG.top}`,
      '-m',
      `(0028,0030)=${SAG.spacing}\\${SAG.spacing}`,
      '-e',
      '(0020,1041)',
    );
  });
  return series.files;
}

beforeAll(async () => {
  ({ stack, browser, workDir, open, shell, viewer } = await startViewerSuite({
    name: 'viewer-extras',
    admin: true,
    files: (suite) => {
      // The files are written into the suite's folder.
      workDir = suite.workDir;
      ct = generateCt({ out: join(workDir, 'ct'), slices: SLICES, size: SIZE, studyUidSeed: 'viewer-extras' });
      const files = [
        ...ct.files,
        ...sagittalSeries(),
        rampStudy(
          join(workDir, 'baseline.dcm'),
          'viewer-extras-baseline',
          PATIENT,
          { date: '20240102', description: 'Baseline head' },
          false,
        ),
        rampStudy(
          join(workDir, 'follow-up.dcm'),
          'viewer-extras-follow-up',
          PATIENT,
          { date: '20250305', description: 'Follow-up head' },
          true,
        ),
        rampStudy(
          join(workDir, 'stranger.dcm'),
          'viewer-extras-stranger',
          { id: 'CMP-0002', name: 'Other^Patient' },
          { date: '20250101', description: 'Not this patient' },
          false,
        ),
      ];
      return { files, studies: [baseline.study, followUp.study, stranger.study, { uid: ct.studyInstanceUid, series: 2 }] };
    },
  }));
});

afterAll(() => closeBrowserSuite({ open, browser, stack, workDir }));

/** A study in a 1x1 layout, first image on screen. */
async function openStudy(studyUid: string, minLevels = 8): Promise<void> {
  await viewer.page.goto('about:blank');
  await viewer.open(studyUid);
  await shell.dismissTimeZoneIfAsked();
  await expect(viewer.waitForOutcome()).resolves.toBe('image');
  await viewer.toolbarButton('Layout 1x1').click();
  await viewer.waitForPixels(0, minLevels);
}

/** Pixels of a downloaded PNG, from the toolbar's Export menu. */
async function exported(format: 'PNG' | 'JPEG'): Promise<Buffer> {
  const download = viewer.page.waitForEvent('download');
  await viewer.clickTool(`Image (${format})`, 'Export');
  return readFileSync((await (await download).path()) ?? '');
}

describe('viewer extras: comparison', () => {
  it('opens another study of the same patient beside the current one', async () => {
    await openStudy(baseline.study, 4);
    const picker = viewer.studyPicker();
    // The patient's other study only: not the open one, not another patient's.
    await expect.poll(() => picker.locator('option').allTextContents()).toEqual(['Compare with…', '2025-03-05 OT Follow-up head']);
    await picker.selectOption(followUp.study);
    await expect.poll(() => viewer.page.locator('.viewport-cell').count()).toBe(2);
    await expect(viewer.waitForOutcome(1)).resolves.toBe('image');
    const [left, right] = [await viewer.waitForPixels(0, 4), await viewer.waitForPixels(1, 4)];
    await screenshot(viewer.page, 'viewer-extras-comparison');
    expect(left.nonBlack, 'the open study shows pixels').toBeGreaterThan(0.2);
    expect(right.nonBlack, 'the compared study shows pixels').toBeGreaterThan(0.2);
    // A horizontal ramp beside a vertical one: the two viewports show different images.
    expect(meanDifference(left.grid, right.grid)).toBeGreaterThan(10);
    await expect.poll(() => viewer.overlay(0).textContent()).toMatch(/Baseline head.*2024-01-02/);
    await expect.poll(() => viewer.overlay(1).textContent()).toMatch(/Follow-up head.*2025-03-05/);
    await expect(viewer.thumbnails().count()).resolves.toBe(2);
    await expect(viewer.page.locator('.thumbnail-study-heading').textContent()).resolves.toBe('2025-03-05 Follow-up head');

    await viewer.clickTool('Comparison');
    await expect.poll(() => viewer.thumbnails().count()).toBe(1);
    await expect.poll(() => viewer.message(1).textContent()).toBe('Drag a series here.');
  });
});

describe('viewer extras: reference lines', () => {
  /** Mean page y of the rows of a cell where the reference line runs (most of the width yellow). */
  function lineY(pixels: Pixels & { y: number }): number | null {
    const rows = colourRows(pixels, REFERENCE_LINE, 4);
    const lines = rows.flatMap((count, y) => (count > pixels.width * 0.3 ? [y] : []));
    return lines.length ? pixels.y + lines.reduce((sum, y) => sum + y, 0) / lines.length : null;
  }

  /** Where the sagittal image shows height z (mm), on the page. */
  async function expectedY(z: number): Promise<number> {
    const row = (SAG.top - z) / SAG.spacing;
    return (await viewer.imageToPage(1, SAG.size, SAG.size, 0, row)).y;
  }

  it('draws the axial slice on the sagittal series and follows the scrolling', async () => {
    await viewer.page.goto('about:blank');
    await viewer.open(ct.studyInstanceUid);
    await shell.dismissTimeZoneIfAsked();
    await viewer.toolbarButton('Layout 1x2').click();
    await expect(viewer.waitForOutcome(0)).resolves.toBe('image');
    await expect(viewer.waitForOutcome(1)).resolves.toBe('image');
    await expect(viewer.overlay(1).textContent()).resolves.toMatch(/Sagittal/);
    await viewer.waitForPixels(1);
    await viewer.cell(0).click();

    await expect.poll(async () => lineY(await viewer.cellPixels(1))).not.toBeNull();
    const first = lineY(await viewer.cellPixels(1)) ?? 0;
    expect(Math.abs(first - (await expectedY(0))), 'the line lies at z = 0').toBeLessThan(4);
    // The axial viewport shows no line: the sagittal viewport is not the source.
    expect(colourCount(await viewer.cellPixels(0), REFERENCE_LINE)).toBeLessThan(20);
    await screenshot(viewer.page, 'viewer-extras-reference-line');

    await viewer.wheel(0, 100, 10);
    const position = await viewer.imagePosition(0).textContent();
    const index = Number(/Im: (\d+)/.exec(position ?? '')?.[1]) - 1;
    expect(index).toBeGreaterThan(3);
    const z = -index * SLICE_MM;
    await expect.poll(async () => Math.abs((lineY(await viewer.cellPixels(1)) ?? 0) - (await expectedY(z)))).toBeLessThan(4);
    const moved = lineY(await viewer.cellPixels(1)) ?? 0;
    expect(moved - first, 'the line moved down with the slices').toBeGreaterThan(20);
    await screenshot(viewer.page, 'viewer-extras-reference-line-moved');
  });
});

describe('viewer extras: annotations burnt in', () => {
  async function drawLength(): Promise<void> {
    await viewer.clickTool('Length', 'Annotation');
    await viewer.dragBetween(await viewer.imageToPage(0, SIZE, SIZE, 60, 60), await viewer.imageToPage(0, SIZE, SIZE, 200, 60));
    await expect.poll(async () => (await viewer.annotationTexts()).some((line) => /mm/.test(line))).toBe(true);
    // Away from the mark, so it is drawn in its normal colour.
    await viewer.page.mouse.move(5, 5);
  }

  it('exports PNG and captures with the visible annotations', async () => {
    await openStudy(ct.studyInstanceUid);
    const plain = decodePng(await exported('PNG'));
    expect(colourCount(plain, ANNOTATION) + colourCount(plain, ACTIVE), 'no marks before drawing').toBeLessThan(20);
    await drawLength();
    const marked = decodePng(await exported('PNG'));
    expect(colourCount(marked, ANNOTATION) + colourCount(marked, ACTIVE), 'annotation pixels in the PNG').toBeGreaterThan(150);

    const answer = viewer.page.waitForResponse((r) => r.url().includes('/studies/capture'));
    await viewer.clickTool('Capture');
    const response = await answer;
    expect(response.status()).toBe(200);
    const capture = (await response.json()) as { StudyInstanceUID: string; SeriesInstanceUID: string; SOPInstanceUID: string };
    const query = new URLSearchParams({
      requestType: 'WADO',
      studyUID: capture.StudyInstanceUID,
      seriesUID: capture.SeriesInstanceUID,
      objectUID: capture.SOPInstanceUID,
      contentType: 'application/dicom',
    });
    // The archive's index takes the new instance up within a moment.
    const fetchCapture = () => viewer.page.request.get(`${stack.baseUrl}/viewer/api/wado?${query.toString()}`);
    await expect.poll(async () => (await fetchCapture()).status(), { timeout: 15_000 }).toBe(200);
    const file = await fetchCapture();
    // dcmtk renders the stored Secondary Capture to PNG: what the archive holds, not what the page drew.
    const stored = join(workDir, 'capture.dcm');
    writeFileSync(stored, await file.body());
    const run = spawnSync('dcm2pnm', ['+on', stored, join(workDir, 'capture.png')], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(spawnSync('dcmdump', ['-q', '+P', '0028,0004', stored], { encoding: 'utf8' }).stdout).toMatch(/RGB/);
    const pixels = decodePng(readFileSync(join(workDir, 'capture.png')));
    expect(colourCount(pixels, ANNOTATION) + colourCount(pixels, ACTIVE), 'annotation pixels in the capture').toBeGreaterThan(150);

    // Hidden annotations stay out of exports.
    await viewer.clickTool('Hide all', 'Display', 'Annotations');
    const hidden = decodePng(await exported('PNG'));
    expect(colourCount(hidden, ANNOTATION) + colourCount(hidden, ACTIVE)).toBeLessThan(20);
    await viewer.clickTool('Show all', 'Display', 'Annotations');
    // The later tests start from an image without marks.
    await stack.sql('delete from annotations');
  });
});

describe('viewer extras: display tools', () => {
  it('magnifies the region under the pointer', async () => {
    await openStudy(ct.studyInstanceUid);
    await viewer.clickTool('Lungs');
    await viewer.waitForPixels();
    const before = await viewer.cellPixels(0);
    await viewer.clickTool('Magnifier');
    // The edge of the right lung: detail on both sides.
    const point = await viewer.imageToPage(0, SIZE, SIZE, 70, 128);
    await viewer.page.mouse.move(point.x, point.y);
    await viewer.page.mouse.down();
    const lens = viewer.page.locator('.magnifyTool');
    await lens.waitFor({ state: 'visible' });
    await viewer.page.waitForTimeout(500);
    const box = await lens.boundingBox();
    const during = await viewer.cellPixels(0);
    await screenshot(viewer.page, 'viewer-extras-magnifier');
    await viewer.page.mouse.up();
    expect(box?.width).toBe(300);
    if (!box) return;
    // Compare the lens with the image before: as it was (1×) and enlarged about the point (2×).
    const luma = (image: Pixels & { x: number; y: number }, x: number, y: number) => {
      const [col, row] = [Math.round(x - image.x), Math.round(y - image.y)];
      if (col < 0 || row < 0 || col >= image.width || row >= image.height) return null;
      const at = (row * image.width + col) * 4;
      return 0.299 * (image.data[at] ?? 0) + 0.587 * (image.data[at + 1] ?? 0) + 0.114 * (image.data[at + 2] ?? 0);
    };
    let [same, enlarged, count] = [0, 0, 0];
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    for (let y = box.y + 20; y < box.y + box.height - 20; y += 3)
      for (let x = box.x + 20; x < box.x + box.width - 20; x += 3) {
        const shown = luma(during, x, y);
        const plain = luma(before, x, y);
        const twice = luma(before, cx + (x - cx) / 2, cy + (y - cy) / 2);
        if (shown === null || plain === null || twice === null) continue;
        same += Math.abs(shown - plain);
        enlarged += Math.abs(shown - twice);
        count++;
      }
    expect(count).toBeGreaterThan(1000);
    expect(same / count, 'the lens differs from the image under it').toBeGreaterThan(8);
    expect(enlarged / count, 'the lens shows the image enlarged about the pointer').toBeLessThan((same / count) * 0.6);
  });

  it('paints a colour map and inverts brightness', async () => {
    await openStudy(ct.studyInstanceUid);
    const grey = await viewer.stats();
    expect(grey.colouredPixels).toBe(0);
    await viewer.clickTool('Hot', 'Display', 'Pseudo colour');
    await expect.poll(async () => (await viewer.stats()).colouredPixels).toBeGreaterThan(5000);
    await screenshot(viewer.page, 'viewer-extras-colormap');
    await viewer.clickTool('Reset', 'Transform');
    await expect.poll(async () => (await viewer.stats()).colouredPixels).toBe(0);

    const square = await viewer.squareGrid(viewer.canvas(), 16);
    await viewer.toolbarButton('Invert').click();
    await expect.poll(() => viewer.squareGrid(viewer.canvas(), 16).then((grid) => meanDifference(grid, square))).toBeGreaterThan(40);
    const inverted = await viewer.squareGrid(viewer.canvas(), 16);
    await screenshot(viewer.page, 'viewer-extras-invert');
    expect(
      meanDifference(
        inverted,
        square.map((value) => 255 - value),
      ),
      'each cell about 255 minus its former brightness',
    ).toBeLessThan(12);
  });

  it('exports the viewport as JPEG', async () => {
    await openStudy(ct.studyInstanceUid);
    const bytes = await exported('JPEG');
    expect(bytes[0]).toBe(0xff);
    expect(bytes[1]).toBe(0xd8);
    expect(bytes.at(-2)).toBe(0xff);
    expect(bytes.at(-1)).toBe(0xd9);
    // The browser decodes it to the viewport's size.
    const size = await viewer.page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
      return { width: bitmap.width, height: bitmap.height };
    }, bytes.toString('base64'));
    const canvas = await viewer.stats();
    expect(size).toEqual({ width: canvas.width, height: canvas.height });
  });
});

describe('viewer extras: touch', () => {
  it('zooms with a pinch and maximises a viewport with a double tap', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: 'en-US', hasTouch: true });
    try {
      const page = await context.newPage();
      const login = new LoginPage(page, stack.baseUrl);
      const touchShell = new Shell(page);
      await login.open('/login');
      await login.signIn(stack.adminId, stack.adminPassword);
      await touchShell.waitForRoute(/^\/list/);
      await touchShell.dismissTimeZoneIfAsked();
      const tablet = new ViewerPage(page, stack.baseUrl);
      await tablet.open(ct.studyInstanceUid);
      await touchShell.dismissTimeZoneIfAsked();
      await expect(tablet.waitForOutcome()).resolves.toBe('image');
      // A CT opens 1x1 by the default hanging protocol; a double tap needs a grid to maximise from.
      await tablet.toolbarButton('Layout 2x2').click();
      await expect.poll(() => page.locator('.viewport-cell:not(.is-hidden)').count()).toBe(4);
      const cdp = await context.newCDPSession(page);
      const box = await tablet.cell(0).boundingBox();
      if (!box) throw new Error('no cell');
      const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((point, id) => ({ ...point, id })) });
      const tap = async () => {
        await touch('touchStart', [{ x: cx, y: cy }]);
        await touch('touchEnd', []);
      };

      // Two taps 600 ms apart are two single taps; two within 350 ms maximise, two more restore.
      await tap();
      await page.waitForTimeout(600);
      await tap();
      await page.waitForTimeout(300);
      await expect(page.locator('.viewport-cell:not(.is-hidden)').count()).resolves.toBe(4);
      await page.waitForTimeout(400);
      await tap();
      await page.waitForTimeout(100);
      await tap();
      await expect.poll(() => page.locator('.viewport-cell:not(.is-hidden)').count()).toBe(1);
      await tablet.waitForPixels();
      await screenshot(page, 'viewer-extras-double-tap');

      const width = async () => {
        const row = await tablet.rowProfile(tablet.canvas(), 0.5);
        const inside = row.map((value) => value > 8);
        return inside.lastIndexOf(true) - inside.indexOf(true);
      };
      const zoomBefore = await tablet.zoomText().textContent();
      const before = await width();
      const box2 = (await tablet.cell(0).boundingBox()) ?? box;
      const [mx, my] = [box2.x + box2.width / 2, box2.y + box2.height / 2];
      await touch('touchStart', [
        { x: mx - 40, y: my },
        { x: mx + 40, y: my },
      ]);
      for (let step = 1; step <= 10; step++) {
        await touch('touchMove', [
          { x: mx - 40 - step * 4, y: my },
          { x: mx + 40 + step * 4, y: my },
        ]);
        await page.waitForTimeout(30);
      }
      await touch('touchEnd', []);
      await expect.poll(() => tablet.zoomText().textContent()).not.toBe(zoomBefore);
      const after = await width();
      await screenshot(page, 'viewer-extras-pinch');
      expect(Number(/(\d+)%/.exec((await tablet.zoomText().textContent()) ?? '')?.[1])).toBeGreaterThan(110);
      expect(after, 'the image is wider on screen after the pinch').toBeGreaterThan(before * 1.1);

      await page.waitForTimeout(400);
      await tap();
      await page.waitForTimeout(100);
      await tap();
      await expect.poll(() => page.locator('.viewport-cell:not(.is-hidden)').count()).toBe(4);
    } finally {
      await context.close();
    }
  });
});
