/**
 * Issue 13 item 8 in the browser: a role that hides PatientName and InstitutionName (teleradiology
 * kind Radiologist) is refused whole DICOM files, and the viewer still shows its images, built from
 * the stripped metadata and the frames (client/src/viewer/loading/dicomweb-file.ts): a native CT series,
 * compressed single- and multi-frame files, and a big-endian file (frames asked for again as
 * explicit little endian). No whole file reaches that browser, and the overlay has no name.
 * Screenshots go to test-results/screenshots/viewer-hidden-*.png.
 */
import { copyFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generateCt } from '../../scripts/demo/generate-ct.ts';
import { API, signIn } from '../harness/api.ts';
import type { Stack } from '../harness/stack.ts';
import { newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { LoginPage } from './pages/login-page.ts';
import { Shell } from './pages/shell.ts';
import { closeBrowserSuite, startViewerSuite } from './pages/admin-viewer.ts';
import { ViewerPage } from './pages/viewer-page.ts';

const SAMPLES_DIR = '/usr/lib/python3/dist-packages/pydicom/data/test_files';
const SAMPLES = [
  { label: 'mr-jpeg-ls', file: 'MR_small_jpeg_ls_lossless.dcm', images: 1, colour: false },
  { label: 'rgb-rle-2frame', file: 'SC_rgb_rle_2frame.dcm', images: 2, colour: true },
  { label: 'mr-big-endian', file: 'MR_small_bigendian.dcm', images: 1, colour: false },
];

let stack: Stack;
let browser: Browser;
let open: OpenPage;
let viewer: ViewerPage;
let workDir: string;
let ctStudy = '';
const studyOf = new Map<string, string>();
/** Whole-file answers the radiologist's browser received (must stay empty). */
const wholeFiles: string[] = [];
const refusals: string[] = [];

function tag(file: string, key: string): string {
  const run = spawnSync('dcmdump', ['-q', '+P', key, file], { encoding: 'utf8' });
  return /\[([^\]]*)\]/.exec(run.stdout)?.[1] ?? '';
}

function copy(label: string, file: string): string {
  const target = join(workDir, `${label}.dcm`);
  copyFileSync(join(SAMPLES_DIR, file), target);
  const run = spawnSync(
    'dcmodify',
    ['-nb', '-gst', '-gse', '-gin', '-i', `(0010,0010)=Hidden^${label}`, '-i', '(0008,0080)=Hidden Hospital', target],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`dcmodify ${file}: ${run.stderr}`);
  return target;
}

beforeAll(async () => {
  ({ stack, browser, workDir } = await startViewerSuite({
    name: 'hidden-viewer',
    files: (suite) => {
      // The files are written into the suite's folder.
      workDir = suite.workDir;
      const files = SAMPLES.map((sample) => {
        const file = copy(sample.label, sample.file);
        studyOf.set(sample.label, tag(file, '0020,000d'));
        return file;
      });
      const ct = generateCt({ out: join(workDir, 'ct'), slices: 8, size: 256, studyUidSeed: 'hidden-viewer' });
      ctStudy = ct.studyInstanceUid;
      // Waited for below, through the search of the account the suite creates.
      return { files: [...files, ...ct.files], studies: [] };
    },
  }));

  const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  const call = (path: string, form: Record<string, string>) =>
    admin.agent.post(`${API}${path}`).set(admin.csrf).type('form').send(form).expect(200);
  const role = (
    await call('/roles/create', {
      Name: 'Radiologists',
      Institution: '0',
      Teleradiology: 'Radiologist',
      Permissions: JSON.stringify({ viewer: true, list: true }),
      Targets: JSON.stringify({ All: true }),
      StudyAccess: 'all',
    })
  ).body.No;
  await call('/accounts/create', { Id: 'radiologist', Password: 'radiologist-pass', Role: String(role) });
  const deadline = Date.now() + 60_000;
  while ((await admin.agent.get(`${API}/studies/search`)).body.Count < SAMPLES.length + 1 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 500));

  open = await newPage(browser);
  open.page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.status() === 200 && /application\/dicom(?!\+)|type="application\/dicom"/.test(type)) wholeFiles.push(response.url());
    if (response.status() === 403) refusals.push(response.url());
  });
  if (process.env.DEBUG_VIEWER) {
    open.page.on('console', (message) => console.log(`[browser ${message.type()}]`, message.text()));
    open.page.on('response', (response) => console.log('[http]', response.status(), response.url().slice(0, 200)));
  }
  const login = new LoginPage(open.page, stack.baseUrl);
  await login.open('/login');
  await login.signIn('radiologist', 'radiologist-pass');
  await new Shell(open.page).waitForRoute(/^\/list/);
  viewer = new ViewerPage(open.page, stack.baseUrl);
});

afterAll(() => closeBrowserSuite({ open, browser, stack, workDir }));

describe('viewer for a role that hides PatientName and InstitutionName', () => {
  it('shows a CT series from metadata and frames, without the hidden fields', async () => {
    await viewer.open(ctStudy);
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    const stats = await viewer.waitForPixels();
    await screenshot(viewer.page, 'viewer-hidden-ct');
    expect(stats.levels, 'distinct grey levels').toBeGreaterThanOrEqual(8);
    expect(stats.nonBlack).toBeGreaterThan(0.02);
    await expect(viewer.imagePosition().textContent()).resolves.toBe('Im: 1 / 8');
    // The series loads: the last slice shows too.
    await viewer.wheel(0, 100, 7);
    await expect.poll(() => viewer.imagePosition().textContent(), { timeout: 15_000 }).toBe('Im: 8 / 8');
    await expect(viewer.waitForPixels()).resolves.toMatchObject({ levels: expect.any(Number) });
    expect(await viewer.page.content()).not.toContain('Hidden Hospital');
    expect(refusals.length, 'the whole-file request was refused').toBeGreaterThan(0);
    expect(wholeFiles).toEqual([]);
  });

  it.each(SAMPLES)('shows $label', async (sample) => {
    await viewer.open(studyOf.get(sample.label) ?? '');
    if (process.env.DEBUG_VIEWER)
      await viewer.waitForOutcome().catch(() => screenshot(viewer.page, `viewer-hidden-failed-${sample.label}`));
    await expect(viewer.waitForOutcome()).resolves.toBe('image');
    const stats = await viewer.waitForPixels();
    await screenshot(viewer.page, `viewer-hidden-${sample.label}`);
    expect(stats.levels, 'distinct grey levels').toBeGreaterThanOrEqual(8);
    if (sample.colour) expect(stats.colouredPixels, 'coloured pixels').toBeGreaterThan(100);
    await expect(viewer.imagePosition().textContent()).resolves.toBe(`Im: 1 / ${sample.images}`);
    const overlay = (await viewer.overlay().textContent()) ?? '';
    expect(overlay).not.toContain(`Hidden ${sample.label}`);
    expect(overlay).not.toContain('Hidden Hospital');
    expect(wholeFiles).toEqual([]);
  });
});
