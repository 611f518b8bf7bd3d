/**
 * The list's csv dialog end to end: the toolbar's CSV opens it, selected rows or the whole search
 * download as a file that starts with the UTF-8 BOM and holds the rows, Japanese names intact;
 * screenshots at desktop and phone sizes.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { signIn } from '../harness/api.ts';
import { storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

let stack: Stack;
let browser: Browser;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    {
      seed: 'bcsv-1',
      patientName: 'Yamada^Tarou=山田^太郎=やまだ^たろう',
      patientId: 'JP-1',
      studyDescription: 'CT chest',
      modality: 'CT',
    },
    {
      seed: 'bcsv-2',
      patientName: 'Suzuki^Hanako=鈴木^花子=すずき^はなこ',
      patientId: 'JP-2',
      studyDescription: 'MR head',
      modality: 'MR',
    },
    { seed: 'bcsv-3', patientName: 'Doe^John', patientId: 'EN-3', studyDescription: 'Chest, PA', modality: 'CR' },
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

/** The csv dialog as a user meets it. */
class CsvDialog {
  constructor(
    readonly page: Page,
    readonly root: Locator = page.getByRole('dialog', { name: 'Download CSV' }),
  ) {}

  radio(name: RegExp): Locator {
    return this.root.getByRole('radio', { name });
  }

  /** Clicks Download and answers the saved file's bytes. */
  async download(): Promise<{ name: string; bytes: Buffer }> {
    const download = this.page.waitForEvent('download');
    await this.root.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    return { name: file.suggestedFilename(), bytes: readFileSync((await file.path()) ?? '') };
  }
}

async function openList(viewport?: { width: number; height: number }) {
  open = await newPage(browser, viewport);
  const { page } = open;
  const shell = await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
  await shell.dismissTimeZoneIfAsked();
  const list = new StudyListPage(page);
  await list.waitUntilLoaded();
  await list.waitForRowCount(3);
  return { page, list };
}

function lines(bytes: Buffer): string[] {
  return bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
}

describe('csv dialog', () => {
  it('downloads the selected rows, then the whole search, as UTF-8 with a BOM', async () => {
    const { page, list } = await openList({ width: 1440, height: 900 });
    await list.studyRow('CT chest').locator('td').nth(3).click();
    await list.toolbar.getByRole('button', { name: 'CSV', exact: true }).click();
    const dialog = new CsvDialog(page);
    await dialog.root.waitFor();
    await expect(dialog.radio(/Selected studies \(1\)/).isChecked()).resolves.toBe(true);
    await expect(dialog.root.textContent()).resolves.toContain('A file holds at most 10,000 rows.');
    await screenshot(page, 'study-csv-dialog-1440');

    const selected = await dialog.download();
    expect(selected.name).toMatch(/^studies-\d{8}-\d{6}\.csv$/);
    expect([...selected.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = lines(selected.bytes);
    expect(header).toMatch(/^Patient ID,Patient Name,/);
    expect(rows).toHaveLength(1);
    // The site's name form, kana by default (configs patient_name.ja).
    expect(rows[0]).toMatch(/^JP-1,やまだ たろう,/);
    await dialog.root.waitFor({ state: 'detached' });

    await list.toolbar.getByRole('button', { name: 'CSV', exact: true }).click();
    await dialog.radio(/whole current search \(3 studies\)/).check();
    const whole = await dialog.download();
    expect([...whole.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const all = lines(whole.bytes).slice(1);
    expect(all).toHaveLength(3);
    expect(all.map((row) => row.split(',')[0]).sort()).toEqual(['EN-3', 'JP-1', 'JP-2']);
    expect(all.find((row) => row.startsWith('EN-3'))).toContain('"Chest, PA"');
    expect(all.find((row) => row.startsWith('JP-2'))).toContain('すずき はなこ');
  });

  it('offers only the whole search when nothing is selected, on a phone too', async () => {
    const { page, list } = await openList({ width: 390, height: 844 });
    const csv = list.toolbar.getByRole('button', { name: 'CSV', exact: true });
    await csv.scrollIntoViewIfNeeded();
    await csv.click();
    const dialog = new CsvDialog(page);
    await dialog.root.waitFor();
    await expect(dialog.radio(/Selected studies/).isDisabled()).resolves.toBe(true);
    await expect(dialog.radio(/whole current search/).isChecked()).resolves.toBe(true);
    await screenshot(page, 'study-csv-dialog-390');
  });
});
