import type { Locator, Page } from 'playwright-core';
import { SettingsTablePage } from './settings-table-page.ts';

/** The worklist's settings pages: user/mwm/general, user/mwm/search and admin/client/mwm. */
export class WorklistSettingsPage extends SettingsTablePage {
  constructor(page: Page, baseUrl: string) {
    super(page, baseUrl, '.worklist-settings-page');
  }

  /** Keys of the columns table, top to bottom. */
  async columnKeys(): Promise<string[]> {
    return this.keys('mwm');
  }

  get useSite(): Locator {
    return this.page.getByRole('checkbox', { name: "Use the site's worklist layout" });
  }
}
