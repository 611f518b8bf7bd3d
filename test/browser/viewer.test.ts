/**
 * The viewer end to end: pydicom's sample files in every transfer syntax Cornerstone decodes,
 * sent to the archive with dcmtk's storescu, opened in Debian's Chromium and checked by reading
 * the viewport canvas: not blank, a CT responds to presets and window-level drags, a
 * multi-image series scrolls, and a file that cannot be decoded shows a message instead of a
 * blank canvas. Screenshots go to test-results/screenshots/viewer-*.png.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import type { Stack } from '../harness/stack.ts';
import { screenshot, type OpenPage } from './pages/browser.ts';
import { Shell } from './pages/shell.ts';
import { closeBrowserSuite, startViewerSuite } from './pages/admin-viewer.ts';
import { gridDifference, type CanvasStats, type ViewerPage } from './pages/viewer-page.ts';

const SAMPLES_DIR = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

interface Sample {
  label: string;
  file: string;
  /** Expected transfer syntax, as a reminder of what the sample covers. */
  syntax: string;
  colour?: boolean;
  images?: number;
}

/** One sample per transfer syntax (and photometric kind) that Cornerstone can decode. */
const RENDERABLE: Sample[] = [
  { label: 'ct-explicit-le', file: 'CT_small.dcm', syntax: 'Explicit VR Little Endian' },
  { label: 'mr-implicit-le', file: 'MR_small_implicit.dcm', syntax: 'Implicit VR Little Endian' },
  { label: 'mr-big-endian', file: 'MR_small_bigendian.dcm', syntax: 'Explicit VR Big Endian' },
  { label: 'ot-deflated', file: 'image_dfl.dcm', syntax: 'Deflated Explicit VR Little Endian' },
  { label: 'nm-jpeg-extended', file: 'JPGExtended.dcm', syntax: 'JPEG Extended (12-bit)' },
  { label: 'mr-jpeg-ls', file: 'MR_small_jpeg_ls_lossless.dcm', syntax: 'JPEG-LS Lossless' },
  { label: 'mr-j2k-lossless', file: 'MR_small_jp2klossless.dcm', syntax: 'JPEG 2000 Lossless' },
  { label: 'ct-j2k', file: '693_J2KI.dcm', syntax: 'JPEG 2000' },
  { label: 'nm-j2k', file: 'JPEG2000.dcm', syntax: 'JPEG 2000' },
  { label: 'mr-rle', file: 'MR_small_RLE.dcm', syntax: 'RLE Lossless' },
  { label: 'rgb-jpeg-baseline', file: 'SC_rgb_jpeg_dcmtk.dcm', syntax: 'JPEG Baseline (YBR_FULL)', colour: true },
  { label: 'rgb-jpeg-lossless', file: 'SC_rgb_jpeg_gdcm.dcm', syntax: 'JPEG Lossless SV1', colour: true },
  { label: 'rgb-j2k', file: 'SC_rgb_gdcm_KY.dcm', syntax: 'JPEG 2000', colour: true },
  { label: 'rgb-rle-2frame', file: 'SC_rgb_rle_2frame.dcm', syntax: 'RLE Lossless, 2 frames', colour: true, images: 2 },
  { label: 'us-rgb-big-endian', file: 'ExplVR_BigEnd.dcm', syntax: 'Explicit VR Big Endian, RGB', colour: true },
  { label: 'rtdose-multiframe', file: 'rtdose.dcm', syntax: 'Implicit VR Little Endian, 15 frames', images: 15 },
];

let stack: Stack;
let browser: Browser;
let open: OpenPage;
let viewer: ViewerPage;
let workDir: string;
const studyOf = new Map<string, string>();
let ctStudy = '';
let brokenStudy = '';
/** Cornerstone 5.14 passes uncompressed YBR_FULL_422 pixels on unconverted; the viewer says so. */
const YBR_422 = { label: 'ybr422-uncompressed', file: 'SC_ybr_full_422_uncompressed.dcm' };
let ybr422Study = '';

function tag(file: string, key: string): string {
  const run = spawnSync('dcmdump', ['-q', '+P', key, file], { encoding: 'utf8' });
  return /\[([^\]]*)\]/.exec(run.stdout)?.[1] ?? '';
}

