/**
 * The study list, the viewer (a generated CT) and the report editor in Arabic, Korean and
 * Simplified Chinese (issue 21 "the list, viewer and report screenshots in ar, ko and zh-CN looked
 * at"), at 1280×800 and 390×844, in headless Chromium against the real stack. The screenshots are
 * for a person to look at (test-results/screenshots/locale-*.png); the test checks what a machine
 * can: the page's language and direction, the image drawn, no horizontal overflow on a phone, and
 * no English left in the main headings and buttons.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCt, type CtResult } from '../../scripts/demo/generate-ct.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles } from '../harness/dicom.ts';
import { waitForIndexedStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, screenshot } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';
import { ViewerPage } from './pages/viewer-page.ts';

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const LANGUAGES = [
  { code: 'ar', dir: 'rtl' },
  { code: 'ko', dir: 'ltr' },
  { code: 'zh-CN', dir: 'ltr' },
] as const;

let stack: Stack;
let browser: Browser;
let admin: Session;
let workDir: string;
let ct: CtResult;

async function setLanguage(code: string): Promise<void> {
  await admin.agent
    .put(`${API}/settings/replace`)
    .set(admin.csrf)
    .type('form')
    .send({ Id: stack.adminId, key: 'lang', value: JSON.stringify({ lang: code }) })
    .expect(200);
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  workDir = mkdtempSync(join(tmpdir(), 'pacs-locale-'));
  ct = generateCt({ out: join(workDir, 'ct'), slices: 8, size: 128, studyUidSeed: 'locale-screens', patientName: 'Locale^Reader' });
  expect((await storeFiles(ct.files, { port: stack.config.dicomPort })).failed).toEqual([]);
  await waitForIndexedStudies(stack, [ct.studyInstanceUid]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  // Answered, so the first-run time zone question (asked in the screen's language) stays away.
  for (const [key, value] of [
    ['country', '"jp"'],
    ['time_zone', '"Asia/Tokyo"'],
  ])
    await admin.agent.put(`${API}/configs/replace`).set(admin.csrf).type('form').send({ key, value }).expect(200);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Visible button and heading texts that are English words (a label left untranslated). */
const englishLabels = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('main h1, main h2, main button, .app-header button'))
      .filter((node) => (node as HTMLElement).offsetParent !== null)
      .map((node) => (node.textContent ?? '').trim())
      .filter((text) => /^[A-Za-z][a-z]+(?: [a-z]+)*$/.test(text) && !['OK', 'PDF', 'CSV', 'MPR', 'DICOM'].includes(text)),
  );

describe.each(LANGUAGES)('screens in $code', ({ code, dir }) => {
  it.each(Object.entries(SIZES))('list, viewer and report editor at %s size', async (size, viewport) => {
    await setLanguage(code);
    const phone = viewport.width < 576;
    // The login screen follows the browser's language; the saved setting switches it once signed in.
    const context = await browser.newContext({ viewport, locale: 'en-US', hasTouch: phone, isMobile: phone });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    try {
      const shell = await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, code);
      await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe(dir);

      const list = new StudyListPage(page);
      await list.waitUntilLoaded();
      await list.waitForRowCount(1);
      await screenshot(page, `locale-${code}-list-${size}`);
      if (phone) expect(await overflow(page), 'list').toBeLessThanOrEqual(0);
      expect(await englishLabels(page), 'list').toEqual([]);

      const viewer = new ViewerPage(page, stack.baseUrl);
      await viewer.open(ct.studyInstanceUid);
      await shell.dismissTimeZoneIfAsked();
      await expect(viewer.waitForOutcome()).resolves.toBe('image');
      await viewer.waitForPixels();
      await screenshot(page, `locale-${code}-viewer-${size}`);
      if (phone) expect(await overflow(page), 'viewer').toBeLessThanOrEqual(0);

      await page.goto(`${stack.baseUrl}/viewer/#/report?studyinstanceuid=${encodeURIComponent(ct.studyInstanceUid)}`);
      await page.locator('.report-editor').waitFor();
      await page.locator('.report-study .report-patient').filter({ hasText: /\S/ }).waitFor();
      await screenshot(page, `locale-${code}-report-${size}`);
      if (phone) expect(await overflow(page), 'report').toBeLessThanOrEqual(0);
      expect(await englishLabels(page), 'report').toEqual([]);
    } finally {
      await context.close();
      await setLanguage('en');
    }
  });
});
