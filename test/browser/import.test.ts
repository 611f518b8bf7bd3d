/**
 * Import from the browser end to end: files chosen in the Import dialog of the study list are
 * uploaded to the real adapter and Orthanc; each file gets its result (DICOM with and without
 * preamble, a zip of two, text, PNG, a damaged DICOM), the progress bar reaches 100 % and the
 * list shows the new studies after closing. A second upload of a folder, slowed down, shows the
 * progress mid-way, is cancelled, and reports the unsent files. Screenshots go to
 * test-results/screenshots/import-*.png.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { ImportDialog } from './pages/import-dialog.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

const SAMPLES = '/usr/lib/python3/dist-packages/pydicom/data/test_files';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;
let workDir: string;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  workDir = mkdtempSync(join(tmpdir(), 'import-test-'));
  for (const name of ['CT_small.dcm', 'MR_small.dcm', 'rtstruct.dcm']) copyFileSync(join(SAMPLES, name), join(workDir, name));
  writeFileSync(join(workDir, 'notes.txt'), 'Not an image.\n');
  writeFileSync(join(workDir, 'pixel.png'), PNG);
  writeFileSync(join(workDir, 'CT_truncated.dcm'), readFileSync(join(SAMPLES, 'CT_small.dcm')).subarray(0, 600));
  execFileSync('python3', [
    '-c',
    'import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], "w") as z:\n    for f in sys.argv[2:]: z.write(f, f.rsplit("/", 1)[-1])',
    join(workDir, 'two-studies.zip'),
    join(SAMPLES, 'rtplan.dcm'),
    join(SAMPLES, 'ExplVR_BigEnd.dcm'),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

async function openList() {
  open = await newPage(browser);
  const { page } = open;
  await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
  const list = new StudyListPage(page);
  await list.waitUntilLoaded();
  return { page, list };
}

async function studyCount(): Promise<number> {
  const response = await admin.agent.get(`${API}/studies/search`).query({ limit: 1 });
  return response.body.Count as number;
}

describe('import', () => {
  it('imports a mix of files, reports each one and shows the new studies', async () => {
    const { page, list } = await openList();
    await list.waitForRowCount(0);
    await list.toolbarButton('Import').click();
    const dialog = new ImportDialog(page);
    await dialog.waitUntilShown();
    const files = ['CT_small.dcm', 'MR_small.dcm', 'rtstruct.dcm', 'notes.txt', 'pixel.png', 'two-studies.zip', 'CT_truncated.dcm'];
    await dialog.filesInput.setInputFiles(files.map((name) => join(workDir, name)));
    await expect(dialog.chosenCount.textContent()).resolves.toMatch(/^7 files, /);
    await screenshot(page, 'import-chosen');
    await dialog.startButton.click();
    await dialog.waitUntilDone();

    await expect(dialog.results()).resolves.toEqual([
      // In name order, as listed before the start.
      { file: 'CT_small.dcm', status: 'Imported', message: '', instances: '1' },
      { file: 'CT_truncated.dcm', status: 'Failed', message: 'The DICOM file is damaged and cannot be read.', instances: '0' },
      { file: 'MR_small.dcm', status: 'Imported', message: '', instances: '1' },
      { file: 'notes.txt', status: 'Failed', message: 'not a DICOM file', instances: '0' },
      { file: 'pixel.png', status: 'Failed', message: 'file format not supported', instances: '0' },
      { file: 'rtstruct.dcm', status: 'Imported', message: '', instances: '1' },
      { file: 'two-studies.zip', status: 'Imported', message: '', instances: '2' },
    ]);
    await expect(dialog.progressPercent()).resolves.toBe(100);
    await expect(dialog.progressText.textContent()).resolves.toContain('7 of 7 files sent');
    await expect(dialog.summary.textContent()).resolves.toContain('4 files imported, 3 failed; 5 instances stored.');
    await screenshot(page, 'import-done');

    await dialog.closeButton.click();
    await dialog.root.waitFor({ state: 'detached' });
    // Five studies: CT, MR, RT structure set, and the two of the zip; listed without a manual refresh.
    const started = Date.now();
    await list.waitForRowCount(5);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(studyCount()).resolves.toBe(5);
    await expect(list.studyRow('CompressedSamples CT1').count()).resolves.toBe(1);
    await screenshot(page, 'import-list');
  });

  it('shows the progress of a folder upload mid-way and cancels it', async () => {
    // 70 files of a folder: two requests (50 + 20 files). Chromium's upload is throttled so
    // the second request is still running when the dialog is photographed and cancelled. The
    // server answers a request as soon as its last file arrives (files are stored while the body
    // streams in), so the throttle alone keeps the second request open: at 100 kB/s its 0.75 MB
    // take about 7 s, several times what a screenshot and a click take on a busy machine.
    // (Chromium fixes a request's rate when it starts, so the rate is set once, before the start.)
    const folder = join(workDir, 'folder');
    for (let index = 0; index < 70; index++) {
      const dir = join(folder, index < 35 ? 'series-1' : 'series-2');
      mkdirSync(dir, { recursive: true });
      copyFileSync(join(SAMPLES, 'CT_small.dcm'), join(dir, `IM${String(index).padStart(3, '0')}.dcm`));
    }
    const { page, list } = await openList();
    await list.toolbarButton('Import').click();
    const dialog = new ImportDialog(page);
    await dialog.waitUntilShown();
    await dialog.folderInput.setInputFiles(folder);
    await expect(dialog.chosenCount.textContent()).resolves.toMatch(/^70 files, 2\.\d\d MB$/);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 100_000 });
    await dialog.startButton.click();
    // The first request's 50 files come back, the second is on its way.
    await dialog.root.locator('table.import-results tbody tr').nth(49).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => {
      const bar = document.querySelector('[role="progressbar"]');
      return Number(bar?.getAttribute('aria-valuenow')) > 72;
    });
    const midway = await dialog.progressPercent();
    expect(midway).toBeGreaterThan(71);
    expect(midway).toBeLessThan(100);
    await screenshot(page, 'import-midway');
    await dialog.cancelButton.click();
    await dialog.waitUntilDone();

    const rows = await dialog.results();
    expect(rows).toHaveLength(70);
    // Listed in path order; the copies share one instance, which the server stores again or
    // reports as already stored, depending on Orthanc's overwrite setting.
    expect(rows[0]).toMatchObject({ file: 'folder/series-1/IM000.dcm', instances: '1' });
    expect(rows.slice(0, 50).every((row) => ['Imported', 'Already stored'].includes(row.status))).toBe(true);
    expect(rows[50]?.file).toBe('folder/series-2/IM050.dcm');
    expect(rows.slice(50).every((row) => row.status === 'Not imported' && row.instances === '')).toBe(true);
    await expect(dialog.summary.textContent()).resolves.toContain('Cancelled: 20 files were not imported.');
    await expect(dialog.progressText.textContent()).resolves.toContain('50 of 70 files sent');
    await screenshot(page, 'import-cancelled');
    await cdp.detach();

    // The server took the cut connection as the end of that request and removed its spooled parts.
    const uploads = join(stack.dataDir, 'uploads');
    const deadline = Date.now() + 15_000;
    while (readdirSync(uploads).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readdirSync(uploads)).toEqual([]);
  });
});
