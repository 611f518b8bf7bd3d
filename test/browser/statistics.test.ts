/**
 * Statistics and the dashboard in Debian's Chromium (issue 20): studies of three modalities moved
 * to three known months draw one stacked bar per month and modality and a pie of three slices;
 * the amount of data shows its bars; the dashboard lists today's arrivals and DICOM associations by
 * AE title and an association held open, live; admin/statistics draws the DICOM connections; the
 * figures are in the tables under the charts. Screenshots at 1440 and 390 wide.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signIn, type Session } from '../harness/api.ts';
import { storeTinyStudies, replaceConfigs } from '../harness/fixtures.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { holdAssociation } from '../harness/dicom-association.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;

/** The first day of the month `back` months before this one, at noon UTC. */
function monthsAgo(back: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10, 12)).toISOString();
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await replaceConfigs(admin, { country: 'JP', time_zone: 'UTC' });
  await storeTinyStudies(
    stack,
    admin,
    [
      { seed: 'sb-ct-1', patientName: 'Chart^One', patientId: 'SB-1', modality: 'CT' },
      { seed: 'sb-ct-2', patientName: 'Chart^Two', patientId: 'SB-2', modality: 'CT' },
      { seed: 'sb-mr-1', patientName: 'Chart^Three', patientId: 'SB-3', modality: 'MR' },
      { seed: 'sb-us-1', patientName: 'Chart^Four', patientId: 'SB-4', modality: 'US' },
    ],
    { callingAet: 'CHART_MOD' },
  );
  // Known months: CT two months ago (two studies), MR last month, US this month; then the facts
  // are counted again by the migration's backfill (test/api/statistics.test.ts does the same).
  const when: [string, string][] = [
    ['sb-ct-1', monthsAgo(2)],
    ['sb-ct-2', monthsAgo(2)],
    ['sb-mr-1', monthsAgo(1)],
  ];
  for (const [seed, at] of when) {
    const uid = tinyStudyUids(seed).study;
    await stack.sql(
      `update instances set created_at = $2 where series_id in (select s.id from series s join studies st on st.id = s.study_id where st.study_instance_uid = $1)`,
      [uid, at],
    );
    await stack.sql(`update series set created_at = $2 where study_id = (select id from studies where study_instance_uid = $1)`, [uid, at]);
  }
  await stack.sql('delete from statistics_data; delete from statistics_study_dates; delete from statistics_shares');
  await stack.sql('select statistics_backfill()');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

/** Bars nivo drew with a height, in one chart card. */
const bars = (page: Page, chart: string) =>
  page
    .locator(`[data-chart="${chart}"] svg rect[aria-label]`)
    .evaluateAll((rects) =>
      rects
        .filter((rect) => Number(rect.getAttribute('height')) > 0 && Number(rect.getAttribute('width')) > 0)
        .map((rect) => rect.getAttribute('aria-label')),
    );

/** Slices of a pie: its filled arcs (the label links are unfilled paths). */
const slices = (page: Page, chart: string) =>
  page
    .locator(`[data-chart="${chart}"] svg path`)
    .evaluateAll((paths) => paths.filter((path) => (path.getAttribute('fill') ?? 'none') !== 'none' && path.getAttribute('d')).length);

