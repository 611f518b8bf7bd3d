/**
 * The viewer's series download over a slow link (docs/decisions.md "Serving: uncompressed pixel
 * data over a WAN"), in headless Chromium against the real stack, on a generated CT of 24 slices
 * of 256×256 (128 KB each, enough for the loader to time its first file):
 * - over loopback the series is asked for once, as stored (no `Save-Data`), and comes uncompressed;
 * - over DevTools' emulated 30 Mbit/s, 40 ms link the fetch worker finds the first megabyte slow,
 *   cuts the answer and asks again with `Save-Data: on`; that answer comes brotli-encoded;
 * - a slice from that download is drawn exactly as the same slice from the uncompressed one.
 * Screenshots: test-results/screenshots/viewer-wan-*.png.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { generateCt, type CtResult } from '../../scripts/demo/generate-ct.ts';
import type { Stack } from '../harness/stack.ts';
import { screenshot } from './pages/browser.ts';
import { closeBrowserSuite, openViewerAsAdmin, startViewerSuite } from './pages/admin-viewer.ts';
import type { CanvasStats } from './pages/viewer-page.ts';

let stack: Stack;
let browser: Browser;
let workDir: string;
let ct: CtResult;

beforeAll(async () => {
  ({ stack, browser, workDir } = await startViewerSuite({
    name: 'wan',
    files: (suite) => {
      ct = generateCt({ out: join(suite.workDir, 'ct'), slices: 24, size: 256, studyUidSeed: 'viewer-wan', patientName: 'Wan^Reader' });
      return { files: ct.files, studies: [ct.studyInstanceUid] };
    },
  }));
});

afterAll(() => closeBrowserSuite({ browser, stack, workDir }));

interface Opened {
  /** Each series request's Save-Data header, in order, and the last answer's Content-Encoding. */
  saveData: (string | undefined)[];
  encoding: string | undefined;
  /** The 13th slice as drawn. */
  slice: CanvasStats;
}

async function openSeries(link: boolean, name: string): Promise<Opened> {
  const { open, viewer } = await openViewerAsAdmin(browser, stack);
  try {
    if (link) {
      const cdp = await open.context.newCDPSession(open.page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: 30e6 / 8,
        uploadThroughput: 30e6 / 8,
      });
    }
    // The page's and its workers' requests: the series download runs in a worker.
    const series: Request[] = [];
    open.context.on('request', (request) => {
      if (/\/dicom-web\/studies\/[^/]+\/series\/[^/?]+$/.test(request.url())) series.push(request);
    });
    await viewer.open(ct.studyInstanceUid);
    await expect(viewer.waitForOutcome(0, 60_000)).resolves.toBe('image');
    await open.page.locator('.viewer-thumbnails .thumbnail[data-status="loaded"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => series.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const saveData = await Promise.all(series.map(async (request) => (await request.allHeaders())['save-data']));
    const response = await series.at(-1)!.response();
    const encoding = response ? (await response.allHeaders())['content-encoding'] : undefined;
    await viewer.wheel(0, 100, 12);
    await expect.poll(() => viewer.imagePosition().textContent()).toMatch(/13\s*\/\s*24/);
    const slice = await viewer.waitForPixels();
    await screenshot(open.page, `viewer-wan-${name}`);
    return { saveData, encoding, slice };
  } finally {
    await open.context.close();
  }
}

describe('the series download over a slow link', () => {
  it('comes compressed over a 30 Mbit/s link, as stored over loopback, and draws the same pixels', async () => {
    const loopback = await openSeries(false, 'loopback');
    expect(loopback.saveData).toEqual([undefined]);
    expect(loopback.encoding).toBeUndefined();

    const wan = await openSeries(true, 'link');
    expect(wan.saveData).toEqual([undefined, 'on']);
    expect(wan.encoding).toBe('br');

    expect(wan.slice.levels).toBeGreaterThan(8);
    expect(wan.slice).toEqual(loopback.slice);
  });
});