/** A copy of a sample with fresh study/series/instance UIDs (pydicom's files share them). */
function freshCopy(sample: { label: string; file: string }): string {
  const target = join(workDir, `${sample.label}.dcm`);
  copyFileSync(join(SAMPLES_DIR, sample.file), target);
  const run = spawnSync('dcmodify', ['-nb', '-gst', '-gse', '-gin', '-i', `(0010,0010)=Viewer^${sample.label}`, target], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`dcmodify ${sample.file}: ${run.stderr}`);
  return target;
}

/**
 * A JPEG-LS file whose first fragment no longer starts with a JPEG marker: the archive stores it,
 * no decoder can read it.
 */
function brokenCopy(): string {
  const target = freshCopy({ label: 'broken-jpeg-ls', file: 'MR_small_jpeg_ls_lossless.dcm' });
  const bytes = readFileSync(target);
  const pixelData = bytes.indexOf(Buffer.from([0xe0, 0x7f, 0x10, 0x00]));
  const soi = bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]), pixelData);
  if (pixelData < 0 || soi < 0) throw new Error('no JPEG-LS stream in the sample');
  bytes.fill(0x00, soi, soi + 64);
  writeFileSync(target, bytes);
  return target;
}

beforeAll(async () => {
  ({ stack, browser, workDir, open, viewer } = await startViewerSuite({
    name: 'viewer',
    admin: true,
    files: (suite) => {
      // freshCopy writes into the suite's folder.
      workDir = suite.workDir;
      const files = RENDERABLE.map((sample) => {
        const file = freshCopy(sample);
        studyOf.set(sample.label, tag(file, '0020,000d'));
        return file;
      });
      const broken = brokenCopy();
      brokenStudy = tag(broken, '0020,000d');
      const ybr422 = freshCopy(YBR_422);
      ybr422Study = tag(ybr422, '0020,000d');
      const ct = generateCt({ out: join(workDir, 'ct'), slices: 20, size: 512, studyUidSeed: 'viewer-test' });
      ctStudy = ct.studyInstanceUid;
      return { files: [...files, broken, ybr422, ...ct.files], studies: [...studyOf.values(), brokenStudy, ybr422Study, ctStudy] };
    },
  }));
});

afterAll(() => closeBrowserSuite({ open, browser, stack, workDir }));

/**
 * Watches a viewer page as it opens: the first look's 16×16 luminance grid and canvas size, if it
 * was drawn before the viewer's own image, and the viewer's grid and size once its image shows.
 */
async function firstLookAndViewer(
  page: Page,
): Promise<{ look: number[] | null; lookSize: number[] | null; viewer: number[]; viewerSize: number[] }> {
  const seen = await page.waitForFunction(
    () => {
      const state = ((window as unknown as { firstLookTest?: { look?: number[]; size?: number[] } }).firstLookTest ??= {});
      const look = state.look ? null : document.querySelector<HTMLCanvasElement>('canvas.viewer-first-look');
      const viewerCanvas = document.querySelector('.viewport-cell[data-cell="0"] .overlay-image-index')
        ? document.querySelector<HTMLCanvasElement>('.viewport-cell[data-cell="0"] .cs-viewport-element canvas')
        : null;
      // A 16×16 luminance grid of each canvas, and whether it shows an image.
      const grids = [look, viewerCanvas].map((canvas) => {
        const context = canvas?.getContext('2d', { willReadFrequently: true });
        if (!canvas || !context || !canvas.width) return null;
        const { width, height } = canvas;
        const data = context.getImageData(0, 0, width, height).data;
        const sums = new Array<number>(256).fill(0);
        const counts = new Array<number>(256).fill(0);
        const levels = new Set<number>();
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            const at = (y * width + x) * 4;
            const cell = Math.floor((y * 16) / height) * 16 + Math.floor((x * 16) / width);
            sums[cell] = (sums[cell] ?? 0) + (data[at] ?? 0);
            counts[cell] = (counts[cell] ?? 0) + 1;
            levels.add(data[at] ?? 0);
          }
        }
        return levels.size >= 8 ? { grid: sums.map((sum, cell) => sum / (counts[cell] || 1)), size: [width, height] } : null;
      });
      if (grids[0]) {
        state.look = grids[0].grid;
        state.size = grids[0].size;
      }
      if (!grids[1]) return null;
      return { look: state.look ?? null, lookSize: state.size ?? null, viewer: grids[1].grid, viewerSize: grids[1].size };
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await seen.jsonValue()) as { look: number[] | null; lookSize: number[] | null; viewer: number[]; viewerSize: number[] };
}

