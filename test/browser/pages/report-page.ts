import type { Locator, Page } from 'playwright-core';

/** The report screen (`#/report?studyinstanceuid=…`): its toolbar, study header, editor, key images and history. */
export class ReportPage {
  constructor(private readonly page: Page) {}

  get toolbar(): Locator {
    return this.page.locator('.report-toolbar');
  }

  toolbarButton(name: string): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }

  get pdfLink(): Locator {
    return this.toolbar.getByRole('link', { name: 'PDF', exact: true });
  }

  get header(): Locator {
    return this.page.locator('.report-study');
  }

  get headerStatus(): Locator {
    return this.header.locator('.status-badge');
  }

  get editor(): Locator {
    return this.page.locator('.report-editor');
  }

  section(label: string): Locator {
    return this.editor.getByLabel(label, { exact: true });
  }

  get title(): Locator {
    return this.editor.getByLabel('Title', { exact: true });
  }

  get status(): Locator {
    return this.editor.getByLabel('Status', { exact: true });
  }

  get notice(): Locator {
    return this.editor.locator('.report-notice');
  }

  get historyItems(): Locator {
    return this.page.locator('.report-history .history-item');
  }

  async waitUntilShown(): Promise<void> {
    await this.editor.waitFor();
    await this.header.locator('.report-patient').filter({ hasText: /\S/ }).waitFor();
  }

  /** Saves and waits for the history to hold `documents` entries. */
  async save(documents: number): Promise<void> {
    await this.toolbarButton('Save').click();
    await this.notice.filter({ hasText: 'The report was saved.' }).waitFor();
    await this.page.waitForFunction((count) => document.querySelectorAll('.report-history .history-item').length === count, documents);
  }

  async deleteShown(): Promise<void> {
    await this.toolbarButton('Delete').click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete document' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await this.notice.filter({ hasText: 'The document was deleted.' }).waitFor();
  }

  /** Opens the insert dialog and picks a template by name. */
  async insertTemplate(name: string): Promise<void> {
    await this.toolbarButton('Insert template').click();
    const dialog = this.page.getByRole('dialog', { name: 'Insert template' });
    await dialog.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
