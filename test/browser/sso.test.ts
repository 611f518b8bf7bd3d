/**
 * Single sign-on in Debian's Chromium (issue 19): the login page offers the provider's button; a
 * directory user walks the real provider's forms (panva's oidc-provider) and lands in the study
 * list; a refused user lands back on the sign-in page told it failed; the admin integration screen
 * shows the redirect URI and puts the shared rules' messages under the fields.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { createReader } from '../harness/fixtures.ts';
import { oidcSettingsFor, startOidcProvider, type TestProvider } from '../harness/oidc-provider.ts';
import { launchBrowser, newPage, screenshot, type OpenPage } from './pages/browser.ts';
import { Shell } from './pages/shell.ts';
import { signInThroughLogin } from './pages/sign-in.ts';

let stack: Stack;
let browser: Browser;
let provider: TestProvider;
let admin: Session;
let open: OpenPage | undefined;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  provider = await startOidcProvider(
    {
      'u-carol': { preferred_username: 'carol', email: 'carol@hospital.example', name: 'Carol Reader' },
      'u-dave': { preferred_username: 'dave', email: 'dave@hospital.example', name: 'Dave Unknown' },
    },
    `${stack.baseUrl}${API}/login`,
  );
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await createReader(admin, { id: 'carol', password: 'carol-pass-1', role: { name: 'SSO list', permissions: { list: true } } });
  await admin.agent.put(`${API}/integration/oidc/update`).set(admin.csrf).send(oidcSettingsFor(provider)).expect(200);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await provider?.stop();
  await stack?.stop();
});

afterEach(async () => {
  await open?.context.close();
  open = undefined;
});

/** Through the provider's development login and consent forms, as the user would. */
async function walkProvider(page: Page, user: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(provider.issuer));
  await page.locator('input[name="login"]').fill(user);
  await page.locator('input[name="password"]').fill('directory-password');
  await page.locator('button[type="submit"]').click();
  // Consent, then back to the product.
  await page.locator('button[type="submit"]').click();
}

describe('single sign-on in the browser', () => {
  it('signs a directory user in from the login page, at desktop and phone sizes', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      open = await newPage(browser, viewport);
      const { page } = open;
      await page.goto(`${stack.baseUrl}/viewer/#/login`);
      const button = page.getByRole('link', { name: 'Sign in with Hospital directory' });
      await button.waitFor();
      await screenshot(page, `sso-login-${viewport.width}`);
      await button.click();
      await walkProvider(page, 'u-carol');
      await new Shell(page).waitForRoute(/^\/list/);
      const me = (await page.evaluate(() =>
        fetch('/viewer/api/accounts/signed', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.json()),
      )) as { Id: string };
      expect(me.Id).toBe('carol');
      await open.context.close();
      open = undefined;
    }
  });

  it('brings a refused user back to the sign-in page with the failure', async () => {
    open = await newPage(browser, { width: 1440, height: 900 });
    const { page } = open;
    await page.goto(`${stack.baseUrl}/viewer/#/login`);
    await page.getByRole('link', { name: 'Sign in with Hospital directory' }).click();
    await walkProvider(page, 'u-dave');
    await page.getByRole('alert').filter({ hasText: 'Failed to login' }).waitFor();
    expect(page.url()).toContain('#/login');
  });

  it('edits the settings on admin/general/integration with the shared rules', async () => {
    open = await newPage(browser, { width: 1440, height: 900 });
    const { page } = open;
    const shell = await signInThroughLogin(page, stack.baseUrl, stack.adminId, stack.adminPassword);
    await page.goto(`${stack.baseUrl}/viewer/#/admin/general/integration`);
    await shell.waitForRoute(/^\/admin\/general\/integration/);
    const issuer = page.getByLabel('Issuer URL');
    await expect(issuer.inputValue()).resolves.toBe(provider.issuer);
    await page.getByText(`${stack.baseUrl}/viewer/api/login`).waitFor();
    await page.getByText('A secret is stored. Leave empty to keep it.').waitFor();
    await screenshot(page, 'sso-integration-1440');
    await issuer.fill('http://idp.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The field is not a valid value').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'sso-integration-390');
  });
});
