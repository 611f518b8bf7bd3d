/**
 * An encapsulated PDF (issue 21, "objects without pixels"): a two-page outside report turned into
 * a DICOM Encapsulated PDF by dcmtk's pdf2dcm, sent by C-STORE, opened in the viewer in Debian's
 * Chromium. Its pages are drawn inline (checked by their pixels: the black box each page carries),
 * pdf.js takes its standard fonts from this origin, the document can be downloaded byte for byte,
 * and the transfer syntax is not blamed. Screenshots at desktop and phone sizes
 * (test-results/screenshots/document-*.png).
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Stack } from '../harness/stack.ts';
import { screenshot, type OpenPage } from './pages/browser.ts';

import { closeBrowserSuite, openViewerAsAdmin, startViewerSuite } from './pages/admin-viewer.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TITLE = 'Outside cardiology report';

let stack: Stack;
let browser: Browser;
let workDir: string;
let pdfFile: string;
let studyUid: string;
const opened: OpenPage[] = [];

/** A two-page PDF: a heading and a black box on each page (what the pixel check looks for). */
async function writePdf(file: string): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  const out = createWriteStream(file);
  doc.pipe(out);
  for (const page of [1, 2]) {
    if (page > 1) doc.addPage();
    doc.fontSize(24).text(`${TITLE}, page ${page}`);
    doc.rect(100, 300, 395, 200).fill('#000000');
  }
  doc.end();
  await once(out, 'finish');
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command}: ${result.stderr}`);
  return result.stdout;
}

beforeAll(async () => {
  ({ stack, browser, workDir } = await startViewerSuite({
    name: 'document',
    files: async (suite) => {
      // The files are written into the suite's folder.
      workDir = suite.workDir;
      pdfFile = join(workDir, 'report.pdf');
      await writePdf(pdfFile);
      const dicom = join(workDir, 'report.dcm');
      run('pdf2dcm', ['+t', TITLE, '+pn', 'Document^Pdf', '+pi', 'DOC-1', '+sg', '-k', 'StudyDate=20240502', pdfFile, dicom]);
      studyUid = /\[([^\]]*)\]/.exec(run('dcmdump', ['-q', '+P', '0020,000d', dicom]))?.[1] ?? '';
      return { files: [dicom], studies: [studyUid] };
    },
  }));
});

afterAll(() => closeBrowserSuite({ browser, stack, workDir }));

afterEach(async () => {
  for (const open of opened.splice(0)) await open.context.close();
});

async function openDocument(viewport: { width: number; height: number }) {
  const { open, viewer } = await openViewerAsAdmin(browser, stack, { viewport });
  opened.push(open);
  const fonts: number[] = [];
  open.page.on('response', (response) => {
    if (response.url().includes('/viewer/pdfjs/standard_fonts/')) fonts.push(response.status());
  });
  await viewer.open(studyUid);
  return { page: open.page, fonts };
}

/** Share of a canvas's pixels that are black (the page's box), read in the page. */
function blackShare(page: OpenPage['page'], index: number): Promise<number> {
  return page
    .locator('canvas.document-page')
    .nth(index)
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let black = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 40 && data[i + 1]! < 40 && data[i + 2]! < 40 && data[i + 3]! > 200) black++;
      return black / (data.length / 4);
    });
}

describe('an encapsulated PDF in the viewer', () => {
  it('draws every page inline, with fonts from this origin, and names the document', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, fonts } = await openDocument(viewport);
      const panel = page.getByRole('region', { name: TITLE });
      await panel.waitFor();
      const pages = panel.locator('canvas.document-page');
      await expect.poll(() => pages.count(), { timeout: 20_000 }).toBe(2);
      // The box is 395 × 200 pt of a 595 × 842 pt page: about 16 % of its pixels.
      await expect.poll(() => blackShare(page, 1), { timeout: 20_000 }).toBeGreaterThan(0.1);
      const first = await blackShare(page, 0);
      expect(first).toBeGreaterThan(0.1);
      expect(first).toBeLessThan(0.3);
      await expect(panel.textContent()).resolves.toContain('application/pdf');
      await expect(panel.textContent()).resolves.not.toContain('transfer syntax');
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.every((status) => status === 200)).toBe(true);
      await screenshot(page, `document-${name}`);
    }
  });

  it('downloads the document byte for byte', async () => {
    const { page } = await openDocument(DESKTOP);
    const link = page.locator('a.document-download');
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${TITLE}.pdf`);
    const saved = join(workDir, 'downloaded.pdf');
    await download.saveAs(saved);
    expect(readFileSync(saved).equals(readFileSync(pdfFile))).toBe(true);
  });
});
