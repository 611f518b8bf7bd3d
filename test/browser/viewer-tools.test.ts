/**
 * The viewer's reading tools end to end, checked on pixels in headless Chromium: flip mirrors,
 * a quarter turn turns, zoom enlarges, a length on the generated CT reads pixels × PixelSpacing,
 * the probe reads the HU stored in the file, annotations survive a reload and obey the display
 * status, MPR shows the phantom's proportions in each plane, series that cannot be
 * reconstructed give the spec's messages, and a capture becomes a new series of the study.
 * Screenshots go to test-results/screenshots/viewer-*.png.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import type { Stack } from '../harness/stack.ts';
import { screenshot, type OpenPage } from './pages/browser.ts';
import type { Shell } from './pages/shell.ts';
import { closeBrowserSuite, startViewerSuite } from './pages/admin-viewer.ts';
import { meanDifference, mirrorGrid, rotateGridClockwise, type ViewerPage } from './pages/viewer-page.ts';

const SAMPLES_DIR = '/usr/lib/python3/dist-packages/pydicom/data/test_files';
const SIZE = 512;
const SLICES = 20;
/** generate-ct: a 358.4 mm field of view, 1.25 mm slices. */
const SPACING_MM = 358.4 / SIZE;
const RESCALE_INTERCEPT = -1024;

let stack: Stack;
let browser: Browser;
let open: OpenPage;
let viewer: ViewerPage;
let shell: Shell;
let workDir: string;
let ct: ReturnType<typeof generateCt>;
const invalid = new Map<string, string>();

function tag(file: string, key: string): string {
  const run = spawnSync('dcmdump', ['-q', '+P', key, file], { encoding: 'utf8' });
  return /\[([^\]]*)\]/.exec(run.stdout)?.[1] ?? '';
}

function dcmodify(file: string, ...args: string[]): void {
  const run = spawnSync('dcmodify', ['-nb', ...args, file], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`dcmodify ${file}: ${run.stderr}`);
}

/** HU of a voxel of the generated CT: its files end with the 16-bit signed pixel data. */
function huAt(file: string, column: number, row: number): number {
  const bytes = readFileSync(file);
  const pixels = bytes.subarray(bytes.length - SIZE * SIZE * 2);
  return pixels.readInt16LE((row * SIZE + column) * 2) + RESCALE_INTERCEPT;
}

/** Series of three small slices, each broken in one way MPR cannot accept. */
function invalidSeries(): string[] {
  const files: string[] = [];
  const make = (label: string, edit: (files: string[]) => void) => {
    const series = generateCt({ out: join(workDir, label), slices: 3, size: 64, studyUidSeed: `mpr-${label}` });
    edit(series.files);
    invalid.set(label, series.studyInstanceUid);
    files.push(...series.files);
  };
  make('sagittal', (list) => list.forEach((file) => dcmodify(file, '-m', '(0020,0037)=0\\1\\0\\0\\0\\-1')));
  make('no-spacing', (list) => list.forEach((file) => dcmodify(file, '-e', '(0028,0030)')));
  make('tilted', (list) => dcmodify(list[1] ?? '', '-m', '(0020,0037)=1\\0\\0\\0\\0.9\\0.43589'));
  const single = join(workDir, 'single.dcm');
  copyFileSync(join(SAMPLES_DIR, 'CT_small.dcm'), single);
  dcmodify(single, '-gst', '-gse', '-gin');
  invalid.set('single', tag(single, '0020,000d'));
  files.push(single);
  return files;
}

beforeAll(async () => {
  ({ stack, browser, workDir, open, shell, viewer } = await startViewerSuite({
    name: 'viewer-tools',
    admin: true,
    files: (suite) => {
      // invalidSeries() writes into the suite's folder.
      workDir = suite.workDir;
      ct = generateCt({ out: join(workDir, 'ct'), slices: SLICES, size: SIZE, studyUidSeed: 'viewer-tools' });
      const files = [...ct.files, ...invalidSeries()];
      return { files, studies: [ct.studyInstanceUid, ...invalid.values()] };
    },
  }));
});

afterAll(() => closeBrowserSuite({ open, browser, stack, workDir }));

