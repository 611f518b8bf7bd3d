import type { Locator, Page } from 'playwright-core';

export type NodeTable = 'DICOM users' | 'Send destinations';

/** Admin settings → Server → Connection (the DICOM service) and Client → Connection (DICOM users, send destinations). */
export class NetworkPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async openServer(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#/admin/server/connection`);
    await this.page.getByRole('heading', { level: 1, name: 'DICOM connection' }).waitFor();
  }

  async openClient(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#/admin/client/connection`);
    await this.page.getByRole('heading', { level: 1, name: 'DICOM nodes' }).waitFor();
  }

  /** The DICOM service (provider) card of the server screen. */
  get providerCard(): Locator {
    return this.page.locator('section.network-provider').first();
  }

  section(table: NodeTable): Locator {
    return this.page.getByRole('region', { name: table, exact: true });
  }

  /** The row of `table` holding `text` in one of its cells. */
  row(table: NodeTable, text: string): Locator {
    return this.section(table)
      .locator('tbody tr')
      .filter({
        has: this.page.getByRole('cell', { name: text, exact: true }).or(this.page.getByRole('rowheader', { name: text, exact: true })),
      });
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  async add(label: 'Add DICOM user' | 'Add send destination'): Promise<Locator> {
    await this.page.getByRole('button', { name: label }).click();
    const dialog = this.dialog(label);
    await dialog.waitFor();
    return dialog;
  }

  /** Presses one of a row's buttons (Echo, Ping, Edit, Delete, named after `name`) and returns the dialog it opens. */
  async rowAction(
    table: NodeTable,
    key: string,
    action: 'Echo' | 'Ping' | 'Edit' | 'Delete',
    name: string,
    title: string | RegExp,
  ): Promise<Locator> {
    await this.row(table, key)
      .getByRole('button', { name: `${action} ${name}`, exact: true })
      .click();
    const dialog = this.dialog(title);
    await dialog.waitFor();
    return dialog;
  }

  async fill(dialog: Locator, fields: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  }

  async save(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Save' }).click();
  }

  async close(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  }
}