describe('viewer: every decodable transfer syntax renders', () => {
  it.each(RENDERABLE)('$label ($syntax)', async (sample) => {
    await viewer.open(studyOf.get(sample.label) ?? '');
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    const stats = await viewer.waitForPixels();
    await screenshot(viewer.page, `viewer-${sample.label}`);
    expect(stats.width).toBeGreaterThan(100);
    expect(stats.levels, 'distinct grey levels').toBeGreaterThanOrEqual(8);
    expect(stats.nonBlack, 'share of non-black pixels').toBeGreaterThan(0.02);
    if (sample.colour) expect(stats.colouredPixels, 'coloured pixels').toBeGreaterThan(100);
    await expect(viewer.imagePosition().textContent()).resolves.toBe(`Im: 1 / ${sample.images ?? 1}`);
    await expect(viewer.overlay().textContent()).resolves.toContain(`Viewer ${sample.label}`);
  });
});

describe('viewer: CT', () => {
  it('shows the study header, a thumbnail and 20 slices', async () => {
    await viewer.open(ctStudy);
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    await viewer.waitForPixels();
    await expect(viewer.imagePosition().textContent()).resolves.toBe('Im: 1 / 20');
    await expect(viewer.thumbnails().count()).resolves.toBe(1);
    await expect(viewer.thumbnails().first().textContent()).resolves.toMatch(/CT.*20 images/);
    await expect(viewer.header().textContent()).resolves.toMatch(/Patient ID/);
    await screenshot(viewer.page, 'viewer-ct');
  });

  it('draws the first image before the viewer runs, where the viewer then shows it', async () => {
    // The viewer remembers where its first image went (the test above opened this study).
    await viewer.open(ctStudy);
    await viewer.waitForPixels();
    await viewer.page.waitForTimeout(300);
    // A page opened on the viewer link: the first look is drawn before Cornerstone has started.
    await viewer.page.goto('about:blank');
    await viewer.page.goto(`${stack.baseUrl}/viewer/#/viewer?studyinstanceuid=${encodeURIComponent(ctStudy)}`, { waitUntil: 'commit' });
    const result = await firstLookAndViewer(viewer.page);
    expect(result.look, 'the first look was drawn before the viewer showed its image').not.toBeNull();
    expect(result.lookSize).toEqual(result.viewerSize);
    const difference = gridDifference({ grid: result.look! } as CanvasStats, { grid: result.viewer } as CanvasStats);
    expect(difference, 'mean difference of the 16×16 grids (0..255)').toBeLessThan(6);
    // It goes once the viewer's own image is on screen.
    await expect.poll(() => viewer.page.locator('canvas.viewer-first-look').count()).toBe(0);
    await screenshot(viewer.page, 'viewer-ct-after-first-look');
    // The reload asks an administrator without a country again.
    await new Shell(viewer.page).dismissTimeZoneIfAsked();
  });

  it('draws the first image before the viewer runs on a first visit too, once the viewer is laid out', async () => {
    // Nothing remembered: the first look waits for the viewer's layout to learn where to draw.
    await viewer.page.goto(`${stack.baseUrl}/viewer/#/about`);
    await viewer.page.evaluate(() => localStorage.removeItem('pacs.viewer.first-look'));
    await viewer.page.goto('about:blank');
    await viewer.page.goto(`${stack.baseUrl}/viewer/#/viewer?studyinstanceuid=${encodeURIComponent(ctStudy)}`, { waitUntil: 'commit' });
    const result = await firstLookAndViewer(viewer.page);
    expect(result.look, 'the first look was drawn before the viewer showed its image').not.toBeNull();
    expect(result.lookSize).toEqual(result.viewerSize);
    const difference = gridDifference({ grid: result.look! } as CanvasStats, { grid: result.viewer } as CanvasStats);
    expect(difference, 'mean difference of the 16×16 grids (0..255)').toBeLessThan(6);
    await expect.poll(() => viewer.page.locator('canvas.viewer-first-look').count()).toBe(0);
    await new Shell(viewer.page).dismissTimeZoneIfAsked();
  });

  it('changes brightness with a preset and a window-level drag, and resets', async () => {
    await viewer.open(ctStudy);
    await viewer.waitForOutcome();
    const initial = await viewer.waitForPixels();
    const initialWindow = await viewer.windowText().textContent();

    await viewer.toolbarButton('Lungs').click();
    await expect.poll(() => viewer.windowText().textContent()).toBe('W: 1500 L: -550');
    const lungs = await viewer.waitForPixels();
    await screenshot(viewer.page, 'viewer-ct-lungs');
    await viewer.toolbarButton('Bone').click();
    await expect.poll(() => viewer.windowText().textContent()).toBe('W: 1800 L: 500');
    const bone = await viewer.stats();
    await screenshot(viewer.page, 'viewer-ct-bone');
    // Lungs centre on air-like values, so soft tissue turns bright; bone darkens it.
    expect(lungs.mean - bone.mean).toBeGreaterThan(10);

    await viewer.toolbarButton('Abdomen').click();
    await expect.poll(() => viewer.windowText().textContent()).toBe('W: 350 L: 50');
    const before = await viewer.stats();
    const windowBefore = await viewer.windowText().textContent();
    await viewer.dragLeft(0, 120, 80);
    await expect.poll(() => viewer.windowText().textContent()).not.toBe(windowBefore);
    const after = await viewer.stats();
    expect(Math.abs(after.mean - before.mean), 'mean brightness change after a window-level drag').toBeGreaterThan(3);

    await viewer.clickTool('Reset', 'Transform');
    await expect.poll(() => viewer.windowText().textContent()).toBe(initialWindow);
    await expect.poll(async () => Math.abs((await viewer.stats()).mean - initial.mean)).toBeLessThan(2);
  });

  it('scrolls through the stack with the wheel and zooms with Ctrl+wheel', async () => {
    await viewer.open(ctStudy);
    await viewer.waitForOutcome();
    const first = await viewer.waitForPixels();
    await viewer.wheel(0, 100, 8);
    await expect.poll(() => viewer.imagePosition().textContent()).not.toBe('Im: 1 / 20');
    const position = (await viewer.imagePosition().textContent()) ?? '';
    const later = await viewer.waitForPixels();
    await screenshot(viewer.page, 'viewer-ct-scrolled');
    expect(position).toMatch(/^Im: ([2-9]|1\d|20) \/ 20$/);
    expect(gridDifference(first, later), 'pixels differ after scrolling').toBeGreaterThan(1);

    await expect(viewer.zoomText().textContent()).resolves.toBe('Zoom: 100%');
    await viewer.page.keyboard.down('Control');
    await viewer.wheel(0, -100, 3);
    await viewer.page.keyboard.up('Control');
    await expect.poll(() => viewer.zoomText().textContent()).not.toBe('Zoom: 100%');
    await expect(viewer.imagePosition().textContent()).resolves.toBe(position);
  });

  it('scrolls the frames of a multi-frame instance', async () => {
    await viewer.open(studyOf.get('rtdose-multiframe') ?? '');
    await viewer.waitForOutcome();
    const first = await viewer.waitForPixels();
    await viewer.wheel(0, 100, 6);
    await expect.poll(() => viewer.imagePosition().textContent()).not.toBe('Im: 1 / 15');
    const later = await viewer.waitForPixels();
    expect(gridDifference(first, later)).toBeGreaterThan(1);
  });

  it('lays out 1x2 and loads a series dragged onto the second viewport', async () => {
    await viewer.open(ctStudy);
    await viewer.waitForOutcome();
    await viewer.toolbarButton('Layout 1x2').click();
    await viewer.cell(1).waitFor();
    await expect(viewer.message(1).textContent()).resolves.toBe('Drag a series here.');
    await viewer.thumbnails().first().dragTo(viewer.cell(1));
    await expect(viewer.waitForOutcome(1)).resolves.toBe('image');
    const stats = await viewer.waitForPixels(1);
    expect(stats.levels).toBeGreaterThanOrEqual(8);
    await screenshot(viewer.page, 'viewer-ct-1x2');
  });
});

describe('viewer: images that cannot be displayed', () => {
  it('shows a message with the transfer syntax instead of a blank canvas', async () => {
    await viewer.open(brokenStudy);
    await expect(viewer.waitForOutcome()).resolves.toBe('error');
    await expect
      .poll(() => viewer.errorMessage().textContent())
      .toBe('This image cannot be displayed (transfer syntax JPEG-LS Lossless (1.2.840.10008.1.2.4.80)).');
    await screenshot(viewer.page, 'viewer-undecodable');
  });

  it('says so for uncompressed YBR_FULL_422, which Cornerstone does not convert', async () => {
    await viewer.open(ybr422Study);
    await expect(viewer.waitForOutcome()).resolves.toBe('error');
    await expect
      .poll(() => viewer.errorMessage().textContent())
      .toBe('This image cannot be displayed (transfer syntax Explicit VR Little Endian (1.2.840.10008.1.2.1)).');
    await screenshot(viewer.page, 'viewer-ybr422');
  });
});
