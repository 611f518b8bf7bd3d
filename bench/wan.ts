/**
 * The viewer over a wide-area link (issue 18, "Serving"): the bench's 300-slice 512×512 CT opened
 * in headless Chromium under DevTools network emulation (Network.emulateNetworkConditions: 30
 * Mbit/s down and up, 40 ms round trip), on a first visit: a new browser context, so the HTTP
 * cache and local storage are empty, signed in already (a link from the worklist or the RIS).
 *
 * - first_image_ms_wan: navigation → first pixels of the series (the first look or the viewer's
 *   own image, as bench/viewer.ts measures first_image_ms); viewer_ready_ms_wan: the viewer's own.
 *   The median of three first visits.
 * - series_loaded_ms_wan: navigation → every image of the series downloaded and decoded (the
 *   first of the three visits).
 * - first_image_ms_cold: the same first visit over loopback, alternating with those over the
 *   link: what the link adds is the difference (the rest is the machine: a cold start compiles
 *   Cornerstone's chunk and starts WebGL in software).
 * - wan_mb_first_image / wan_mb_series: bytes on the wire (headers and bodies as sent, so
 *   compressed where the server compressed) by the first image and by the end of the series'
 *   download, the page's and its workers', counted by a TCP relay in front of the adapter
 *   (wire-counter.ts) on the first visit over the link.
 *
 * Anchor: Cornerstone3D's published progressive loading shows 0.8–1.0 s to a first image on 4G.
 * Goal: first image ≤ 1.5 s. The notes list the requests that finished before the first image,
 * in order: the waterfall to read when it is slow.
 */
import type { Browser, Request } from 'playwright-core';
import { launchBrowser } from '../test/browser/pages/browser.ts';
import type { Stack } from '../test/harness/stack.ts';
import { signedInContext, storeViewerCt, waitForFirstImage, waitForSeriesLoaded } from './viewer.ts';
import { startWireCounter } from './wire-counter.ts';

const LINK = { downloadBitsPerSecond: 30e6, uploadBitsPerSecond: 30e6, rttMs: 40 };

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

interface Finished {
  url: string;
  /** Page times (ms from navigation start). */
  start: number;
  end: number;
  bytes: number;
  status: number;
}

export interface WanResult {
  figures: Record<string, number>;
  notes: string[];
}

interface Visit {
  look: number;
  ready: number;
  seriesLoaded: number;
  finished: Finished[];
  /** Bytes on the wire by the first image and by the end of the visit (the series' download included). */
  wire: { firstImage: number; all: number };
}

/** One first visit of the viewer in a new context, over the emulated link or (`link` null) loopback. */
async function firstVisit(
  browser: Browser,
  stack: Stack,
  cookie: string,
  path: string,
  link: typeof LINK | null,
  wholeSeries: boolean,
): Promise<Visit> {
  // Over the link the page goes through the byte-counting relay; on loopback straight to the adapter.
  const wire = link ? await startWireCounter(stack.baseUrl) : null;
  const base = wire?.baseUrl ?? stack.baseUrl;
  // Cookies are not bound to a port: the session applies through the relay too.
  const context = await signedInContext(browser, base, cookie);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(300_000);
    if (link) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: link.rttMs,
        downloadThroughput: link.downloadBitsPerSecond / 8,
        uploadThroughput: link.uploadBitsPerSecond / 8,
      });
    }
    // Every request of the page and of its workers, once finished, with its size on the wire.
    let timeOrigin = 0;
    const finished: Finished[] = [];
    const pending: Promise<void>[] = [];
    const record = (request: Request, ok: boolean) => {
      pending.push(
        (async () => {
          const timing = request.timing();
          const sizes = await request.sizes().catch(() => null);
          const response = ok ? await request.response().catch(() => null) : null;
          finished.push({
            url: request.url(),
            start: timing.startTime - timeOrigin,
            end: timing.startTime - timeOrigin + Math.max(timing.responseEnd, 0),
            bytes: sizes ? sizes.requestHeadersSize + sizes.requestBodySize + sizes.responseHeadersSize + sizes.responseBodySize : 0,
            status: response?.status() ?? 0,
          });
        })(),
      );
    };
    let inFlight = 0;
    context.on('request', () => inFlight++);
    context.on('requestfinished', (request) => (inFlight--, record(request, true)));
    context.on('requestfailed', (request) => (inFlight--, record(request, false)));
    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const { look, ready } = await waitForFirstImage(page);
    let seriesLoaded = NaN;
    if (wholeSeries) {
      seriesLoaded = await waitForSeriesLoaded(page);
      // The series' multipart answer ends just after its last file is in: count its bytes too
      // (until nothing is in flight and nothing passed the relay for half a second, at most 10 s).
      for (let waited = 0, last = -1; waited < 100; waited++) {
        const now = wire?.bytesUntil() ?? 0;
        if (inFlight <= 0 && now === last) break;
        last = now;
        await new Promise((resolve) => setTimeout(resolve, waited < 5 ? 100 : 500));
      }
    }
    await Promise.all(pending);
    return {
      look,
      ready,
      seriesLoaded,
      finished,
      wire: { firstImage: wire?.bytesUntil(timeOrigin + look) ?? NaN, all: wire?.bytesUntil() ?? NaN },
    };
  } finally {
    await context.close();
    await wire?.close();
  }
}

