import type { Locator, Page } from 'playwright-core';

/** Admin settings → Server → Auto-delete. */
export class AutoDeletePage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#/admin/server/auto-delete`);
    await this.page.getByRole('heading', { level: 1, name: 'Auto-delete' }).waitFor();
    await this.rule('Lifetime').waitFor();
  }

  /** A rule's box by its label: Lifetime, Number of studies, Capacity. */
  rule(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Settings' });
  }

  async save(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save' }).click();
    await this.form.getByText('Saved').waitFor();
  }

  /** Run now, confirmed in its dialog; waits until the dialog closes. */
  async runNow(): Promise<void> {
    await this.page.getByRole('button', { name: 'Run now' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Run auto-delete now?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Run now' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  get history(): Locator {
    return this.page.locator('section[aria-labelledby="autodelete-history-title"]');
  }
}