/** The CT in a 1x1 layout, first image on screen. */
async function openCt(): Promise<void> {
  // A fresh page: the same hash would keep the previous test's viewer state.
  await viewer.page.goto('about:blank');
  await viewer.open(ct.studyInstanceUid);
  // An administrator whose configs lack a country is asked on every start of the app.
  await shell.dismissTimeZoneIfAsked();
  await expect(viewer.waitForOutcome()).resolves.toBe('image');
  await viewer.toolbarButton('Layout 1x1').click();
  await viewer.waitForPixels();
  await expect(viewer.imagePosition().textContent()).resolves.toBe(`Im: 1 / ${SLICES}`);
}

describe('viewer tools: transforms', () => {
  it('builds the toolbar from the settings: defaults, folders and the CT protocol’s 1x1 series layout', async () => {
    await viewer.open(ct.studyInstanceUid);
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    // The default hanging protocol opens a CT on its largest series alone (viewer-settings.test.ts tests the rest).
    await expect(viewer.toolbarButton('Layout 1x1').getAttribute('aria-pressed')).resolves.toBe('true');
    await expect.poll(() => viewer.page.locator('.viewport-cell').count()).toBe(1);
    for (const name of ['Window level', 'Pan', 'Zoom', 'Cine', 'Magnifier', 'Pixel value', 'MPR', 'Capture', 'Export', 'DICOM header'])
      await expect(viewer.toolbarButton(name).count(), name).resolves.toBe(1);
    // Folders of the default viewer toolbar.
    for (const name of ['Transform', 'Annotation', 'Display']) await expect(viewer.toolbarButton(name).count(), name).resolves.toBe(1);
    await screenshot(viewer.page, 'viewer-tools-toolbar');
  });

  it('flips horizontally (a mirror image) and vertically, and resets', async () => {
    await openCt();
    await viewer.wheel(0, 100, 9); // a slice with the heart, which is left of the midline
    await viewer.waitForPixels();
    const canvas = viewer.canvas();
    const before = await viewer.squareGrid(canvas);
    const asymmetry = meanDifference(before, mirrorGrid(before));
    await viewer.clickTool('Flip horizontal', 'Transform');
    await expect.poll(async () => meanDifference(await viewer.squareGrid(canvas), mirrorGrid(before))).toBeLessThan(asymmetry / 3);
    await screenshot(viewer.page, 'viewer-tools-flip-horizontal');
    expect(asymmetry, 'the slice is not symmetric').toBeGreaterThan(1);

    await viewer.clickTool('Flip horizontal', 'Transform');
    await viewer.clickTool('Flip vertical', 'Transform');
    const upsideDown = (grid: number[]) => grid.map((_, cell) => grid[(15 - Math.floor(cell / 16)) * 16 + (cell % 16)] ?? 0);
    const verticalAsymmetry = meanDifference(before, upsideDown(before));
    await expect.poll(async () => meanDifference(await viewer.squareGrid(canvas), upsideDown(before))).toBeLessThan(verticalAsymmetry / 3);

    await viewer.clickTool('Reset', 'Transform');
    await expect.poll(async () => meanDifference(await viewer.squareGrid(canvas), before)).toBeLessThan(2);
  });

  it('turns a quarter right, and to a free angle', async () => {
    await openCt();
    const canvas = viewer.canvas();
    const before = await viewer.squareGrid(canvas);
    await viewer.clickTool('Rotate right', 'Transform');
    await expect.poll(async () => meanDifference(await viewer.squareGrid(canvas), rotateGridClockwise(before))).toBeLessThan(4);
    await screenshot(viewer.page, 'viewer-tools-rotate-90');
    expect(meanDifference(before, rotateGridClockwise(before)), 'a quarter turn changes the picture').toBeGreaterThan(8);

    await viewer.clickTool('Rotate left', 'Transform');
    await expect.poll(async () => meanDifference(await viewer.squareGrid(canvas), before)).toBeLessThan(2);
    await viewer.toolbarButton('Transform').click();
    const angle = viewer.toolbar().getByRole('spinbutton', { name: 'Angle' });
    await angle.fill('180');
    await angle.press('Enter');
    const halfTurn = (grid: number[]) => [...grid].reverse();
    await expect.poll(async () => meanDifference(await viewer.squareGrid(canvas), halfTurn(before))).toBeLessThan(4);
    await viewer.clickTool('Reset', 'Transform');
  });

  it('zooms to a preset: the body fills more of the viewport', async () => {
    await openCt();
    const before = await viewer.stats();
    await viewer.clickTool('200%', 'Zoom presets');
    await expect.poll(() => viewer.zoomText().textContent()).toBe('Zoom: 200%');
    // The label changes in the same task as the render is asked for; the canvas follows a frame later.
    await expect
      .poll(async () => (await viewer.waitForPixels()).nonBlack / before.nonBlack, { message: 'share of non-black pixels grows' })
      .toBeGreaterThan(1.4);
    await screenshot(viewer.page, 'viewer-tools-zoom-200');
    await viewer.clickTool('+10%', 'Zoom presets');
    await expect.poll(() => viewer.zoomText().textContent()).toBe('Zoom: 210%');
    await viewer.clickTool('Reset', 'Transform');
    await expect.poll(() => viewer.zoomText().textContent()).toBe('Zoom: 100%');
  });
});

