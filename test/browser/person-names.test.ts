/**
 * The site's Japanese name form end to end: a study whose patient name has alphabetic, kanji and
 * kana groups in ISO 2022 IR 87 (written by pydicom) is listed with the kana by default, with the
 * kanji once an administrator chooses it under Admin settings › General › Localization, on a
 * desktop table and on a phone's cards. Screenshots at 1280×800 and 390×844.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles } from '../harness/dicom.ts';
import { waitForIndexedStudies } from '../harness/fixtures.ts';
import { JAPANESE_NAME, japaneseNameStudy } from '../harness/japanese-name.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';

let stack: Stack;
let browser: Browser;
let admin: Session;
let open: OpenPage | undefined;
const dir = mkdtempSync(join(tmpdir(), 'pacs-names-'));

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  const { file, study } = japaneseNameStudy(dir, 'bnames-1', 'JP-NAMES');
  expect((await storeFiles([file], { port: stack.config.dicomPort })).failed).toEqual([]);
  await waitForIndexedStudies(stack, [study]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

async function signedIn(viewport?: { width: number; height: number }): Promise<Page> {
  open = await newPage(browser, viewport);
  await signInThroughLogin(open.page, stack.baseUrl, stack.adminId, stack.adminPassword);
  return open.page;
}

async function shownName(page: Page): Promise<string> {
  await page.goto(`${stack.baseUrl}/viewer/#/list`);
  const list = new StudyListPage(page);
  await list.waitUntilLoaded();
  await list.waitForRowCount(1);
  return (await list.studyRows.locator('.person-name').first().textContent()) ?? '';
}

describe('the Japanese name form', () => {
  it('lists the kana by default and the kanji once chosen on the localization screen', async () => {
    const [row] = await stack.sql<{ patient_name: string }>("select patient_name from studies where patient_id = 'JP-NAMES'");
    // The index decoded the ISO 2022 IR 87 escapes of all three groups.
    expect(row?.patient_name).toBe(JAPANESE_NAME);

    const page = await signedIn();
    expect(await shownName(page)).toBe('やまだ たろう');

    await page.goto(`${stack.baseUrl}/viewer/#/admin/general/localization`);
    await page.getByRole('heading', { name: 'Localization', level: 1 }).waitFor();
    // A new site answers the time zone first (the form requires it).
    await page.getByLabel('Country or region').selectOption('jp');
    await page.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await page.getByLabel('Japanese names shown as').selectOption('kanji');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved').first().waitFor();
    await screenshot(page, 'person-names-localization');
    const [configs] = await stack.sql<{ value: { patient_name: { ja: string } } }>("select value from configs where key = 'app'");
    expect(configs?.value.patient_name.ja).toBe('kanji');

    const shown = await shownName(page);
    expect(shown).toBe('山田 太郎');
    // The other groups are in the cell's tooltip.
    await expect(page.locator('td.cell-name').first().getAttribute('title')).resolves.toBe('Yamada Tarou = 山田 太郎 = やまだ たろう');
    await screenshot(page, 'person-names-kanji-desktop');
  });

  it('shows the chosen form on a phone', async () => {
    await admin.agent
      .put(`${API}/configs/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ key: 'patient_name', value: JSON.stringify({ ja: 'kanji', is_replace_space_with_caret: true }) })
      .expect(200);
    const page = await signedIn({ width: 390, height: 844 });
    expect(await shownName(page)).toBe('山田 太郎');
    await screenshot(page, 'person-names-kanji-phone');
    await admin.agent
      .put(`${API}/configs/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ key: 'patient_name', value: JSON.stringify({ ja: 'alphabet', is_replace_space_with_caret: true }) })
      .expect(200);
    await page.reload();
    expect(await shownName(page)).toBe('Yamada Tarou');
  });
});
