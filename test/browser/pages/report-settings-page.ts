import type { Locator, Page } from 'playwright-core';

/** admin/client/report: the institutions' report logos and the report layout. */
export class ReportSettingsPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#/admin/client/report`);
    await this.logoCard('Report header logo').waitFor();
  }

  logoCard(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  preview(card: Locator): Locator {
    return card.locator('.logo-preview img');
  }

  async upload(card: Locator, file: string): Promise<void> {
    await card.locator('input[type="file"]').setInputFiles(file);
  }

  async delete(card: Locator): Promise<void> {
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete logo' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
