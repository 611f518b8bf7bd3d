/**
 * `npx tsx bench/viewer-scroll-trace.ts`: where the time of one scroll step goes (bench/viewer.ts,
 * scroll_fps). Starts a stack, stores the bench's 300-slice CT, opens the viewer, waits for the
 * series to be loaded, then steps through it as the bench does for 3 s under V8's CPU profiler
 * and Chromium's tracing: steps per second, frames per step, the main thread's tasks per step and
 * self time by function. Raw files go to bench/out/. For reading, not a figure of the bench.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { startStack } from '../test/harness/stack.ts';
import { launchBrowser } from '../test/browser/pages/browser.ts';
import { signedInContext, storeViewerCt, waitForSeriesLoaded } from './viewer.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** The bench's scroll loop, with frame counting: each step waits until the overlay shows the new image. */
const SCROLL = `(async () => {
  const index = () => document.querySelector('.viewport-cell[data-cell="0"] .overlay-image-index')?.textContent ?? '';
  let frames = 0;
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => { frames++; resolve(); }));
  const started = performance.now();
  let shown = 0;
  const steps = [];
  while (performance.now() - started < 3000) {
    const before = index();
    const at = performance.now();
    const framesBefore = frames;
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    while (index() === before && performance.now() - started < 5000) await frame();
    if (index() === before) break;
    steps.push([performance.now() - at, frames - framesBefore]);
    shown++;
  }
  return { fps: (shown * 1000) / (performance.now() - started), steps };
})()`;

const stack = await startStack({ adapter: 'child' });
try {
  const response = await fetch(`${stack.baseUrl}/viewer/api/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Id: stack.adminId, Password: stack.adminPassword }),
  });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  const studyUid = await storeViewerCt(stack);
  const browser = await launchBrowser();
  try {
    const context = await signedInContext(browser, stack.baseUrl, cookie);
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${stack.baseUrl}/viewer/#/viewer?studyinstanceuid=${encodeURIComponent(studyUid)}`);
    await waitForSeriesLoaded(page);
    const later = page.getByRole('dialog').getByRole('button', { name: 'Later' });
    if (await later.count()) await later.click();
    await page.waitForTimeout(500);
    // The page's frame rate when nothing changes, then the scroll once without instruments, once
    // under Chromium's tracing (every process's threads: is the renderer or the GPU process busy?)
    // and once under V8's profiler.
    const idleFps = (await page.evaluate(`(async () => {
      let frames = 0;
      const started = performance.now();
      while (performance.now() - started < 2000) { await new Promise((resolve) => requestAnimationFrame(resolve)); frames++; }
      return (frames * 1000) / (performance.now() - started);
    })()`)) as number;
    // Controls without the viewer's work: a canvas over the whole window, one pixel of it or all of
    // it changed per frame (what the compositor then presents is a changed frame, as when scrolling).
    const control = (whole: boolean) => `(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = innerWidth; canvas.height = innerHeight;
      canvas.style.cssText = 'position:fixed;inset:0;z-index:99999;pointer-events:none';
      document.body.append(canvas);
      const context = canvas.getContext('2d');
      let frames = 0;
      const started = performance.now();
      while (performance.now() - started < 2000) {
        context.fillStyle = frames % 2 ? '#000' : '#010101';
        context.fillRect(0, 0, ${whole ? 'canvas.width, canvas.height' : '1, 1'});
        await new Promise((resolve) => requestAnimationFrame(resolve));
        frames++;
      }
      canvas.remove();
      return (frames * 1000) / (performance.now() - started);
    })()`;
    const controlFps = (await page.evaluate(control(false))) as number;
    const wholeFps = (await page.evaluate(control(true))) as number;
    const plain = (await page.evaluate(SCROLL)) as { fps: number; steps: [number, number][] };
    await browser.startTracing(page, { categories: ['toplevel', 'gpu', 'viz', 'cc', 'disabled-by-default-devtools.timeline'] });
    const traced = (await page.evaluate(SCROLL)) as { fps: number; steps: [number, number][] };
    const trace = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args?: { name?: string } }[];
    };
    const names = new Map<string, string>();
    const processes = new Map<number, string>();
    for (const e of trace.traceEvents) {
      if (e.name === 'thread_name') names.set(`${e.pid}/${e.tid}`, e.args?.name ?? '');
      if (e.name === 'process_name') processes.set(e.pid, e.args?.name ?? '');
    }
    mkdirSync('bench/out', { recursive: true });
    writeFileSync('bench/out/viewer-scroll-trace.json', JSON.stringify(trace));
    const tasks = trace.traceEvents.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask');
    const first = Math.min(...tasks.map((e) => e.ts));
    const last = Math.max(...tasks.map((e) => e.ts + (e.dur ?? 0)));
    const busy = new Map<string, number>();
    for (const e of tasks) {
      const key = `${processes.get(e.pid) ?? e.pid} ${names.get(`${e.pid}/${e.tid}`) ?? e.tid}`;
      busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const busyLines = [
      `traced scroll: ${traced.fps.toFixed(1)} images/s, ${traced.steps.length} steps over ${((last - first) / 1000).toFixed(0)} ms; threads' time in tasks:`,
      ...[...busy]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14)
        .map(([key, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${key}`),
    ];
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const profiled = (await page.evaluate(SCROLL)) as { fps: number; steps: [number, number][] };
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    mkdirSync('bench/out', { recursive: true });
    writeFileSync('bench/out/viewer-scroll.cpuprofile', JSON.stringify(profile));
    const interval = profile.timeDeltas.reduce((a, b) => a + b, 0) / profile.timeDeltas.length / 1000;
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    for (const id of profile.samples) {
      const node = byId.get(id);
      if (!node) continue;
      const key = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\//, '')}:${node.callFrame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + 1);
      // Inclusive time per function (counted once per sample).
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at)!.callFrame;
        const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber}`;
        if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + 1);
        seen.add(name);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    const lines = [
      `frames per second with nothing changing: ${idleFps.toFixed(1)}; with one pixel of a window-sized canvas changed per frame: ${controlFps.toFixed(1)}, with all of it: ${wholeFps.toFixed(1)}`,
      `scroll without profiler: ${plain.fps.toFixed(1)} images/s, ${plain.steps.length} steps, median step ${median(plain.steps.map((s) => s[0])).toFixed(1)} ms, frames per step ${median(plain.steps.map((s) => s[1]))} (histogram ${JSON.stringify(Object.fromEntries(plain.steps.reduce((m, s) => m.set(s[1], (m.get(s[1]) ?? 0) + 1), new Map<number, number>())))})`,
      ...busyLines,
      `scroll with profiler: ${profiled.fps.toFixed(1)} images/s, ${profiled.steps.length} steps`,
      `self time (sampling ${interval.toFixed(2)} ms), top 30:`,
      ...[...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 30)
        .map(([key, n]) => `  ${(n * interval).toFixed(0).padStart(6)} ms  ${key}`),
      'inclusive time, top 50:',
      ...[...total]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 50)
        .map(([key, n]) => `  ${(n * interval).toFixed(0).padStart(6)} ms  ${key}`),
    ];
    writeFileSync('bench/out/viewer-scroll.txt', lines.join('\n') + '\n');
    console.log(lines.join('\n'));
    await context.close();
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
}