describe('statistics screens', () => {
  for (const [name, viewport] of [
    ['1440', { width: 1440, height: 1000 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    it(`draws the studies per modality as stacked bars and a pie (${name})`, async () => {
      open = await newPage(browser, viewport);
      const { page } = open;
      await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
      await page.goto(`${stack.baseUrl}/viewer/#/statistics/number-of-study`);
      await page.locator('[data-chart="stats-studies"] svg rect[aria-label]').first().waitFor({ state: 'attached' });
      // one bar per month holding studies of a modality: CT two months ago, MR last month, US now
      expect((await bars(page, 'stats-studies')).length).toBe(3);
      // the pie is drawn again after 1 s (spec 3 §9): count after that
      await page.waitForTimeout(1500);
      expect(await slices(page, 'stats-modalities')).toBe(3);
      const table = await page.locator('[data-chart="stats-modalities"] table').innerText();
      expect(table).toMatch(/CT\s+2/);
      expect(table).toMatch(/MR\s+1/);
      await screenshot(page, `statistics-studies-${name}`);

      await page.goto(`${stack.baseUrl}/viewer/#/statistics/amount-of-data`);
      await page.locator('[data-chart="stats-flows"] svg rect[aria-label]').first().waitFor({ state: 'attached' });
      // received bytes in three months, nothing deleted
      expect((await bars(page, 'stats-flows')).length).toBe(3);
      await page.locator('[data-chart="stats-capacity"] svg path').first().waitFor();
      await screenshot(page, `statistics-amount-${name}`);

      await page.getByRole('radio', { name: 'Years' }).click();
      // The months' table stays until the years' answer arrives: wait for the new rows.
      await expect.poll(() => page.locator('[data-chart="stats-flows"] tbody tr').count(), { timeout: 15_000 }).toBe(5);
    });
  }

  it('shows an empty state where nothing happened', async () => {
    open = await newPage(browser, { width: 1440, height: 900 });
    const { page } = open;
    await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    await page.goto(`${stack.baseUrl}/viewer/#/statistics/number-of-share`);
    await page.getByText('No data for this period').waitFor();
  });

  it("shows the dashboard with today's arrivals and associations by AE title, the open one and the last studies", async () => {
    // An association held open from a modality of its own: listed live with its AE title.
    const held = await holdAssociation(stack.config.dicomPort, 'HELD_MOD', stack.config.dicomAet);
    try {
      open = await newPage(browser, { width: 1440, height: 1000 });
      const { page } = open;
      await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
      await page.goto(`${stack.baseUrl}/viewer/#/dashboard`);
      await page.locator('[data-chart="dashboard-ae-titles"] svg rect[aria-label]').first().waitFor({ state: 'attached' });
      expect(await bars(page, 'dashboard-ae-titles')).toEqual(['Files CHART_MOD: 1']);
      // The follower reads Orthanc's log every second; the dashboard asks again every 30 s.
      const live = page.getByTestId('dashboard-dicom-connections');
      const shown = async () => {
        await page.reload();
        await live.locator('table').or(live.getByText('No DICOM connection is open.')).waitFor();
        return live.getByText('HELD_MOD').count();
      };
      await expect.poll(shown, { timeout: 15_000 }).toBe(1);
      await expect(live.locator('tbody tr').innerText()).resolves.toMatch(/HELD_MOD\s+127\.0\.0\.1\s+\S/);
      await page.locator('[data-chart="dashboard-associations"] svg rect[aria-label]').first().waitFor({ state: 'attached' });
      const associations = await bars(page, 'dashboard-associations');
      expect(associations).toContain('Accepted HELD_MOD: 1');
      expect(associations.some((label) => label?.startsWith('Accepted CHART_MOD: '))).toBe(true);
      await page.waitForTimeout(1500);
      expect(await slices(page, 'dashboard-modalities')).toBe(1);
      expect(await page.locator('.dashboard-page tbody tr').count()).toBeGreaterThanOrEqual(4);
      // The licence in a sentence (none installed here), and the audit log's newest records with
      // the administrator's own sign-in among them, linking to the log.
      await expect(page.getByTestId('dashboard-licence').textContent()).resolves.toBe(
        'No license is installed: this site runs without limits.',
      );
      const events = page.getByTestId('dashboard-events');
      await events.getByText('Sign-in').first().waitFor();
      expect(await events.locator('.audit-event').count()).toBeLessThanOrEqual(5);
      await expect(events.getByRole('link', { name: 'Open the audit log' }).getAttribute('href')).resolves.toContain('/admin/general/log');
      await screenshot(page, 'dashboard-1440');
      await events.scrollIntoViewIfNeeded();
      await screenshot(page, 'dashboard-events-1440');
      await live.scrollIntoViewIfNeeded();
      await screenshot(page, 'dashboard-dicom-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      await screenshot(page, 'dashboard-390');
      await live.scrollIntoViewIfNeeded();
      await screenshot(page, 'dashboard-dicom-390');
      await events.scrollIntoViewIfNeeded();
      await screenshot(page, 'dashboard-events-390');
    } finally {
      await held.release();
    }
  });

  it('draws the DICOM connections on admin/statistics', async () => {
    open = await newPage(browser, { width: 1440, height: 1000 });
    const { page } = open;
    await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    await page.goto(`${stack.baseUrl}/viewer/#/admin/statistics`);
    await page.locator('[data-chart="stats-dicom-connections"] svg rect[aria-label]').first().waitFor({ state: 'attached' });
    // This month's associations, accepted (no refusal: anonymous users are allowed).
    expect((await bars(page, 'stats-dicom-connections')).map((label) => label?.split(':')[0])).toEqual([
      expect.stringMatching(/^Accepted /),
    ]);
    await page.locator('[data-chart="stats-dicom-connections"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'statistics-dicom-connections-1440');
  });
});