describe('viewer tools: measurements and annotations', () => {
  it('measures a length of pixels × PixelSpacing millimetres', async () => {
    await openCt();
    await viewer.clickTool('Length', 'Annotation');
    const from = await viewer.imageToPage(0, SIZE, SIZE, 100, 200);
    const to = await viewer.imageToPage(0, SIZE, SIZE, 400, 300);
    await viewer.dragBetween(from, to);
    const expected = (Math.hypot(to.x - from.x, to.y - from.y) / from.scale) * SPACING_MM;
    const shownMm = async () => {
      const text = (await viewer.annotationTexts()).find((line) => /mm/.test(line)) ?? '';
      return Number(/([\d.]+)\s*mm/.exec(text)?.[1] ?? NaN);
    };
    // The statistics settle once the drag has ended.
    await expect
      .poll(async () => Math.abs((await shownMm()) - expected) / expected, { message: `length against ${expected.toFixed(2)} mm` })
      .toBeLessThan(0.01);
    await screenshot(viewer.page, 'viewer-tools-length');
  });

  it('probes a lung voxel and shows the HU stored in the file', async () => {
    await openCt();
    await viewer.clickTool('Pixel value');
    // The right lung (patient right is image left) of the first slice.
    const point = await viewer.imageToPage(0, SIZE, SIZE, 160, 262);
    await viewer.page.mouse.click(point.x, point.y);
    await expect.poll(async () => (await viewer.annotationTexts()).join(' ')).toMatch(/HU/);
    const lines = await viewer.annotationTexts();
    await screenshot(viewer.page, 'viewer-tools-probe');
    const index = /\((\d+), (\d+), (\d+)\)/.exec(lines.join(' '));
    const value = Number(/(-?[\d.]+) HU/.exec(lines.join(' '))?.[1]);
    expect(index, lines.join(' | ')).not.toBeNull();
    const [column, row] = [Number(index?.[1]), Number(index?.[2])];
    expect(Math.abs(column - 160)).toBeLessThanOrEqual(1);
    expect(Math.abs(row - 262)).toBeLessThanOrEqual(1);
    expect(value).toBeCloseTo(huAt(ct.files[0] ?? '', column, row), 0);
    expect(value, 'lung is about -860 HU').toBeGreaterThan(-920);
    expect(value).toBeLessThan(-800);
  });

  it('probes a later slice: the value of that slice, decoded by the series download', async () => {
    await openCt();
    // Once the series is loaded, slice 13 comes from the cache the download filled (native-images.ts).
    await viewer.page.locator('.viewer-thumbnails .thumbnail[data-status="loaded"]').first().waitFor();
    for (let i = 0; i < 12; i++) await viewer.page.keyboard.press('ArrowDown');
    await expect.poll(async () => viewer.imagePosition().textContent()).toBe(`Im: 13 / ${SLICES}`);
    const probe = viewer.toolbar().getByRole('button', { name: 'Pixel value', exact: true });
    if ((await probe.getAttribute('aria-pressed')) !== 'true') await probe.click();
    const point = await viewer.imageToPage(0, SIZE, SIZE, 160, 262);
    await viewer.page.mouse.click(point.x, point.y);
    await expect.poll(async () => (await viewer.annotationTexts()).join(' ')).toMatch(/HU/);
    const text = (await viewer.annotationTexts()).join(' ');
    await screenshot(viewer.page, 'viewer-tools-probe-slice-13');
    const at = /\((\d+), (\d+), (\d+)\)/.exec(text);
    expect(at, text).not.toBeNull();
    expect(Number(at?.[3]), 'the slice index').toBe(12);
    const value = Number(/(-?[\d.]+) HU/.exec(text)?.[1]);
    expect(value).toBeCloseTo(huAt(ct.files[12] ?? '', Number(at?.[1]), Number(at?.[2])), 0);
    expect(value, 'still lung').toBeLessThan(-600);
  });

  it('keeps annotations across a reload and follows the display status', async () => {
    await openCt();
    await viewer.clickTool('Length', 'Annotation');
    const saved = viewer.page.waitForResponse((r) => r.url().includes('/annotations/replace') && r.request().method() === 'PUT');
    await viewer.dragBetween(await viewer.imageToPage(0, SIZE, SIZE, 120, 120), await viewer.imageToPage(0, SIZE, SIZE, 220, 120));
    expect((await saved).status()).toBe(200);
    const before = (await viewer.annotationTexts()).filter((line) => /mm/.test(line));
    expect(before.length).toBeGreaterThanOrEqual(1);

    // Another reader's annotation on the same image: a copy of ours under another account.
    await stack.sql(
      `insert into accounts (id, password_hash, name, role) values ('other-reader', 'x', 'Other Reader', 1) on conflict do nothing`,
    );
    await stack.sql(
      `insert into annotations (study_id, account_id, series_instance_uid, sop_instance_uid, frame, tool, data)
       select study_id, 'other-reader', series_instance_uid, sop_instance_uid, frame, tool, data from annotations where account_id = $1`,
      [stack.adminId],
    );

    await viewer.page.reload();
    await shell.dismissTimeZoneIfAsked();
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    await viewer.toolbarButton('Layout 1x1').click();
    await viewer.waitForPixels();
    const lengths = async () => (await viewer.annotationTexts()).filter((line) => /mm/.test(line));
    await expect.poll(async () => (await lengths()).length).toBe(before.length * 2);
    await screenshot(viewer.page, 'viewer-tools-annotations-reloaded');
    expect(await lengths()).toEqual(expect.arrayContaining(before));

    await viewer.clickTool('Show only mine', 'Display', 'Annotations');
    await expect.poll(async () => (await lengths()).length).toBe(before.length);
    await viewer.clickTool('Hide all', 'Display', 'Annotations');
    await expect.poll(async () => (await lengths()).length).toBe(0);
    await screenshot(viewer.page, 'viewer-tools-annotations-hidden');
    await viewer.clickTool('Show all', 'Display', 'Annotations');
    await expect.poll(async () => (await lengths()).length).toBe(before.length * 2);
  });

  it('saves nothing when a study opens, also when its annotations arrive after the first image', async () => {
    // The previous test left saved annotations on the CT (ours and another reader's): their
    // measurements are recomputed as they are drawn. Answered late, they also find the reference
    // lines' own annotation on screen, which loading them once removed.
    const saves: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().includes('/annotations/replace')) saves.push(request.postData() ?? '');
    };
    await viewer.page.route('**/annotations/fromstudy*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    viewer.page.on('request', onRequest);
    try {
      const annotations = viewer.page.waitForResponse((r) => r.url().includes('/annotations/fromstudy'));
      await openCt();
      await annotations;
      await expect.poll(async () => (await viewer.annotationTexts()).filter((line) => /mm/.test(line)).length).toBeGreaterThan(0);
      // A change is saved 600 ms after it (use-viewer-annotations.ts): twice that, and nothing went.
      await viewer.page.waitForTimeout(1200);
      expect(saves).toEqual([]);
    } finally {
      viewer.page.off('request', onRequest);
      await viewer.page.unroute('**/annotations/fromstudy*');
    }
  });
});