/** `cookie` is a signed-in session cookie (`name=value`). */
export async function benchWan(stack: Stack, cookie: string): Promise<WanResult> {
  const studyUid = await storeViewerCt(stack);
  const browser = await launchBrowser();
  try {
    const url = `/viewer/#/viewer?studyinstanceuid=${encodeURIComponent(studyUid)}`;
    // Three first visits each way, alternately, the first over the link to the whole series; the
    // median first image of each. What the link adds is the difference to loopback.
    const wan: Visit[] = [];
    const local: Visit[] = [];
    for (let round = 0; round < 3; round++) {
      log(`wan: first visit ${round + 1} of 3 over 30 Mbit/s, 40 ms${round === 0 ? ', to the whole series' : ''}, then over loopback…`);
      wan.push(await firstVisit(browser, stack, cookie, url, LINK, round === 0));
      local.push(await firstVisit(browser, stack, cookie, url, null, false));
    }
    const median = (visits: Visit[], pick: (visit: Visit) => number) => visits.map(pick).sort((a, b) => a - b)[1]!;
    const look = median(wan, (visit) => visit.look);
    const { seriesLoaded, finished, wire } = wan[0]!;
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;
    const short = (address: string) => {
      const path = new URL(address).pathname.replace(/^\/viewer\//, '');
      return path.length > 60 ? `${path.slice(0, 28)}…${path.slice(-28)}` : path;
    };
    const waterfall = finished
      .filter((r) => r.start <= wan[0]!.look)
      .sort((a, b) => a.start - b.start)
      .map((r) => `${short(r.url)} ${Math.round(r.start)}→${Math.round(r.end)} ms ${Math.round(r.bytes / 1024)} KB ${r.status}`);
    return {
      figures: {
        first_image_ms_wan: Math.round(look),
        viewer_ready_ms_wan: Math.round(median(wan, (visit) => visit.ready)),
        series_loaded_ms_wan: Math.round(seriesLoaded),
        wan_mb_first_image: mb(wire.firstImage),
        wan_mb_series: mb(wire.all),
        first_image_ms_cold: Math.round(median(local, (visit) => visit.look)),
      },
      notes: [
        `wan first images ${wan.map((visit) => Math.round(visit.look)).join(', ')} ms over the link, ${local.map((visit) => Math.round(visit.look)).join(', ')} ms over loopback`,
        `wan (30 Mbit/s, 40 ms, first visit 1): ${finished.length} requests; requested before the first image (start→end, on the wire, status): ${waterfall.join('; ')}`,
      ],
    };
  } finally {
    await browser.close();
  }
}
