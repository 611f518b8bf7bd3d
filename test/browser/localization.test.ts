/**
 * admin/general/localization, admin/general/option and admin/client/general end to end against a
 * real stack: changing the date format and time zone changes the study list; a logo uploaded
 * under client general shows in the header, with or without its text; a file that is not an image
 * is refused with the catalogue's message. Screenshots at 1280×800 and 390×844.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { signIn } from '../harness/api.ts';
import { storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

let stack: Stack;
let browser: Browser;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    { seed: 'bloc-1', patientName: 'Locale^Anna', patientId: 'LOC-1', studyDescription: 'CT chest', modality: 'CT', studyDate: '20240131' },
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

/** A wide orange logo with a dark band, easy to tell from the product's blue mark. */
function logoPng(): Buffer {
  const png = new PNG({ width: 160, height: 40 });
  for (let y = 0; y < 40; y++)
    for (let x = 0; x < 160; x++) png.data.set(y > 14 && y < 26 ? [40, 40, 40, 255] : [240, 130, 20, 255], (y * 160 + x) * 4);
  return PNG.sync.write(png);
}

async function signedIn(viewport?: { width: number; height: number }): Promise<Page> {
  open = await newPage(browser, viewport);
  await signInThroughLogin(open.page, stack.baseUrl, stack.adminId, stack.adminPassword);
  return open.page;
}

async function go(page: Page, route: string): Promise<void> {
  await page.goto(`${stack.baseUrl}/viewer/#${route}`);
}

async function studyDateCell(page: Page): Promise<string> {
  const list = new StudyListPage(page);
  await list.waitUntilLoaded();
  await list.waitForRowCount(1);
  return (await list.studyRow('CT chest').textContent()) ?? '';
}

describe('localization', () => {
  it('changing the date format and zone changes the study list', async () => {
    const page = await signedIn();
    expect(await studyDateCell(page)).toContain('2024-01-31 10:15');

    await go(page, '/admin/general/localization');
    await page.getByRole('heading', { name: 'Localization', level: 1 }).waitFor();
    await page.getByLabel('Character set', { exact: true }).waitFor();
    await screenshot(page, 'localization-desktop-top');
    await page.getByLabel('Country or region').selectOption('fr');
    await page.getByLabel('Time zone').selectOption('Europe/Paris');
    await page.getByLabel('Date format').selectOption('DD/MM/YYYY');
    await page.getByLabel('First day of the week').selectOption('sunday');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved').first().waitFor();
    await screenshot(page, 'localization-desktop');

    const configs = (await stack.sql<{ value: Record<string, unknown> }>("select value from configs where key = 'app'"))[0]!.value;
    expect(configs).toMatchObject({ country: 'fr', time_zone: 'Europe/Paris', date_format: 'DD/MM/YYYY', first_day_of_week: 'sunday' });

    await go(page, '/list');
    const row = await studyDateCell(page);
    expect(row).toContain('31/01/2024 10:15');
    expect(row).not.toContain('2024-01-31');
  });

  it('applies the default character set to the archive', async () => {
    const page = await signedIn();
    await go(page, '/admin/general/localization');
    await page.getByLabel('Character set', { exact: true }).selectOption('ISO_IR 100');
    await page.getByRole('button', { name: 'Apply to the archive' }).click();
    await page.getByRole('button', { name: 'Apply to the archive' }).and(page.locator(':disabled')).waitFor();
    const [row] = await stack.sql<{ value: { Name: string } }>("select value from configs where key = 'orthanc_encoding'");
    expect(row?.value.Name).toBe('ISO_IR 100');
    await page.getByLabel('Character set', { exact: true }).selectOption('ISO_IR 192');
    await page.getByRole('button', { name: 'Apply to the archive' }).click();
    await page.getByRole('button', { name: 'Apply to the archive' }).and(page.locator(':disabled')).waitFor();
  });
});

describe('client general and options', () => {
  it('shows an uploaded logo in the header, with or without text, and refuses a file that is not an image', async () => {
    const page = await signedIn();
    await go(page, '/admin/client/general');
    await page.getByRole('heading', { name: 'General', level: 1 }).waitFor();
    const row = page.locator('[data-image="logo_small_light"]');

    await row
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await row.getByText('This file is not a PNG or JPEG image.').waitFor();

    await row.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    const headerLogo = page.locator('.global-bar img.brand-logo');
    await headerLogo.waitFor();
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('.global-bar img.brand-logo')?.naturalWidth ?? 0) === 160);
    await expect(page.locator('.global-bar .brand-name').textContent()).resolves.toBeTruthy();

    await page.getByRole('textbox', { name: 'Text beside the logo' }).fill('Saint-Luc Radiology');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.global-bar .brand-name', { hasText: 'Saint-Luc Radiology' }).waitFor();
    await screenshot(page, 'client-general-desktop');

    await page.getByLabel('Show text beside the logo').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.global-bar .brand-name').waitFor({ state: 'detached' });
    await headerLogo.waitFor();
    // The logo in the header is the uploaded one: its orange shows in the bar's pixels.
    const shot = PNG.sync.read(await page.locator('.global-bar .brand').screenshot());
    let orange = 0;
    for (let at = 0; at < shot.data.length; at += 4)
      if (shot.data[at]! > 200 && shot.data[at + 1]! > 100 && shot.data[at + 2]! < 60) orange++;
    expect(orange).toBeGreaterThan(500);
  });

  it('lays the three screens out on a phone', async () => {
    const page = await signedIn({ width: 390, height: 844 });
    for (const [route, heading, name] of [
      ['/admin/general/localization', 'Localization', 'localization-phone'],
      ['/admin/general/option', 'Options', 'option-phone'],
      ['/admin/client/general', 'General', 'client-general-phone'],
    ] as const) {
      await go(page, route);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, route).toBeLessThanOrEqual(0);
      await screenshot(page, name);
    }
  });

  it('switches the anonymization option and the attributes', async () => {
    const page = await signedIn();
    await go(page, '/admin/general/option');
    await page.getByRole('heading', { name: 'Options', level: 1 }).waitFor();
    await page.getByLabel('Patient Sex').uncheck();
    await page.getByLabel('Offer “Import sample” in the study list toolbar').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved').first().waitFor();
    await screenshot(page, 'option-desktop');
    const configs = (
      await stack.sql<{ value: { anonymization: { key: string; is_enabled: boolean }[]; is_invisible_import_sample: boolean } }>(
        "select value from configs where key = 'app'",
      )
    )[0]!.value;
    expect(configs.is_invisible_import_sample).toBe(true);
    expect(configs.anonymization.find((item) => item.key === 'PatientSex')?.is_enabled).toBe(false);
    expect(configs.anonymization.filter((item) => item.is_enabled)).toHaveLength(8);
  });
});