describe('viewer tools: MPR', () => {
  /** Where the lungs window's volume (air is grey, not black) starts and ends, and where the body does. */
  function extents(profile: number[]) {
    const inVolume = profile.map((value) => value > 20);
    const inBody = profile.map((value) => value > 75);
    const first = (flags: boolean[]) => flags.indexOf(true);
    const last = (flags: boolean[]) => flags.lastIndexOf(true);
    return {
      volume: last(inVolume) - first(inVolume) + 1,
      body: last(inBody) - first(inBody) + 1,
    };
  }

  it('shows axial, sagittal and coronal planes with the phantom proportions', async () => {
    await openCt();
    const ready = viewer.page.waitForSelector('.mpr-view[data-phase="ready"]', { timeout: 60_000 });
    await viewer.clickTool('MPR');
    await ready;
    await viewer.clickTool('Lungs');
    for (const plane of ['axial', 'sagittal', 'coronal'] as const) {
      await expect.poll(async () => (await viewer.rowProfile(viewer.mprCanvas(plane))).some((value) => value > 60)).toBe(true);
    }
    await viewer.page.waitForTimeout(500);
    await screenshot(viewer.page, 'viewer-tools-mpr');
    // Mid-volume: body 2 × 116.7 mm front to back, 2 × 169.7 mm side to side, in a 358.4 mm field.
    const sagittal = extents(await viewer.rowProfile(viewer.mprCanvas('sagittal')));
    const coronal = extents(await viewer.rowProfile(viewer.mprCanvas('coronal')));
    expect(sagittal.body / sagittal.volume, 'sagittal: front-to-back body share').toBeGreaterThan(0.55);
    expect(sagittal.body / sagittal.volume).toBeLessThan(0.75);
    expect(coronal.body / coronal.volume, 'coronal: side-to-side body share').toBeGreaterThan(0.85);
    // The slab is 20 × 1.25 mm tall in both reformatted planes.
    const height = extents(await viewer.columnProfile(viewer.mprCanvas('sagittal'))).volume;
    expect(height / sagittal.volume, 'sagittal height against width').toBeGreaterThan((SLICES * 1.25 * 0.8) / 358.4);
    expect(height / sagittal.volume).toBeLessThan((SLICES * 1.25 * 1.25) / 358.4);
    await viewer.clickTool('MPR');
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
  });

  it.each([
    ['single', '2 or more images must exist.'],
    ['no-spacing', 'PixelSpacing value is invalid.'],
    ['sagittal', 'Select Axial image.'],
    ['tilted', 'Images must be parallel.'],
  ])('says why %s cannot be reconstructed', async (label, message) => {
    await viewer.page.goto('about:blank');
    await viewer.open(invalid.get(label) ?? '');
    await shell.dismissTimeZoneIfAsked();
    await viewer.waitForOutcome();
    await viewer.clickTool('MPR');
    await expect.poll(() => viewer.mprMessage().textContent(), { timeout: 30_000 }).toBe(message);
    await screenshot(viewer.page, `viewer-tools-mpr-${label}`);
  });
});

