import type { Locator, Page } from 'playwright-core';

/** The share pages (`#/share/study`, `#/share/patient`), the share dialogs and the list's Share menu. */
export class SharePage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, kind: 'study' | 'patient'): Promise<void> {
    await this.page.goto(`${baseUrl}/viewer/#/share/${kind}`);
    await this.table.waitFor();
    await this.page.locator('table.share-table[aria-busy="false"]').waitFor();
  }

  get table(): Locator {
    return this.page.locator('table.share-table');
  }

  get rows(): Locator {
    return this.table.locator('tbody > tr.share-row');
  }

  row(text: string | RegExp): Locator {
    return this.rows.filter({ hasText: text });
  }

  cell(row: Locator, key: string): Locator {
    return row.locator(`td[data-key="${key}"]`);
  }

  command(row: Locator, name: 'Info' | 'Edit' | 'Delete'): Locator {
    return row.getByRole('button', { name, exact: true });
  }

  headers(): Promise<string[]> {
    return this.table.locator('thead th').allTextContents();
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** A button of a dialog's footer (the header has its own Close). */
  footerButton(dialog: Locator, name: string): Locator {
    return dialog.locator('.dialog-footer').getByRole('button', { name, exact: true });
  }

  /** A field of the share information dialog. */
  infoField(key: string): Locator {
    return this.dialog('Share information').locator(`td[data-field="${key}"]`);
  }

  /** The study list's Share button and one entry of its menu. */
  async shareMenu(toolbar: Locator, entry: string): Promise<void> {
    await toolbar.getByRole('button', { name: 'Share', exact: true }).click();
    await this.page.getByRole('menuitem', { name: entry }).click();
  }

  /** The YYYY-MM-DD day `days` from today in the browser's own time zone. */
  browserDay(days: number): Promise<string> {
    return this.page.evaluate((offset) => {
      const date = new Date();
      date.setDate(date.getDate() + offset);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    }, days);
  }
}
