import type { Locator, Page } from 'playwright-core';

/** A toolbar settings page (user/{list,viewer,report}/toolbar, admin/share/guest). */
export class ToolbarEditorPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(route: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#${route}`);
    // From one toolbar screen to another only the hash changes: wait for this page's table, not
    // the previous one that is still on screen.
    const page = /^\/user\/(\w+)\/toolbar/.exec(route)?.[1];
    await (page ? this.page.locator(`.toolbar-table[data-page="${page}"]`) : this.table).waitFor();
  }

  get table(): Locator {
    return this.page.locator('.toolbar-table');
  }

  /** The names in the first column, top to bottom (folders' children included when expanded). */
  async itemNames(): Promise<string[]> {
    return (await this.table.locator('tbody .toolbar-cell-name > span:not(.badge):not(.toolbar-cell-spacer)').allTextContents()).map(
      (text) => text.trim(),
    );
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  get status(): Locator {
    return this.page.locator('.toolbar-editor-status');
  }

  /** Deletes an item through its row's Delete button and the confirmation, and waits for the save. */
  async deleteItem(name: string): Promise<Locator> {
    await this.table.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Delete toolbar item' });
    await dialog.waitFor();
    return dialog;
  }

  async confirmDelete(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await this.status.filter({ hasText: 'Saved.' }).waitFor();
  }
}
