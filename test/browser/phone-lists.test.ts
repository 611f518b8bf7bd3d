/**
 * Lists on a phone and in Persian (issue 21), in headless Chromium against the real stack:
 * - the study list's and the viewer's settings pages have no horizontal overflow at 390×844 (their
 *   tables turn into cards);
 * - a teleradiology radiologist on a phone sees the study cards without patient names (the role's
 *   hidden study columns);
 * - the Persian study list and dashboard write their dates and counts in Persian digits, with no
 *   Latin digit.
 * Screenshots: test-results/screenshots/phone-lists-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { createReader, postForm, storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, screenshot } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

const PHONE = { width: 390, height: 844 };
const SETTINGS_PAGES = [
  '/user/list/general',
  '/user/list/search',
  '/user/viewer/general',
  '/user/viewer/appearance',
  '/user/viewer/layout',
  '/user/viewer/window-level',
];

let stack: Stack;
let browser: Browser;
let admin: Session;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  // No Latin digit in what the list shows raw (IDs, names, descriptions): any digit on screen is a formatted one.
  await storeTinyStudies(stack, admin, [
    {
      seed: 'phone-a',
      patientName: 'Secret^Alef',
      patientId: 'PID-ALEF',
      studyDescription: 'CT chest',
      modality: 'CT',
      studyDate: '20240131',
    },
    { seed: 'phone-b', patientName: 'Secret^Be', patientId: 'PID-BE', studyDescription: 'MR brain', modality: 'MR', studyDate: '20231105' },
  ]);
  const role = await postForm(admin, '/roles/create', {
    Name: 'Remote radiologists',
    Institution: '0',
    Teleradiology: 'Radiologist',
    Permissions: JSON.stringify({ viewer: true, list: true }),
    Targets: JSON.stringify({ All: true }),
    StudyAccess: 'all',
  });
  await postForm(admin, '/accounts/create', { Id: 'remote', Password: 'remote-pass-1', Role: String(role.No) });
  await createReader(admin, {
    id: 'persian',
    password: 'persian-pass-1',
    role: { name: 'Persian readers', permissions: { list: true, viewer: true, dashboard: true } },
  });
  const persian = await signIn(stack.baseUrl, 'persian', 'persian-pass-1');
  await persian.agent
    .put(`${API}/settings/replace`)
    .set(persian.csrf)
    .type('form')
    .send({ Id: 'persian', key: 'lang', value: JSON.stringify({ lang: 'fa' }) })
    .expect(200);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function signedIn(id: string, password: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US', hasTouch: viewport.width < 576, isMobile: viewport.width < 576 });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signInThroughLogin(page, stack.baseUrl, id, password);
  return page;
}

/** How far the page reaches past the screen's width (0: nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('settings tables on a phone', () => {
  it('fit a 390 px screen: rows are cards, nothing scrolls sideways', async () => {
    const page = await signedIn(stack.adminId, stack.adminPassword, PHONE);
    for (const route of SETTINGS_PAGES) {
      await page.goto(`${stack.baseUrl}/viewer/#${route}`);
      await page.locator('main h1').first().waitFor();
      await page.locator('main fieldset').first().waitFor();
      expect(await overflow(page), route).toBeLessThanOrEqual(0);
      await screenshot(page, `phone-lists-settings${route.replaceAll('/', '-')}`);
    }
    // A card keeps its heading beside each value, and its controls reachable.
    await page.goto(`${stack.baseUrl}/viewer/#/user/list/general`);
    const row = page.locator('.list-editor-table tbody tr[data-key="PatientName"]').first();
    await row.waitFor();
    const box = await row.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await expect(row.getByRole('checkbox', { name: 'Visible' }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });
});

describe('a teleradiology radiologist on a phone', () => {
  it('sees study cards without patient names', async () => {
    const page = await signedIn('remote', 'remote-pass-1', PHONE);
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    await list.waitForRowCount(2);
    await expect(page.locator('ul.study-cards > li.study-card').count()).resolves.toBe(2);
    await expect(page.locator('.study-card-name').count()).resolves.toBe(0);
    const text = await page.locator('ul.study-cards').innerText();
    expect(text).toContain('PID-ALEF');
    expect(text).not.toContain('Secret');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-lists-radiologist-cards');
    await page.context().close();
  });
});

describe('the study list in Persian', () => {
  it('writes dates and counts in Persian digits, none in Latin ones', async () => {
    const page = await signedIn('persian', 'persian-pass-1', { width: 1280, height: 800 });
    await page.waitForFunction(() => document.documentElement.lang === 'fa');
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    await list.waitForRowCount(2);
    const rows = await list.studyRows.allInnerTexts();
    const count = await list.count.innerText();
    for (const text of [...rows, count]) {
      expect(text, text).not.toMatch(/[0-9]/);
      expect(text, text).toMatch(/[۰-۹]/);
    }
    // The study dates, in the site's format (YYYY-MM-DD by default), Persian digits.
    expect(rows.join('\n')).toContain('۲۰۲۴-۰۱-۳۱');
    await screenshot(page, 'phone-lists-persian-list');
    // The dashboard's figures too (its charts' axes are drawn from the same formatters).
    await page.goto(`${stack.baseUrl}/viewer/#/dashboard`);
    await page.locator('table.stats-table td.num').first().waitFor();
    const figures = await page.locator('table.stats-table td.num').allInnerTexts();
    expect(figures.join(' ')).not.toMatch(/[0-9]/);
    expect(figures.join(' ')).toMatch(/[۰-۹]/);
    await screenshot(page, 'phone-lists-persian-dashboard');
    await page.goto(`${stack.baseUrl}/viewer/#/list`);
    await list.waitUntilLoaded();
    // And the phone's cards.
    await page.setViewportSize(PHONE);
    await page.locator('ul.study-cards > li.study-card').first().waitFor();
    const cards = await page.locator('ul.study-cards').innerText();
    expect(cards).not.toMatch(/[0-9]/);
    expect(cards).toContain('۲۰۲۳-۱۱-۰۵');
    await screenshot(page, 'phone-lists-persian-cards');
    await page.context().close();
  });
});
