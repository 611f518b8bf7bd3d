import type { Page } from 'playwright-core';
import { LoginPage } from './login-page.ts';
import { Shell } from './shell.ts';

/**
 * Signs in through the login screen as a user would, waits for the study list and says Later to
 * the administrator's first-run time zone question; the app frame of the signed-in page.
 */
export async function signInThroughLogin(page: Page, baseUrl: string, id: string, password: string): Promise<Shell> {
  const login = new LoginPage(page, baseUrl);
  const shell = new Shell(page);
  await login.open('/login');
  await login.signIn(id, password);
  await shell.waitForRoute(/^\/list/);
  await shell.dismissTimeZoneIfAsked();
  return shell;
}
