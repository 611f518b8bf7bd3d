/**
 * The study-index banner (issue 13 item 3) in Debian's Chromium: an administrator is told when
 * changes were skipped or the index stays behind; a user who is not an administrator sees nothing.
 * Screenshots at desktop (1280×800) and phone (390×844) sizes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { IndexStatus } from '@pacs/common';
import { signIn } from '../harness/api.ts';
import { createReader } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';

let stack: Stack;
let browser: Browser;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  await createReader(admin, {
    id: 'reader',
    password: 'reader-pass-1',
    role: { name: 'Readers', permissions: { list: true, viewer: true }, targets: { All: true } },
  });
  // Two changes the follower could not apply, as it records them.
  await stack.sql(
    `insert into index_skipped_changes (seq, change_type, resource_type, orthanc_id, error)
     values (7, 'NewInstance', 'Instance', 'a1b2c3', 'invalid byte sequence'), (9, 'NewInstance', 'Instance', 'd4e5f6', 'invalid byte sequence')`,
  );
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

describe('index status banner', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`shows an administrator the skipped changes, dismissible (${name})`, async () => {
      open = await newPage(browser, viewport);
      const { page } = open;
      await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
      const banner = page.locator('.index-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('2 changes in the archive could not be added to the study list');
      await screenshot(page, `index-banner-skipped-${name}`);
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await banner.waitFor({ state: 'detached' });
    });
  }

  it('shows an administrator an index that stays behind, only after the grace time', async () => {
    open = await newPage(browser, { width: 1280, height: 800 });
    const { page } = open;
    await page.clock.install();
    // The follower cannot be made to fall behind on purpose without stopping it: the status
    // route's answer is replaced (the banner's rule is what is tested here).
    await page.route('**/viewer/api/server/index/status', async (route) => {
      const response = await route.fetch();
      const real = (await response.json()) as IndexStatus;
      await route.fulfill({ response, json: { ...real, LagChanges: 5230, LastChange: (real.Cursor ?? 0) + 5230, Behind: true } });
    });
    await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    const banner = page.locator('.index-banner');
    await banner.getByText('could not be added').waitFor();
    expect(await banner.textContent()).not.toContain('behind');
    await page.clock.runFor(75_000);
    await banner.getByText('5,230 changes are waiting to be indexed').waitFor();
    await screenshot(page, 'index-banner-behind-desktop');
  });

  it('shows a user who is not an administrator nothing', async () => {
    open = await newPage(browser, { width: 1280, height: 800 });
    const { page } = open;
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/server/index/status')) requests.push(request.url());
    });
    await signInThroughLogin(page, stack.baseUrl, 'reader', 'reader-pass-1');
    await page.locator('.app-main').waitFor();
    await page.waitForTimeout(1000);
    expect(await page.locator('.index-banner').count()).toBe(0);
    expect(requests).toEqual([]);
  });
});
