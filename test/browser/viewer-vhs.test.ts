/**
 * The VHS tool end to end on a generated lateral thorax (test/harness/radiograph.ts): the reader
 * draws the long axis, the short axis and the reference from the cranial edge of T4 over four
 * vertebrae with the mouse; the score shown (dialog and image) is the one the pixel coordinates and
 * PixelSpacing give; it is kept across a reload; the report inserts its sentence into the findings.
 * On a phone the same three lines are drawn with a finger; in French the figures take a decimal
 * comma. Screenshots: viewer-vhs-*.png.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { API, signIn } from '../harness/api.ts';
import { replaceConfigs } from '../harness/fixtures.ts';
import { radiograph, radiographStudyUid, THORAX, thoraxPixel } from '../harness/radiograph.ts';
import type { Stack } from '../harness/stack.ts';
import { screenshot, type OpenPage } from './pages/browser.ts';
import { ReportPage } from './pages/report-page.ts';
import type { Shell } from './pages/shell.ts';
import { closeBrowserSuite, openViewerAsAdmin, startViewerSuite } from './pages/admin-viewer.ts';
import type { ViewerPage } from './pages/viewer-page.ts';

const SPACING_MM = 0.3;
const STUDY_SEED = 'vhs-thorax';
const TOOL = 'Vertebral heart score (VHS)';
const { spine } = THORAX;
const pitch = spine.length + spine.gap;
/** Image pixels of the three lines: long axis, short axis, and T4's cranial edge over four vertebrae. */
const LINES = [
  [
    [140, 225],
    [360, 410],
  ],
  [
    [150, 400],
    [330, 230],
  ],
  [
    [spine.x0 + 3 * pitch, spine.y + spine.height + 6],
    [spine.x0 + 7 * pitch, spine.y + spine.height + 6],
  ],
] as const;

let stack: Stack;
let browser: Browser;
let open: OpenPage;
let shell: Shell;
let viewer: ViewerPage;
let workDir: string;
const studyUid = radiographStudyUid(STUDY_SEED);

beforeAll(async () => {
  ({ stack, browser, workDir, open, shell, viewer } = await startViewerSuite({
    name: 'vhs',
    admin: true,
    files: (suite) => {
      // The files are written into the suite's folder.
      workDir = suite.workDir;
      const file = join(workDir, 'thorax.dcm');
      writeFileSync(
        file,
        radiograph({
          studySeed: STUDY_SEED,
          seed: 'vhs-thorax-lateral',
          modality: 'DX',
          patientName: 'Tom^Shorthair',
          patientId: 'VHS-1',
          rows: THORAX.rows,
          columns: THORAX.columns,
          spacing: [SPACING_MM, SPACING_MM],
          seriesNumber: 1,
          seriesDescription: 'Thorax lateral',
          bodyPart: 'CHEST',
          viewPosition: 'RL',
          species: 'Felis catus',
          pixel: thoraxPixel,
        }),
      );
      return { files: [file], studies: [studyUid] };
    },
  }));
});

afterAll(() => closeBrowserSuite({ open, browser, stack, workDir }));

/**
 * The usual method, worked independently of the client's code: each axis in vertebrae of the
 * reference (its length over its vertebra count), to 0.1, and their sum.
 */
function vhsScore(axisA: number, axisB: number, reference: number, vertebrae: number) {
  const vertebra = reference / vertebrae;
  const long = Math.round((Math.max(axisA, axisB) / vertebra) * 10) / 10;
  const short = Math.round((Math.min(axisA, axisB) / vertebra) * 10) / 10;
  return axisA > 0 && axisB > 0 && reference > 0 ? { long, short, score: Math.round((long + short) * 10) / 10 } : null;
}

