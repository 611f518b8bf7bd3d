/**
 * The list's export dialog end to end: the toolbar's Export opens it for the selected study, it
 * names the study and, with the anonymize option, the items it blanks; Export downloads a zip
 * holding the DICOM file and a DICOMDIR. Screenshots at desktop and phone sizes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import { signIn } from '../harness/api.ts';
import { storeFiles } from '../harness/dicom.ts';
import { storeTinyStudies, waitForIndexedStudies } from '../harness/fixtures.ts';
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
    { seed: 'bexp-1', patientName: 'Export^Erika', patientId: 'EX-1', studyDescription: 'CT chest', modality: 'CT' },
    { seed: 'bexp-2', patientName: 'Other^Otto', patientId: 'EX-2', studyDescription: 'MR head', modality: 'MR' },
  ]);
  // A study large enough that its export can be watched and cancelled.
  const dir = mkdtempSync(join(tmpdir(), 'pacs-bexport-'));
  try {
    const ct = generateCt({ out: dir, slices: 200, size: 256, studyUidSeed: 'bexp-big', patientName: 'Big^Bert', patientId: 'EX-3' });
    expect((await storeFiles(ct.files, { port: stack.config.dicomPort, aet: stack.config.dicomAet })).failed).toEqual([]);
    await waitForIndexedStudies(stack, [ct.studyInstanceUid]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

/** The export dialog as a user meets it. */
class ExportDialog {
  constructor(
    readonly page: Page,
    readonly root: Locator = page.getByRole('dialog', { name: 'Export' }),
  ) {}

  /** Clicks Export and answers the saved file's name and bytes. */
  async download(): Promise<{ name: string; bytes: Buffer }> {
    const download = this.page.waitForEvent('download');
    await this.root.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    return { name: file.suggestedFilename(), bytes: readFileSync((await file.path()) ?? '') };
  }
}

async function openExport(viewport: { width: number; height: number }, description = 'CT chest') {
  open = await newPage(browser, viewport);
  const { page } = open;
  const shell = await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
  await shell.dismissTimeZoneIfAsked();
  const list = new StudyListPage(page);
  await list.waitUntilLoaded();
  await list.waitForRowCount(3);
  await list.selectStudy(description);
  const button = list.toolbar.getByRole('button', { name: 'Export', exact: true });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const dialog = new ExportDialog(page);
  await dialog.root.waitFor();
  return { page, dialog };
}

/** The names of a zip's entries, read from its central directory. */
function zipNames(bytes: Buffer): string[] {
  const names: string[] = [];
  for (let at = bytes.indexOf('PK\x01\x02'); at !== -1; at = bytes.indexOf('PK\x01\x02', at + 4)) {
    const length = bytes.readUInt16LE(at + 28);
    names.push(bytes.toString('utf8', at + 46, at + 46 + length));
  }
  return names;
}

describe('export dialog', () => {
  it('names the selection and the anonymization items, and downloads a zip with a DICOMDIR', async () => {
    const { page, dialog } = await openExport({ width: 1440, height: 900 });
    await dialog.root.getByText(/^Blanked or removed/).waitFor();
    const text = await dialog.root.textContent();
    expect(text).toContain('1 study · 1 file');
    expect(text).toContain('Export Erika');
    expect(text).not.toContain('Other Otto');
    expect(text).toContain('Blanked or removed: Patient ID, Patient Name, Patient Birth Date');
    await dialog.root.getByRole('checkbox', { name: 'Anonymize' }).check();
    await screenshot(page, 'study-export-dialog-1440');

    const file = await dialog.download();
    expect(file.name).toMatch(/^dicom-export-\d{8}-\d{6}\.zip$/);
    expect([...file.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(zipNames(file.bytes)).toEqual(['DICOM/ST000001/SE000001/IM000001', 'DICOMDIR']);
    // Anonymized: the patient's name is in no file of the zip (stored, not deflated).
    expect(file.bytes.includes('Export^Erika')).toBe(false);
    await dialog.root.waitFor({ state: 'detached' });
  });

  it('shows its progress, and Cancel stops it', async () => {
    const { page, dialog } = await openExport({ width: 1440, height: 900 }, 'Demo chest CT');
    await dialog.root.getByRole('checkbox', { name: 'Anonymize' }).check();
    // A slow link (256 KB/s), so the export is still running when Cancel is pressed: on a quiet
    // machine the whole zip otherwise arrives, and the dialog closes, before the click.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 256 * 1024,
      uploadThroughput: -1,
    });
    await dialog.root.getByRole('button', { name: 'Export', exact: true }).click();
    const bar = dialog.root.getByRole('progressbar', { name: 'Export progress' });
    await bar.waitFor();
    await expect(dialog.root.getByRole('status').textContent()).resolves.toMatch(/Exporting…|200 files: /);
    await screenshot(page, 'study-export-progress-1440');
    await dialog.root.getByRole('button', { name: 'Cancel' }).click();
    await dialog.root.getByText('The export was cancelled.').waitFor();
    await expect(dialog.root.getByRole('button', { name: 'Export', exact: true }).isEnabled()).resolves.toBe(true);
  });

  it('fits a phone', async () => {
    const { page, dialog } = await openExport({ width: 390, height: 844 });
    await expect(dialog.root.getByRole('button', { name: 'Export', exact: true }).isEnabled()).resolves.toBe(true);
    await screenshot(page, 'study-export-dialog-390');
  });
});
