import type { Locator, Page } from 'playwright-core';

/** The worklist's settings pages: user/mwm/general, user/mwm/search and admin/client/mwm. */
export class WorklistSettingsPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(route: '/user/mwm/general' | '/user/mwm/search' | '/admin/client/mwm', heading: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#${route}`);
    await this.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  }

  /** A row of the columns or search-fields table, by its key. */
  row(key: string): Locator {
    return this.page.locator(`.worklist-settings-page tr[data-key="${key}"]`);
  }

  visible(key: string): Locator {
    return this.row(key).getByRole('checkbox', { name: 'Visible' });
  }

  moveUp(key: string): Locator {
    return this.row(key).getByRole('button', { name: 'Move up' });
  }

  /** Keys of the columns table, top to bottom. */
  async columnKeys(): Promise<string[]> {
    return this.page
      .locator('.worklist-settings-page fieldset[data-kind="mwm"] tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key') ?? ''));
  }

  field(label: string): Locator {
    return this.page.locator('.worklist-settings-page').getByLabel(label, { exact: true });
  }

  get useSite(): Locator {
    return this.page.getByRole('checkbox', { name: "Use the site's worklist layout" });
  }

  async save(): Promise<void> {
    await this.page.locator('.worklist-settings-page').getByRole('button', { name: 'Save', exact: true }).click();
  }

  get saved(): Locator {
    return this.page.locator('.worklist-settings-page').getByText('Saved.');
  }

  get problem(): Locator {
    return this.page.locator('.worklist-settings-page .alert-danger');
  }
}