/** The score the three lines' page points give, through pixels and PixelSpacing. */
function expectedScore(points: { x: number; y: number }[], scale: number) {
  const mm = (a: { x: number; y: number }, b: { x: number; y: number }) => (Math.hypot(b.x - a.x, b.y - a.y) / scale) * SPACING_MM;
  const [a, b, c, d, e, f] = points as [
    (typeof points)[0],
    (typeof points)[0],
    (typeof points)[0],
    (typeof points)[0],
    (typeof points)[0],
    (typeof points)[0],
  ];
  const score = vhsScore(mm(a, b), mm(c, d), mm(e, f), 4);
  if (!score) throw new Error('degenerate lines');
  return score;
}

async function openThorax(page: Page): Promise<void> {
  await page.goto('about:blank');
  await viewer.open(studyUid);
  await shell.dismissTimeZoneIfAsked();
  await expect(viewer.waitForOutcome()).resolves.toBe('image');
  await viewer.waitForPixels();
}

const scoreOnImage = async (page: ViewerPage) => {
  const text = (await page.annotationTexts()).join(' ');
  return Number(/VHS ([\d.]+) v/.exec(text)?.[1] ?? Number.NaN);
};

describe('VHS with the mouse', () => {
  it('draws the axes and the T4 reference, shows the score of the pixels and PixelSpacing, keeps it, and puts it in the report', async () => {
    await openThorax(open.page);
    // The tool sits in the Annotation folder, with its icon and its name as tooltip.
    await viewer.toolbarButton('Annotation').click();
    const item = viewer.toolbar().getByRole('group', { name: 'Annotation', exact: true }).getByRole('button', { name: TOOL, exact: true });
    await expect(item.locator('svg.tool-icon').count()).resolves.toBe(1);
    await expect(item.getAttribute('title')).resolves.toBe(TOOL);
    await item.hover();
    await screenshot(viewer.page, 'viewer-vhs-toolbar');
    await viewer.clickTool(TOOL, 'Annotation');

    const points: { x: number; y: number }[] = [];
    let scale = 1;
    for (const [index, [from, to]] of LINES.entries()) {
      const a = await viewer.imageToPage(0, THORAX.columns, THORAX.rows, from[0], from[1]);
      const b = await viewer.imageToPage(0, THORAX.columns, THORAX.rows, to[0], to[1]);
      scale = a.scale;
      points.push(a, b);
      await viewer.dragBetween(a, b);
      if (index === 0) await expect.poll(async () => (await viewer.annotationTexts()).join(' ')).toContain('Next: short axis');
      if (index === 0) await screenshot(viewer.page, 'viewer-vhs-first-line');
    }
    const expected = expectedScore(points, scale);

    const dialog = viewer.page.getByRole('dialog', { name: 'Vertebral heart score' });
    await dialog.waitFor();
    const shown = Number((await dialog.locator('[data-vhs="score"]').textContent())?.replace(/\s*v$/, ''));
    expect(Math.abs(shown - expected.score), `dialog ${shown} against ${expected.score}`).toBeLessThanOrEqual(0.1);
    const long = Number((await dialog.locator('[data-vhs="long"]').textContent())?.replace(/\s*v$/, ''));
    expect(Math.abs(long - expected.long)).toBeLessThanOrEqual(0.1);
    // The file names a cat (PatientSpeciesDescription "Felis catus"): the cat's interval first.
    await expect(dialog.getByLabel('Species').inputValue()).resolves.toBe('cat');
    await expect(dialog.getByRole('status').textContent()).resolves.toMatch(/Reference interval 6\.9–8\.1 v — above the interval/);
    await expect.poll(() => scoreOnImage(viewer)).toBe(shown);
    await screenshot(viewer.page, 'viewer-vhs-dialog');

    // The reader says dog, and the reference spans five vertebrae: the interval and score follow, and are saved.
    await dialog.getByLabel('Species').selectOption('dog');
    await expect(dialog.getByRole('status').textContent()).resolves.toMatch(/8\.7–10\.7 v/);
    await dialog.getByLabel(/^Vertebrae in the reference/).selectOption('5');
    const five = vhsScore(
      ...([0, 2, 4].map((i) => (Math.hypot(points[i + 1]!.x - points[i]!.x, points[i + 1]!.y - points[i]!.y) / scale) * SPACING_MM) as [
        number,
        number,
        number,
      ]),
      5,
    );
    const fiveShown = Number((await dialog.locator('[data-vhs="score"]').textContent())?.replace(/\s*v$/, ''));
    expect(Math.abs(fiveShown - (five?.score ?? 0))).toBeLessThanOrEqual(0.1);
    await dialog.getByLabel(/^Vertebrae in the reference/).selectOption('4');
    const saved = viewer.page.waitForResponse((r) => r.url().includes('/annotations/replace') && r.request().method() === 'PUT');
    await dialog.getByText('Close', { exact: true }).click();
    expect((await saved).status()).toBe(200);
    const [row] = await stack.sql<{ data: string }>(`select data::text as data from annotations where tool = 'VertebralHeartScore'`);
    expect(row?.data, 'the species and count travel with the annotation').toMatch(/vhs\\?":\{\\?"vertebrae\\?":4,\\?"species\\?":\\?"dog/);

    // Kept: after a reload the same score is drawn on the image.
    await viewer.page.reload();
    await shell.dismissTimeZoneIfAsked();
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    await viewer.waitForPixels();
    await expect.poll(() => scoreOnImage(viewer)).toBe(shown);
    await screenshot(viewer.page, 'viewer-vhs-reloaded');
    // A click on its text opens its dialog again, with the species it was saved with.
    const box = await viewer.cell(0).locator('svg text', { hasText: /^VHS / }).first().boundingBox();
    if (!box) throw new Error('no VHS text on the image');
    await viewer.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await dialog.waitFor();
    await expect(dialog.getByLabel('Species').inputValue()).resolves.toBe('dog');
    await dialog.getByText('Close', { exact: true }).click();

    // The report offers it and inserts its sentence into the findings.
    await viewer.page.goto(`${stack.baseUrl}/viewer/#/report?studyinstanceuid=${encodeURIComponent(studyUid)}`);
    const report = new ReportPage(viewer.page);
    await report.waitUntilShown();
    const panel = viewer.page.getByRole('region', { name: 'Vertebral heart score' });
    const sentence = `VHS ${shown.toFixed(1)} v (long ${long.toFixed(1)} v + short ${(shown - long).toFixed(1)} v)`;
    await expect(panel.textContent()).resolves.toContain(sentence);
    await report.section('Findings').fill('Lateral thorax.');
    await panel.getByRole('button', { name: 'Insert' }).click();
    await expect(report.section('Findings').inputValue()).resolves.toBe(`Lateral thorax.\n${sentence}`);
    await screenshot(viewer.page, 'viewer-vhs-report');
    await report.save(1);
    const rows = await stack.sql<{ findings: string }>(`select findings from documents order by id desc limit 1`);
    expect(rows[0]?.findings).toContain(sentence);
  });
});

