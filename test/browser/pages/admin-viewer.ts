/**
 * The frame the viewer suites share: an administrator signed in through the login screen in a
 * fresh context, the viewer's page object on that page (optionally opened on a study and showing
 * its image), and one teardown for the page, the browser, the stack and the suite's work folder.
 */
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { Stack } from '../../harness/stack.ts';
import { logBrowserTrafficIfAsked, newPage, type OpenPage } from './browser.ts';
import type { Shell } from './shell.ts';
import { signInThroughLogin } from './sign-in.ts';
import { ViewerPage } from './viewer-page.ts';

export interface AdminViewer {
  open: OpenPage;
  shell: Shell;
  viewer: ViewerPage;
}

export interface AdminViewerOptions {
  viewport?: { width: number; height: number };
  /** A phone or tablet: touch events and a mobile viewport. */
  touch?: boolean;
  /** Opens the viewer on this study and waits for its first image. */
  study?: string;
}

/** Signs the stack's administrator in on a new page, with DEBUG_VIEWER's logging when asked. */
export async function openViewerAsAdmin(browser: Browser, stack: Stack, options: AdminViewerOptions = {}): Promise<AdminViewer> {
  const open = await newPage(browser, options.viewport, options.touch);
  const shell = await signInThroughLogin(open.page, stack.baseUrl, stack.adminId, stack.adminPassword);
  const viewer = new ViewerPage(open.page, stack.baseUrl);
  logBrowserTrafficIfAsked(open.page);
  if (options.study !== undefined) {
    await viewer.open(options.study);
    await shell.dismissTimeZoneIfAsked();
    const outcome = await viewer.waitForOutcome();
    if (outcome !== 'image') throw new Error(`the viewer showed ${outcome} for study ${options.study}`);
  }
  return { open, shell, viewer };
}

/** A browser suite's afterAll: whatever of it was started, closed in reverse order. */
export async function closeBrowserSuite(parts: { open?: OpenPage; browser?: Browser; stack?: Stack; workDir?: string }): Promise<void> {
  await parts.open?.context.close();
  await parts.browser?.close();
  await parts.stack?.stop();
  if (parts.workDir) rmSync(parts.workDir, { recursive: true, force: true });
}