describe('viewer tools: capture', () => {
  it('stores the viewport as a new series of the study, shown in the list of series', async () => {
    await openCt();
    await expect(viewer.thumbnails().count()).resolves.toBe(1);
    const stored = viewer.page.waitForResponse((r) => r.url().includes('/studies/capture'));
    await viewer.clickTool('Capture');
    expect((await stored).status()).toBe(200);
    await expect.poll(() => viewer.thumbnails().count(), { timeout: 15_000 }).toBe(2);
    await expect(viewer.thumbnails().nth(1).textContent()).resolves.toMatch(/1 image/);
    await screenshot(viewer.page, 'viewer-tools-capture');
  });
});

describe('viewer tools: reading aids', () => {
  it('plays cine and stops', async () => {
    await openCt();
    await viewer.clickTool('Cine');
    await expect.poll(() => viewer.imagePosition().textContent(), { timeout: 10_000 }).toMatch(/^Im: ([3-9]|1\d|20) \//);
    await viewer.clickTool('Cine');
    const stopped = await viewer.imagePosition().textContent();
    await viewer.page.waitForTimeout(800);
    await expect(viewer.imagePosition().textContent()).resolves.toBe(stopped);
  });

  it('applies a preset by its keyboard key and lists the shortcuts', async () => {
    await openCt();
    await viewer.cell(0).click();
    await viewer.page.keyboard.press('4');
    await expect.poll(() => viewer.windowText().textContent()).toBe('W: 1500 L: -550');
    await viewer.page.keyboard.press('ArrowDown');
    await expect.poll(() => viewer.imagePosition().textContent()).toBe(`Im: 2 / ${SLICES}`);
    await viewer.clickTool('Shortcuts');
    const dialog = viewer.page.getByRole('dialog', { name: 'Viewer keyboard shortcuts' });
    await expect(dialog.textContent()).resolves.toMatch(/Lungs \(1500 \/ -550\)/);
    await screenshot(viewer.page, 'viewer-tools-shortcuts');
    await viewer.page.keyboard.press('Escape');
  });

  it('splits a cell into an image grid of consecutive images', async () => {
    await openCt();
    await viewer.clickTool('Image grid 2x2', 'Images 1x1');
    const positions = viewer.cell(0).locator('.overlay-image-index');
    await expect.poll(() => positions.allTextContents()).toEqual([1, 2, 3, 4].map((n) => `Im: ${n} / ${SLICES}`));
    await screenshot(viewer.page, 'viewer-tools-image-grid');
  });

  it('scrolls two viewports of the series together when synchronised', async () => {
    await openCt();
    await viewer.toolbarButton('Layout 1x2').click();
    await viewer.thumbnails().first().dragTo(viewer.cell(1));
    await expect(viewer.waitForOutcome(1)).resolves.toBe('image');
    await viewer.clickTool('Sync');
    await viewer.wheel(0, 100, 4);
    await expect.poll(() => viewer.imagePosition(0).textContent()).not.toBe(`Im: 1 / ${SLICES}`);
    const shown = await viewer.imagePosition(0).textContent();
    await expect.poll(() => viewer.imagePosition(1).textContent()).toBe(shown);
  });

  it('marks a key image that stays marked after a reload', async () => {
    await openCt();
    const marked = viewer.page.waitForResponse((r) => r.url().includes('/keyimages/update'));
    await viewer.clickTool('Key image');
    expect((await marked).status()).toBe(200);
    // The overlay re-renders after the answer: poll rather than read once.
    await expect.poll(() => viewer.overlay().textContent()).toContain('Key image');
    // The toolbar says it of the image shown: not of the next slice, again of this one.
    const keyButton = viewer.toolbarButton('Key image');
    await expect.poll(() => keyButton.getAttribute('aria-pressed')).toBe('true');
    await viewer.wheel(0, 100);
    await expect.poll(() => keyButton.getAttribute('aria-pressed')).toBe('false');
    await viewer.wheel(0, -100);
    await expect.poll(() => keyButton.getAttribute('aria-pressed')).toBe('true');
    await viewer.page.reload();
    await shell.dismissTimeZoneIfAsked();
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    await expect.poll(() => viewer.overlay().textContent()).toContain('Key image');
    await viewer.clickTool('Key image');
    await expect.poll(() => viewer.overlay().textContent()).not.toContain('Key image');
  });

  it('shows the DICOM header of the image, searchable', async () => {
    await openCt();
    await viewer.clickTool('DICOM header');
    const dialog = viewer.page.getByRole('dialog', { name: 'DICOM header' });
    await dialog.getByRole('searchbox', { name: 'Search tags' }).fill('PixelSpacing');
    await expect
      .poll(() => dialog.locator('tbody tr').allTextContents())
      .toEqual([expect.stringMatching(/^\(0028,0030\)PixelSpacingDS0\.7\\0\.7$/)]);
    await screenshot(viewer.page, 'viewer-tools-dicom-header');
    await viewer.page.keyboard.press('Escape');
  });

  it('exports the viewport as PNG', async () => {
    await openCt();
    const download = viewer.page.waitForEvent('download');
    await viewer.clickTool('Image (PNG)', 'Export');
    const file = await (await download).path();
    const bytes = readFileSync(file ?? '');
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(10_000);
  });
});