type Point = { x: number; y: number };

async function touchLine(cdp: CDPSession, from: Point, to: Point): Promise<void> {
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((point, id) => ({ ...point, id })) });
  await send('touchStart', [from]);
  for (let step = 1; step <= 12; step++) {
    await send('touchMove', [{ x: from.x + ((to.x - from.x) * step) / 12, y: from.y + ((to.y - from.y) * step) / 12 }]);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await send('touchEnd', []);
}

describe('VHS on a phone', () => {
  it('draws the three lines with a finger and shows the dialog', async () => {
    // The mouse test's VHS lies where the finger draws: without it, a touch draws rather than moves it.
    await stack.sql('delete from annotations');
    const { open: phoneOpen, viewer: phone } = await openViewerAsAdmin(browser, stack, {
      viewport: { width: 390, height: 844 },
      touch: true,
      study: studyUid,
    });
    const { context, page } = phoneOpen;
    try {
      await phone.waitForPixels();
      await page.getByRole('navigation', { name: 'Viewer tools' }).getByRole('button', { name: 'More' }).click();
      const sheet = page.getByRole('dialog', { name: 'More' });
      await sheet.getByRole('button', { name: 'Annotation', exact: true }).click();
      await sheet.getByRole('button', { name: TOOL, exact: true }).click();
      await sheet.waitFor({ state: 'detached' });

      const cdp = await context.newCDPSession(page);
      const points: Point[] = [];
      let scale = 1;
      for (const [from, to] of LINES) {
        const a = await phone.imageToPage(0, THORAX.columns, THORAX.rows, from[0], from[1]);
        const b = await phone.imageToPage(0, THORAX.columns, THORAX.rows, to[0], to[1]);
        scale = a.scale;
        points.push(a, b);
        await touchLine(cdp, a, b);
      }
      const dialog = page.getByRole('dialog', { name: 'Vertebral heart score' });
      await dialog.waitFor();
      // Saved a moment after the third line (the French test reads it back).
      const saved = page.waitForResponse((r) => r.url().includes('/annotations/replace') && r.request().method() === 'PUT');
      await screenshot(page, 'viewer-vhs-phone-dialog');
      const shown = Number((await dialog.locator('[data-vhs="score"]').textContent())?.replace(/\s*v$/, ''));
      // A finger on a phone-sized image: a pixel of the screen is more than one of the image.
      expect(Math.abs(shown - expectedScore(points, scale).score)).toBeLessThanOrEqual(0.2);
      await dialog.getByText('Close', { exact: true }).click();
      await expect.poll(() => scoreOnImage(phone)).toBe(shown);
      await screenshot(page, 'viewer-vhs-phone');
      expect((await saved).status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});

describe('VHS in French', () => {
  it('writes the score with a decimal comma in the dialog, on the image and in the report sentence', async () => {
    const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
    // A country and time zone, so that no dialog asks for them in French; then the language.
    await replaceConfigs(admin, { country: 'FR', time_zone: 'UTC' });
    await admin.agent
      .put(`${API}/settings/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ Id: stack.adminId, key: 'lang', value: JSON.stringify({ lang: 'fr' }) })
      .expect(200);
    const page = viewer.page;
    await page.goto('about:blank');
    await viewer.open(studyUid);
    await page.reload();
    await viewer.waitForPixels();
    // The phone test's VHS: a click on its text opens its dialog.
    const text = viewer.cell(0).locator('svg text', { hasText: /^VHS / }).first();
    await expect.poll(async () => (await text.count()) > 0).toBe(true);
    const onImage = (await viewer.annotationTexts()).join(' ');
    expect(onImage).toMatch(/VHS \d+,\d v/);
    expect(onImage).toMatch(/GA \d+,\d v \+ PA \d+,\d v/);
    const box = await text.boundingBox();
    if (!box) throw new Error('no VHS text on the image');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const dialog = page.getByRole('dialog', { name: 'Indice cardiaque vertébral' });
    await dialog.waitFor();
    await expect(dialog.locator('[data-vhs="score"]').textContent()).resolves.toMatch(/^\d+,\d v$/);
    await expect(dialog.getByRole('status').textContent()).resolves.toMatch(/Intervalle de référence 6,9–8,1 v/);
    await screenshot(page, 'viewer-vhs-fr-dialog');
    await dialog.getByText('Fermer', { exact: true }).click();

    await page.goto(`${stack.baseUrl}/viewer/#/report?studyinstanceuid=${encodeURIComponent(studyUid)}`);
    await new ReportPage(page).editor.waitFor();
    const panel = page.getByRole('region', { name: 'Indice cardiaque vertébral' });
    await expect(panel.textContent()).resolves.toMatch(/VHS \d+,\d v \(grand axe \d+,\d v \+ petit axe \d+,\d v\)/);
    await screenshot(page, 'viewer-vhs-fr-report');
  });
});
