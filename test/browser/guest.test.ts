/**
 * Guests end to end (spec 1 §4 "Guests", spec 3 §2 share links): two studies stored, one shared
 * with a guest through the API. An administrator changes the guest list toolbar in
 * admin/share/guest; the share link `/viewer/#/list?accesskey=KEY`, opened in a fresh browser,
 * signs the guest in, shows exactly the shared study with that toolbar and opens it in the
 * viewer. A bogus key, the real key once the share is deleted, and a guest still in the app when it
 * is deleted, land on /invalid.
 * Screenshots go to test-results/screenshots/guest-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_EVERY_TICKS, HEARTBEAT_TICK_MS } from '@pacs/common';
import type { Browser } from 'playwright-core';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { ReportPage } from './pages/report-page.ts';
import { Shell } from './pages/shell.ts';
import { signInThroughLogin } from './pages/sign-in.ts';
import { StudyListPage } from './pages/study-list-page.ts';
import { ToolbarEditorPage } from './pages/toolbar-editor-page.ts';
import { ViewerPage } from './pages/viewer-page.ts';

const SHARED = tinyStudyUids('guest-shared');
const OTHER = tinyStudyUids('guest-other');
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

let stack: Stack;
let browser: Browser;
let admin: Session;
const opened: OpenPage[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    { seed: 'guest-shared', patientName: 'Shared^Sally', patientId: 'GST-1', modality: 'CT' },
    { seed: 'guest-other', patientName: 'Hidden^Harry', patientId: 'GST-2', modality: 'CT' },
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  for (const open of opened.splice(0)) await open.context.close();
});

async function fresh(): Promise<OpenPage> {
  const open = await newPage(browser);
  opened.push(open);
  return open;
}

async function shareWithGuest(uid: string): Promise<{ No: number; AccessKey: string }> {
  const response = await admin.agent
    .post(`${API}/sharestudies/create`)
    .set(admin.csrf)
    .type('form')
    .send({ uid, ExpiresAt: tomorrow })
    .expect(200);
  return response.body;
}

const shareLink = (key: string, route = '/list') => `${stack.baseUrl}/viewer/#${route}?accesskey=${encodeURIComponent(key)}`;

describe('guests', () => {
  it('see exactly the shared study, with the guest toolbar the administrator set, and open it in the viewer', async () => {
    // The administrator takes Report off the guests' list toolbar.
    const { page: adminPage } = await fresh();
    await signInThroughLogin(adminPage, stack.baseUrl, stack.adminId, stack.adminPassword);
    const editor = new ToolbarEditorPage(adminPage, stack.baseUrl);
    await editor.open('/admin/share/guest');
    await expect(editor.tab('List toolbar').getAttribute('aria-selected')).resolves.toBe('true');
    expect(await editor.itemNames()).toEqual(['Viewer', 'Report', 'Export', 'Search', 'Refresh']);
    const confirm = await editor.deleteItem('Report');
    await expect(confirm.textContent()).resolves.toContain('You are about to delete the toolbar item Report.');
    await screenshot(adminPage, 'guest-toolbar-admin-delete');
    await editor.confirmDelete(confirm);
    expect(await editor.itemNames()).toEqual(['Viewer', 'Export', 'Search', 'Refresh']);
    await screenshot(adminPage, 'guest-toolbar-admin');
    const stored = (await admin.agent.get(`${API}/configs/get`).query({ key: 'share.guest.list.toolbar' }).expect(200)).body as {
      key: string;
    }[];
    expect(stored.map((item) => item.key)).toEqual(['viewer', 'export', 'search', 'refresh']);

    const share = await shareWithGuest(SHARED.study);
    const { page } = await fresh();
    const shell = new Shell(page);
    await page.goto(shareLink(share.AccessKey));
    await shell.waitForRoute(/^\/list$/);
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    await list.waitForRowCount(1);
    expect(await list.studyRows.first().getAttribute('data-uid')).toBe(SHARED.study);
    await expect(list.table.textContent()).resolves.not.toContain('Hidden');
    // The key leaves the address once used.
    expect(page.url()).not.toContain('accesskey');
    // The app-wide guest toolbar, as the administrator left it.
    const buttons = (await list.toolbar.getByRole('button').allTextContents()).map((text) => text.trim());
    expect(buttons).toContain('Viewer');
    expect(buttons).not.toContain('Report');
    expect(buttons).not.toContain('Import');
    // The menu offers what a guest can use.
    const menu = (await page.locator('nav.sidebar .nav-label').allTextContents()).map((text) => text.trim());
    expect(menu).toEqual(['Study List', 'Viewer', 'Report', 'About']);
    await screenshot(page, 'guest-list');

    await list.studyRows.first().locator('td').nth(3).click();
    await list.toolbarButton('Viewer').click();
    await shell.waitForRoute(/^\/viewer\?/);
    const viewer = new ViewerPage(page, stack.baseUrl);
    await expect(viewer.waitForOutcome(0)).resolves.toBe('image');
    await screenshot(page, 'guest-viewer');

    // The share ends: the same link now lands on /invalid.
    await admin.agent.delete(`${API}/sharestudies/delete`).query({ no: share.No }).set(admin.csrf).expect(200);
    // The guest still in the app is signed out by the server at the next request: the list's data
    // may still be fresh, so that can be the heartbeat, which asks every 10 seconds.
    await page.evaluate(() => (window.location.hash = '#/list'));
    await shell.waitForRoute(/^\/invalid$/, 2 * HEARTBEAT_TICK_MS * HEARTBEAT_EVERY_TICKS + 5000);
    const { page: later } = await fresh();
    await later.goto(shareLink(share.AccessKey));
    await new Shell(later).waitForRoute(/^\/invalid$/);
    await later.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await screenshot(later, 'guest-deleted-invalid');
  });

  it('opens viewer and report links for the shared study directly, and a second link switches keys', async () => {
    const share = await shareWithGuest(SHARED.study);
    const { page } = await fresh();
    await page.goto(`${shareLink(share.AccessKey, '/viewer')}&studyinstanceuid=${encodeURIComponent(SHARED.study)}`);
    await new Shell(page).waitForRoute(/^\/viewer\?studyinstanceuid=/);
    await expect(new ViewerPage(page, stack.baseUrl).waitForOutcome(0)).resolves.toBe('image');
    // Another study stays out of reach through the same session.
    const other = await page.evaluate(async (uid) => (await fetch(`/viewer/api/studies/find?uid=${uid}`)).status, OTHER.study);
    expect(other).toBe(404);

    // The report link: the guests' report toolbar (viewer and PDF), nothing to save.
    await page.goto(`${shareLink(share.AccessKey, '/report')}&studyinstanceuid=${encodeURIComponent(SHARED.study)}`);
    const report = new ReportPage(page);
    await report.waitUntilShown();
    await report.toolbarButton('Viewer').waitFor();
    expect(await report.toolbarButton('Save').count()).toBe(0);
    expect(await report.toolbarButton('Layout').count()).toBe(0);
    await screenshot(page, 'guest-report');

    // Another share link in the same browser signs in with its own key instead.
    const second = await shareWithGuest(OTHER.study);
    await page.goto(shareLink(second.AccessKey));
    const list = new StudyListPage(page);
    await list.waitUntilLoaded();
    await list.waitForRowCount(1);
    expect(await list.studyRows.first().getAttribute('data-uid')).toBe(OTHER.study);
  });

  it('land on /invalid with a bogus key', async () => {
    const { page } = await fresh();
    await page.goto(shareLink('not-a-real-key-000000000000000000'));
    await new Shell(page).waitForRoute(/^\/invalid$/);
    await page.getByText('The link has expired or the URL is incorrect.').waitFor();
    expect(page.url()).not.toContain('accesskey');
    await screenshot(page, 'guest-invalid');
  });
});
