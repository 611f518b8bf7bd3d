import type { Locator, Page } from 'playwright-core';

/** The app frame: global bar, profile dropdown, dialogs, mobile menu, banners. */
export class Shell {
  constructor(readonly page: Page) {}

  /** The route inside the hash, e.g. `/list` or `/login?redirect=%2Flist`. */
  route(): string {
    return new URL(this.page.url()).hash.replace(/^#/, '');
  }

  /** `timeoutMs` defaults to the page's own timeout. */
  async waitForRoute(pattern: RegExp, timeoutMs?: number): Promise<void> {
    await this.page.waitForFunction((source) => new RegExp(source).test(window.location.hash.replace(/^#/, '')), pattern.source, {
      timeout: timeoutMs,
    });
  }

  get profileButton(): Locator {
    return this.page.locator('.profile-button');
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** An admin on a fresh install is asked for the time zone; tests that do not care say Later. */
  async dismissTimeZoneIfAsked(): Promise<void> {
    const dialog = this.dialog('Country and time zone');
    try {
      await dialog.waitFor({ timeout: 1_500 });
    } catch {
      return;
    }
    await dialog.getByRole('button', { name: 'Later' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async openProfileMenu(): Promise<Locator> {
    await this.profileButton.click();
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    return menu;
  }

  async signOut(): Promise<void> {
    const menu = await this.openProfileMenu();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await this.dialog('Logout').getByRole('button', { name: 'Logout' }).click();
  }

  get offlineBanner(): Locator {
    return this.page.locator('.offline-banner');
  }

  async openMobileMenu(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = this.page.getByRole('navigation', { name: 'Menu' });
    await menu.waitFor();
    return menu;
  }
}
