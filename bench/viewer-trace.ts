/**
 * `npx tsx bench/viewer-trace.ts [--runs=N] [--wan]`: where the viewer page's main thread spends
 * its time before the first image (issue 18, "The viewer in a full archive"). Starts a stack,
 * stores the bench's 300-slice CT, makes the bench viewer part's warm-up visit, then records
 * Chromium traces (devtools.timeline with V8's sampling profiler) of the measured visit: the
 * renderer main thread's long tasks with what ran in them, self time by script function, and the
 * moments the page's requests started and ended. Writes the raw trace to bench/out/ for
 * chrome://tracing or DevTools' Performance panel. For reading, not a figure of the bench.
 *
 * `--wan`: a first visit (new context) under the WAN part's emulated link instead.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { startStack, type Stack } from '../test/harness/stack.ts';
import { launchBrowser } from '../test/browser/pages/browser.ts';
import { signedInContext, storeViewerCt, waitForFirstImage, waitForSeriesLoaded } from './viewer.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & {
    data?: Record<string, unknown> & {
      url?: string;
      functionName?: string;
      requestId?: string;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      frame?: string;
    };
    name?: string;
  };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
  parent?: number;
}

const out = 'bench/out';
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 1);
const wan = process.argv.includes('--wan');
// V8's sampling profiler stalls the page ~0.5 s as it starts on the navigation: `--no-samples`
// gives the timeline with undistorted times, the default adds the functions.
const samples = !process.argv.includes('--no-samples');

async function signIn(stack: Stack): Promise<string> {
  const response = await fetch(`${stack.baseUrl}/viewer/api/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Id: stack.adminId, Password: stack.adminPassword }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const short = (url: string | undefined) => {
  const path = (url ?? '').replace(/^https?:\/\/[^/]+\/viewer\//, '');
  return path.length > 70 ? `${path.slice(0, 34)}…${path.slice(-34)}` : path;
};

/** The renderer main thread's story between navigation and `until` (ms from navigation). */
function analyse(events: TraceEvent[], until: number): string[] {
  const lines: string[] = [];
  const thread = events.find(
    (e) =>
      e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((n) => n.pid === e.pid && n.name === 'navigationStart'),
  );
  const nav = events.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').includes('/viewer/'));
  if (!thread || !nav) return ['no renderer main thread or navigation found'];
  const t0 = nav.ts;
  const at = (ts: number) => Math.round((ts - t0) / 1000);
  const main = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ts >= t0);
  // Network: when each request was sent and finished (any thread of the renderer).
  const sent = new Map<string, { url: string; start: number }>();
  for (const e of events) {
    const data = e.args?.data;
    if (e.name === 'ResourceSendRequest' && data?.requestId && data.url) sent.set(data.requestId, { url: data.url, start: at(e.ts) });
  }
  const requests: string[] = [];
  for (const e of events) {
    const data = e.args?.data;
    if (e.name !== 'ResourceFinish' || !data?.requestId) continue;
    const request = sent.get(data.requestId);
    if (request && request.start <= until)
      requests.push(`${String(request.start).padStart(5)} → ${String(at(e.ts)).padStart(5)} ms  ${short(request.url)}`);
  }
  lines.push('requests (sent → finished):', ...requests.sort());
  // Long tasks: top-level tasks over 20 ms, with their biggest children.
  const tasks = main.filter(
    (e) =>
      e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && (e.dur ?? 0) > 20_000 && at(e.ts) <= until,
  );
  let busy = 0;
  for (const e of main) if (e.ph === 'X' && e.name === 'RunTask' && at(e.ts) <= until) busy += (e.dur ?? 0) / 1000;
  lines.push(`main thread busy in tasks before ${until} ms: ${Math.round(busy)} ms; tasks over 20 ms:`);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const children = main
      .filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task && (e.dur ?? 0) > 5_000)
      .filter((e) =>
        [
          'EvaluateScript',
          'v8.compile',
          'v8.compileModule',
          'v8.evaluateModule',
          'FunctionCall',
          'TimerFire',
          'EventDispatch',
          'FireAnimationFrame',
          'Layout',
          'UpdateLayoutTree',
          'Paint',
          'ParseHTML',
          'MajorGC',
          'MinorGC',
          'V8.GC_MARK_COMPACTOR',
          'v8.produceModuleCache',
          'V8.CompileCode',
          'ProfileCall',
          'XHRReadyStateChange',
          'ResourceReceivedData',
          'CompositeLayers',
          'Commit',
          'v8.run',
          'HandlePostMessage',
          'v8.deserializeOnBackground',
        ].includes(e.name),
      )
      .map((e) => {
        const data = e.args?.data;
        const what = data?.url ? short(String(data.url)) : data?.functionName ? `${data.functionName}` : '';
        return `${e.name}${what ? ` ${what}` : ''} ${Math.round((e.dur ?? 0) / 1000)}`;
      });
    lines.push(`  ${String(at(task.ts)).padStart(5)} +${Math.round((task.dur ?? 0) / 1000)} ms: ${children.slice(0, 8).join('; ')}`);
  }
  // Self time by function from V8's sampling profiler, in the window.
  const nodes = new Map<number, ProfileNode>();
  const self = new Map<string, number>();
  const byWindow = new Map<string, number>();
  const profile = events.find((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'Profile');
  const chunks = events.filter(
    (e) => e.pid === thread.pid && e.name === 'ProfileChunk' && (e as { id?: string }).id === (profile as { id?: string } | undefined)?.id,
  );
  let time = (profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  for (const chunk of chunks) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      time += deltas[i] ?? 0;
      const ms = at(time);
      if (ms < 0 || ms > until) return;
      const node = nodes.get(id);
      if (!node) return;
      const name = node.callFrame.functionName || '(anonymous)';
      if (name === '(idle)' || name === '(program)') return;
      const key = `${name} ${short(node.callFrame.url)}:${node.callFrame.lineNumber ?? ''}`;
      self.set(key, (self.get(key) ?? 0) + 1);
      const bucket = `${Math.floor(ms / 100) * 100}`;
      let root = node;
      const chain: string[] = [];
      while (root.parent !== undefined && nodes.get(root.parent)) {
        chain.push(root.callFrame.url);
        root = nodes.get(root.parent)!;
      }
      const file = short(chain.find(Boolean) ?? node.callFrame.url) || name;
      const bucketKey = `${bucket.padStart(5)} ${file.slice(0, 50)}`;
      byWindow.set(bucketKey, (byWindow.get(bucketKey) ?? 0) + 1);
    });
  }
  const interval = (() => {
    const deltas = chunks.flatMap((c) => c.args?.data?.timeDeltas ?? []);
    return deltas.length ? deltas.reduce((a, b) => a + b, 0) / deltas.length / 1000 : 1;
  })();
  lines.push(`V8 self time by function before ${until} ms (sampling every ${interval.toFixed(2)} ms), top 40:`);
  for (const [key, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    lines.push(
      `  ${Math.round(n * interval)
        .toString()
        .padStart(5)} ms  ${key}`,
    );
  lines.push('script time per 100 ms window by innermost script file:');
  for (const [key, n] of [...byWindow].sort().filter(([, n]) => n * interval >= 5)) lines.push(`  ${key} ${Math.round(n * interval)} ms`);
  return lines;
}

async function visit(browser: Browser, stack: Stack, cookie: string, url: string, label: string): Promise<void> {
  let context: BrowserContext = await signedInContext(browser, stack.baseUrl, cookie);
  let page = await context.newPage();
  page.setDefaultTimeout(120_000);
  if (!wan) {
    await page.goto(url);
    await page.waitForSelector('.viewport-cell[data-cell="0"] .overlay-image-index');
    await page.waitForFunction(() => localStorage.getItem('pacs.viewer.first-look'));
    await page.goto('about:blank');
  } else {
    await context.close();
    context = await signedInContext(browser, stack.baseUrl, cookie);
    page = await context.newPage();
    page.setDefaultTimeout(120_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: 30e6 / 8,
      uploadThroughput: 30e6 / 8,
    });
  }
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      ...(samples ? ['disabled-by-default-v8.cpu_profiler'] : []),
      'v8.execute',
      'v8',
      'blink.user_timing',
      'loading',
      'toplevel',
      'disabled-by-default-devtools.timeline.frame',
    ],
  });
  await page.goto(url, { waitUntil: 'commit' });
  const { look, ready } = await waitForFirstImage(page);
  const loaded = await waitForSeriesLoaded(page);
  const trace = await browser.stopTracing();
  mkdirSync(out, { recursive: true });
  writeFileSync(`${out}/viewer-trace-${label}.json`, trace);
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const lines = [
    `${label}: first look ${Math.round(look)} ms, viewer ready ${Math.round(ready)} ms, series loaded ${Math.round(loaded)} ms`,
    ...analyse(events, Math.round(ready)),
  ];
  writeFileSync(`${out}/viewer-trace-${label}.txt`, lines.join('\n') + '\n');
  console.log(lines.join('\n'));
  await context.close();
}

const reread = process.argv.find((arg) => arg.startsWith('--analyse='))?.slice('--analyse='.length);
if (reread) {
  const until = Number(process.argv.find((arg) => arg.startsWith('--until='))?.slice(8) ?? 3000);
  const events = (JSON.parse(readFileSync(reread, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  console.log(analyse(events, until).join('\n'));
  process.exit(0);
}

const stack = await startStack({ adapter: 'child' });
try {
  const cookie = await signIn(stack);
  const studyUid = await storeViewerCt(stack);
  const url = `${stack.baseUrl}/viewer/#/viewer?studyinstanceuid=${encodeURIComponent(studyUid)}`;
  const browser = await launchBrowser();
  try {
    for (let run = 1; run <= runs; run++) await visit(browser, stack, cookie, url, `${wan ? 'wan' : 'warm'}-${run}`);
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
}
