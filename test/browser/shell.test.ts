/**
 * The shell end to end: sign-in (form, query string, deep link), the profile menu and sign-out,
 * login lock, the offline banner, languages (Japanese, Hebrew right-to-left), the admin security
 * screen and the mobile menu, in Debian's Chromium against a real stack.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStack, type Stack } from '../harness/stack.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { LoginPage } from './pages/login-page.ts';
import { SecurityPage } from './pages/security-page.ts';
import { Shell } from './pages/shell.ts';

let stack: Stack;
let browser: Browser;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

async function start(viewport?: { width: number; height: number }) {
  open = await newPage(browser, viewport);
  const { page } = open;
  return { page, login: new LoginPage(page, stack.baseUrl), shell: new Shell(page) };
}

async function signInAsAdmin(login: LoginPage, shell: Shell): Promise<void> {
  await login.open('/login');
  await login.signIn(stack.adminId, stack.adminPassword);
  await shell.waitForRoute(/^\/list/);
  await shell.dismissTimeZoneIfAsked();
}

describe('sign-in', () => {
  it('asks a new admin for the country and time zone and saves them', async () => {
    const { page, login, shell } = await start();
    await login.open('/login');
    await screenshot(page, 'login');
    await login.signIn(stack.adminId, stack.adminPassword);
    await shell.waitForRoute(/^\/list$/);
    const dialog = shell.dialog('Country and time zone');
    await dialog.waitFor();
    await dialog.getByLabel('Country').selectOption('jp');
    await dialog.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const configs = (await page.evaluate(() =>
      fetch('/viewer/api/configs/get', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.json()),
    )) as { country: string; time_zone: string };
    expect(configs).toMatchObject({ country: 'jp', time_zone: 'Asia/Tokyo' });
  });

  it('signs in with the form, shows the name in the profile menu, and signs out to login', async () => {
    const { page, login, shell } = await start();
    await signInAsAdmin(login, shell);
    await page.getByRole('heading', { name: 'Study List' }).waitFor();
    await expect(shell.profileButton.textContent()).resolves.toMatch(/\S/);
    const name = (await shell.profileButton.locator('.profile-name').textContent()) ?? '';
    expect(name).not.toBe('guest');
    const menu = await shell.openProfileMenu();
    await expect(menu.textContent()).resolves.toContain(name);
    await page.keyboard.press('Escape');
    await screenshot(page, 'list-placeholder');
    await shell.signOut();
    await shell.waitForRoute(/^\/login/);
    await login.waitUntilShown();
    // The session is gone on the server too: a protected route sends us back to login.
    await login.open('/list');
    await shell.waitForRoute(/^\/login\?redirect=%2Flist$/);
  });

  it("shows 'Failed to login' for a wrong password", async () => {
    const { login, shell } = await start();
    await login.open('/login');
    await login.signIn(stack.adminId, 'not-the-password');
    await expect(login.alert().textContent()).resolves.toBe('Failed to login');
    expect(shell.route()).toMatch(/^\/login/);
  });

  it('signs in from the query string and strips the credentials from the address', async () => {
    const { page, login, shell } = await start();
    const query = new URLSearchParams({ Id: stack.adminId, Password: stack.adminPassword });
    await login.open(`/list?${query.toString()}`);
    await shell.waitForRoute(/^\/list$/);
    await shell.dismissTimeZoneIfAsked();
    expect(page.url()).not.toContain('Password');
    expect(page.url()).not.toContain(stack.adminPassword);
    await page.getByRole('heading', { name: 'Study List' }).waitFor();
  });

  it('sends a signed-out deep link to login and back after sign-in', async () => {
    const { page, login, shell } = await start();
    await login.open('/admin/general/security');
    await shell.waitForRoute(/^\/login\?redirect=%2Fadmin%2Fgeneral%2Fsecurity$/);
    await login.signIn(stack.adminId, stack.adminPassword);
    await shell.waitForRoute(/^\/admin\/general\/security$/);
    await shell.dismissTimeZoneIfAsked();
    const security = new SecurityPage(page);
    await security.heading.waitFor();
    await expect(security.thresholdInput.inputValue()).resolves.toMatch(/^\d+$/);
    await expect(security.lockTimeInput.inputValue()).resolves.toMatch(/^\d+$/);
    await page.getByText('minutes', { exact: true }).waitFor();
    await expect(page.title()).resolves.toMatch(/^Admin Settings - General - Security \| /);
    await screenshot(page, 'admin-security');
  });
});

describe('shell', () => {
  it('shows the offline banner after 5 failed heartbeats', async () => {
    const { page, login, shell } = await start();
    // Cut the heartbeat before signing in: the list has no marker yet, so it asks every second.
    await page.route('**/viewer/api/server/heartbeat**', (route) => route.abort());
    await signInAsAdmin(login, shell);
    await shell.offlineBanner.waitFor({ timeout: 30_000 });
    await screenshot(page, 'offline');
    await expect(shell.offlineBanner.textContent()).resolves.toContain('Lost connection to the server.');
    await page.unroute('**/viewer/api/server/heartbeat**');
    await shell.offlineBanner.waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('switches the interface to Japanese', async () => {
    const { page, login } = await start();
    await login.open('/login');
    await login.waitUntilShown();
    await login.chooseLanguage('ja');
    await page.getByRole('button', { name: 'ログイン' }).waitFor();
    await page.getByLabel('パスワード').waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ja');
  });

  it('mirrors the layout for Hebrew', async () => {
    const { page, login, shell } = await start();
    await signInAsAdmin(login, shell);
    await page.goto(`${stack.baseUrl}/viewer/#/user/profile`);
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    const savedHebrew = page.waitForResponse((response) => response.url().includes('/settings/replace'));
    await page.getByLabel('Language').selectOption('he');
    expect((await savedHebrew).status()).toBe(200);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('he');
    await page.getByRole('heading', { level: 1, name: 'פרופיל' }).waitFor();
    await screenshot(page, 'rtl');
    // Back to English so the saved setting does not leak into later tests.
    const saved = page.waitForResponse((response) => response.url().includes('/settings/replace'));
    await page.getByLabel('שפה').selectOption('en');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    expect((await saved).status()).toBe(200);
  });

  it('opens the mobile menu on a phone', async () => {
    const { page, login, shell } = await start({ width: 390, height: 844 });
    await signInAsAdmin(login, shell);
    await expect(page.locator('.sidebar').count()).resolves.toBe(1);
    expect(await page.locator('.sidebar').isVisible()).toBe(false);
    const menu = await shell.openMobileMenu();
    await menu.getByRole('link', { name: 'Admin Settings' }).waitFor();
    await menu.getByRole('button', { name: 'Logout' }).waitFor();
    await screenshot(page, 'mobile-menu');
  });

  it('hides routes a user may not open', async () => {
    const { page, login, shell } = await start();
    await signInAsAdmin(login, shell);
    // Subscriptions exist only in cloud editions: the guard sends the admin back.
    await page.goto(`${stack.baseUrl}/viewer/#/subscription`);
    await shell.waitForRoute(/^\/list$/);
    expect(await page.getByRole('link', { name: 'Subscription' }).count()).toBe(0);
  });
});

describe('login lock', () => {
  // Last: it locks the admin account for the rest of this stack's life.
  it('opens the login-blocked dialog when the account is locked', async () => {
    const { page, login, shell } = await start();
    await login.open('/login');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = page.waitForResponse(
        (response) => response.url().endsWith('/viewer/api/login') && response.request().method() === 'POST',
      );
      await login.signIn(stack.adminId, `wrong-${attempt}`);
      if ((await answer).status() === 403) break;
    }
    await shell.dialog('Login blocked').waitFor();
    expect(shell.route()).toMatch(/^\/login/);
    await screenshot(page, 'login-blocked');
    await shell.dialog('Login blocked').getByRole('button', { name: 'OK' }).click();
    // The right password does not help while the lock lasts.
    await login.signIn(stack.adminId, stack.adminPassword);
    await shell.dialog('Login blocked').waitFor();
  });
});
