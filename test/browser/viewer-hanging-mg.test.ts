/**
 * The default MG hanging protocol places a screening mammogram's four views by their own
 * ImageLaterality and ViewPosition (RCC, LCC top; RMLO, LMLO below), even when the series
 * descriptions are empty or name another view; switching the protocol's "Views match by" to
 * descriptions on the layout page places them by description again. Each cell is read from its
 * overlay (the series number). Screenshots: viewer-hanging-mg-*.png.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { radiograph, radiographStudyUid } from '../harness/radiograph.ts';
import type { Stack } from '../harness/stack.ts';
import { screenshot, type OpenPage } from './pages/browser.ts';
import type { Shell } from './pages/shell.ts';
import { closeBrowserSuite, startViewerSuite } from './pages/admin-viewer.ts';
import type { ViewerPage } from './pages/viewer-page.ts';

const STUDY_SEED = 'hanging-mg';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Series number, laterality, view position and a description that is empty or names another view. */
const VIEWS = [
  { number: 1, laterality: 'R', position: 'MLO', description: 'L CC' },
  { number: 2, laterality: 'L', position: 'CC', description: '' },
  { number: 3, laterality: 'R', position: 'CC', description: 'R MLO' },
  { number: 4, laterality: 'L', position: 'MLO', description: '' },
] as const;

let stack: Stack;
let browser: Browser;
let open: OpenPage;
let shell: Shell;
let viewer: ViewerPage;
let workDir: string;
const studyUid = radiographStudyUid(STUDY_SEED);

/** A breast seen from the chest wall: a half disc on the side its laterality puts it. */
function breast(laterality: string, position: string) {
  return (column: number, row: number) => {
    const wall = laterality === 'R' ? 0 : 255;
    const inside = Math.hypot((column - wall) / 200, (row - 160) / (position === 'MLO' ? 150 : 120)) <= 1;
    return inside ? 150 + 40 * Math.sin(column / 9) * Math.cos(row / 11) : 10;
  };
}

beforeAll(async () => {
  ({ stack, browser, workDir, open, shell, viewer } = await startViewerSuite({
    name: 'hanging-mg',
    admin: true,
    files: (suite) => {
      // The files are written into the suite's folder.
      workDir = suite.workDir;
      const files = VIEWS.map((view) => {
        const file = join(workDir, `${view.laterality}${view.position}.dcm`);
        writeFileSync(
          file,
          radiograph({
            studySeed: STUDY_SEED,
            seed: `${STUDY_SEED}-${view.number}`,
            modality: 'MG',
            patientName: 'Doe^Jane',
            patientId: 'MG-1',
            rows: 320,
            columns: 256,
            spacing: [0.1, 0.1],
            seriesNumber: view.number,
            seriesDescription: view.description,
            studyDescription: 'Screening mammography',
            bodyPart: 'BREAST',
            viewPosition: view.position,
            imageLaterality: view.laterality,
            pixel: breast(view.laterality, view.position),
          }),
        );
        return file;
      });
      return { files, studies: [{ uid: studyUid, series: 4 }] };
    },
  }));
});

afterAll(() => closeBrowserSuite({ open, browser, stack, workDir }));

async function openMammogram(page: Page): Promise<void> {
  await page.goto('about:blank');
  await viewer.open(studyUid);
  await shell.dismissTimeZoneIfAsked();
  await expect.poll(() => page.locator('.viewport-cell').count()).toBe(4);
  await expect(viewer.toolbarButton('Layout 2x2').getAttribute('aria-pressed')).resolves.toBe('true');
}

/** The series number each cell's overlay shows, or null for an empty cell. */
async function cellSeries(page: Page): Promise<(number | null)[]> {
  const cells = page.locator('.viewport-cell');
  const numbers: (number | null)[] = [];
  for (let index = 0; index < (await cells.count()); index++) {
    const text = (await cells.nth(index).textContent()) ?? '';
    const match = /Se: (\d+)/.exec(text);
    numbers.push(match ? Number(match[1]) : null);
  }
  return numbers;
}

describe('MG hanging protocol', () => {
  it('places RCC, LCC, RMLO and LMLO by ImageLaterality and ViewPosition, whatever the descriptions say', async () => {
    await openMammogram(viewer.page);
    // RCC is series 3 (described "R MLO"), LCC 2, RMLO 1 (described "L CC"), LMLO 4.
    await expect.poll(() => cellSeries(viewer.page)).toEqual([3, 2, 1, 4]);
    for (let cell = 0; cell < 4; cell++) await viewer.waitForPixels(cell, 4);
    await screenshot(viewer.page, 'viewer-hanging-mg-attributes');
  });

  it('places them by description once the protocol says so on the layout page', async () => {
    const page = viewer.page;
    await page.goto(`${stack.baseUrl}/viewer/#/user/viewer/layout`);
    const protocols = page.locator('[data-kind="protocols"]');
    const mgRow = protocols.locator('tbody tr').filter({ has: page.locator('select option:checked', { hasText: /^MG$/ }) });
    await expect.poll(() => mgRow.count()).toBe(1);
    const match = mgRow.getByRole('combobox', { name: 'Views match by' });
    await expect(match.inputValue()).resolves.toBe('attributes');
    await match.selectOption('description');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBe(1);
    await screenshot(page, 'viewer-hanging-mg-layout-settings');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await screenshot(page, 'viewer-hanging-mg-layout-settings-phone');
    await page.setViewportSize(DESKTOP);

    await openMammogram(page);
    // "L CC" (series 1) in the LCC cell, "R MLO" (series 3) in the RMLO cell; the views no description names stay empty.
    await expect.poll(() => cellSeries(page)).toEqual([null, 1, 3, null]);
    await screenshot(page, 'viewer-hanging-mg-descriptions');
  });
});
