import type { Locator, Page } from 'playwright-core';

export type AccessTab = 'Accounts' | 'Roles' | 'Institutions';

/** Admin settings → Account ("Access"): accounts, roles and institutions with their dialogs. */
export class AccessPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#/admin/account`);
    await this.heading.waitFor();
  }

  /** Loads the screen afresh (its lists are cached for a while otherwise). */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.heading.waitFor();
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Access' });
  }

  async showTab(tab: AccessTab): Promise<void> {
    await this.page.getByRole('tab', { name: tab }).click();
    await this.page.getByRole('heading', { level: 2, name: tab }).waitFor();
  }

  /** The table row whose header cell (Id or Name) starts with `key` (a role's title and kind follow its name). */
  row(key: string): Locator {
    const name = new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);
    return this.page
      .getByRole('tabpanel')
      .locator('tbody tr')
      .filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  async waitForRows(): Promise<void> {
    await this.page.getByRole('tabpanel').locator('tbody tr th[scope="row"]').first().waitFor();
  }

  /** The open dialog, by title. */
  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  async add(label: 'Add account' | 'Add role' | 'Add institution'): Promise<Locator> {
    await this.page.getByRole('button', { name: label }).click();
    const dialog = this.dialog(label);
    await dialog.waitFor();
    return dialog;
  }

  async edit(key: string, title: string | RegExp): Promise<Locator> {
    await this.row(key)
      .getByRole('button', { name: `Edit ${key}` })
      .click();
    const dialog = this.dialog(title);
    await dialog.waitFor();
    return dialog;
  }

  async delete(key: string, title: string): Promise<Locator> {
    await this.row(key)
      .getByRole('button', { name: `Delete ${key}` })
      .click();
    const dialog = this.dialog(title);
    await dialog.waitFor();
    return dialog;
  }

  /** Adds a value to a tag list of the targets editor. */
  async addTag(dialog: Locator, list: 'AE titles' | 'Institution names' | 'Modalities', value: string): Promise<void> {
    const input = dialog.getByLabel(list, { exact: true }).and(dialog.locator('input'));
    await input.fill(value);
    await input.press('Enter');
  }

  async save(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Save' }).click();
  }
}
