import type { Locator, Page } from 'playwright-core';

/**
 * A settings page built from list editors (ListSettingsPage in the client): its tables' rows by
 * key, their Visible boxes and move buttons, labelled fields, Save and the notices. `scope` is
 * the page's class (`.worklist-settings-page`, `.list-settings-page`).
 */
export class SettingsTablePage {
  constructor(
    readonly page: Page,
    protected readonly baseUrl: string,
    protected readonly scope: string,
  ) {}

  async open(route: string, heading: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#${route}`);
    await this.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  }

  /** A row of a columns or search-fields table, by its key; `kind` picks the table. */
  row(key: string, kind?: string): Locator {
    const table = kind ? `fieldset[data-kind="${kind}"] ` : '';
    return this.page.locator(`${this.scope} ${table}tr[data-key="${key}"]`);
  }

  visible(key: string, kind?: string): Locator {
    return this.row(key, kind).getByRole('checkbox', { name: 'Visible' });
  }

  moveUp(key: string, kind?: string): Locator {
    return this.row(key, kind).getByRole('button', { name: 'Move up' });
  }

  /** Keys of a table, top to bottom. */
  async keys(kind: string): Promise<string[]> {
    return this.page
      .locator(`${this.scope} fieldset[data-kind="${kind}"] tbody tr`)
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key') ?? ''));
  }

  field(label: string): Locator {
    return this.page.locator(this.scope).getByLabel(label, { exact: true });
  }

  async save(): Promise<void> {
    await this.page.locator(this.scope).getByRole('button', { name: 'Save', exact: true }).click();
  }

  get saved(): Locator {
    return this.page.locator(this.scope).getByText('Saved.');
  }

  get problem(): Locator {
    return this.page.locator(`${this.scope} .alert-danger`);
  }
}
