/**
 * Debian's Chromium driven by playwright-core. One browser per test file; every test gets a fresh
 * context (no cookies, no local storage) from newPage().
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
}

/** A page in a fresh context; `touch`: a phone or tablet (touch events, a mobile viewport). */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }, touch = false): Promise<OpenPage> {
  const context = await browser.newContext({ viewport, locale: 'en-US', ...(touch ? { hasTouch: true, isMobile: true } : {}) });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** With DEBUG_VIEWER=1, the page's console and its failed HTTP answers go to the test's output. */
export function logBrowserTrafficIfAsked(page: Page): void {
  if (!process.env.DEBUG_VIEWER) return;
  page.on('console', (message) => console.log(`[browser ${message.type()}]`, message.text()));
  page.on('response', (response) => response.status() >= 400 && console.log('[http]', response.status(), response.url()));
}
