import type { Locator, Page } from 'playwright-core';

/** Admin settings → Server → Recycle bin: the bin's studies with their series and images, its actions, retention and history. */
export class TrashPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#/admin/server/recycle-bin`);
    await this.page.getByRole('heading', { level: 1, name: 'Recycle Bin' }).waitFor();
    await this.page.locator('.trash-table-wrap, .trash-empty:not(:has-text("Loading"))').first().waitFor();
  }

  /** The bin's study rows (not the nested series and image tables). */
  get studyRows(): Locator {
    return this.page.locator('table.trash-level-study > tbody > tr.trash-study-row');
  }

  studyRow(text: string | RegExp): Locator {
    return this.studyRows.filter({ hasText: text });
  }

  get seriesRows(): Locator {
    return this.page.locator('table.trash-level-series > tbody > tr.trash-series-row');
  }

  get instanceRows(): Locator {
    return this.page.locator('table.trash-level-instance > tbody > tr.trash-row');
  }

  get total(): Locator {
    return this.page.locator('.trash-total');
  }

  get empty(): Locator {
    return this.page.locator('.trash-empty', { hasText: 'No items found' });
  }

  /** "The recycle bin has changed since this page was loaded", with Refresh. */
  get notice(): Locator {
    return this.page.locator('.trash-notice');
  }

  get outcome(): Locator {
    return this.page.locator('.trash-bin .alert').first();
  }

  button(name: string): Locator {
    return this.page.getByRole('toolbar', { name: 'Recycle bin actions' }).getByRole('button', { name, exact: true });
  }

  checkbox(row: Locator): Locator {
    return row.locator('td.cell-check input[type="checkbox"]');
  }

  async expand(row: Locator): Promise<void> {
    await row.getByRole('button', { name: /^Show (series|images)$/ }).click();
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  get history(): Locator {
    return this.page.getByRole('region', { name: 'Permanent deletes' });
  }
}
