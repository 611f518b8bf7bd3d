import type { Locator, Page } from 'playwright-core';

/** The /mwm screen: its table, toolbar and dialogs. */
export class WorklistPage {
  constructor(
    readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#/mwm`);
    await this.table.waitFor();
    await this.page.waitForFunction(() => document.querySelector('.worklist .list-count')?.textContent !== '');
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Modality worklist' });
  }

  get rows(): Locator {
    return this.table.locator('tbody tr.list-row');
  }

  get count(): Locator {
    return this.page.locator('.worklist .list-count');
  }

  tool(name: string): Locator {
    return this.page.locator('.study-toolbar').getByRole('button', { name, exact: true });
  }

  get entryDialog(): Locator {
    return this.page.getByRole('dialog', { name: /worklist entry/ });
  }

  field(label: string | RegExp): Locator {
    return this.entryDialog.getByLabel(label, { exact: typeof label === 'string' });
  }

  async save(): Promise<void> {
    await this.entryDialog.getByRole('button', { name: 'Save' }).click();
  }
}
