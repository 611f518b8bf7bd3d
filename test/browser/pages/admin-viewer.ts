/**
 * The frame the viewer suites share: one start (a stack and a browser, the suite's DICOM files in
 * a work folder, stored and waited for in the study index, and optionally the administrator's
 * viewer page), an administrator signed in through the login screen in a fresh context, the
 * viewer's page object on that page (optionally opened on a study and showing its image), and one
 * teardown for the page, the browser, the stack and the suite's work folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { storeFiles } from '../../harness/dicom.ts';
import { waitForIndexedStudies } from '../../harness/fixtures.ts';
import { startStack, type Stack } from '../../harness/stack.ts';
import { launchBrowser, logBrowserTrafficIfAsked, newPage, type OpenPage } from './browser.ts';
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

/** What a viewer suite starts from. */
export interface ViewerSuite {
  stack: Stack;
  browser: Browser;
  /** The suite's own folder (its files), removed by closeBrowserSuite. */
  workDir: string;
}

/** A study to wait for in the study index: its StudyInstanceUID, with how many series when more than one. */
export type IndexedStudy = string | { uid: string; series: number };

export interface SuiteFiles {
  /** Stored into the stack's Orthanc by its DICOM port; every one must be accepted. */
  files: string[];
  /** Waited for in the study index before the tests start (none: the suite waits its own way). */
  studies: readonly IndexedStudy[];
}

export interface ViewerSuiteOptions {
  /** Names the work folder (pacs-<name>-…). */
  name: string;
  /** Writes the suite's files (into `suite.workDir`; the stack is already running) and names their studies. */
  files: (suite: ViewerSuite) => SuiteFiles | Promise<SuiteFiles>;
  /** Also signs the administrator in on a page the suite keeps (openViewerAsAdmin). */
  admin?: boolean;
}

/**
 * A viewer suite's beforeAll: a stack and a browser (started together), its files written, stored
 * and indexed, and with `admin` the administrator's viewer page. What started is closed again when
 * a step fails, so a failed start leaves no processes behind; closeBrowserSuite ends the rest.
 */
export async function startViewerSuite(options: ViewerSuiteOptions & { admin: true }): Promise<ViewerSuite & AdminViewer>;
export async function startViewerSuite(options: ViewerSuiteOptions): Promise<ViewerSuite>;
export async function startViewerSuite(options: ViewerSuiteOptions): Promise<ViewerSuite & Partial<AdminViewer>> {
  const [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const suite: ViewerSuite = { stack, browser, workDir: mkdtempSync(join(tmpdir(), `pacs-${options.name}-`)) };
  let admin: AdminViewer | undefined;
  try {
    const { files, studies } = await options.files(suite);
    expect((await storeFiles(files, { port: stack.config.dicomPort })).failed).toEqual([]);
    const bySeries = new Map<number, string[]>();
    for (const study of studies) {
      const [uid, series] = typeof study === 'string' ? [study, 1] : [study.uid, study.series];
      bySeries.set(series, [...(bySeries.get(series) ?? []), uid]);
    }
    for (const [series, uids] of bySeries) await waitForIndexedStudies(stack, uids, series);
    if (options.admin) admin = await openViewerAsAdmin(browser, stack);
  } catch (error) {
    await closeBrowserSuite({ ...suite, open: admin?.open });
    throw error;
  }
  return { ...suite, ...admin };
}
