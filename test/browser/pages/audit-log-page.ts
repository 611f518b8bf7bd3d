import type { Locator, Page } from 'playwright-core';

/** Admin settings → General → Log (the audit log). */
export class AuditLogPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#/admin/general/log`);
    await this.page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  }

  get filters(): Locator {
    return this.page.getByRole('form', { name: 'Search the audit log' });
  }

  get records(): Locator {
    return this.page.locator('.audit-events > li');
  }

  record(text: string): Locator {
    return this.records.filter({ hasText: text }).first();
  }

  async search(
    fields: Partial<Record<'From' | 'To' | 'Account' | 'Patient or study' | 'IP address', string>>,
    action?: string,
  ): Promise<void> {
    for (const [label, value] of Object.entries(fields)) await this.filters.getByLabel(label, { exact: true }).fill(value);
    if (action) await this.filters.getByLabel('Action').selectOption({ label: action });
    await this.filters.getByRole('button', { name: 'Search' }).click();
  }
}
