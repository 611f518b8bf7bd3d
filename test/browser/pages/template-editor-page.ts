import type { Locator, Page } from 'playwright-core';

/** The report template editor (`#/user/report/template`): a tree of folders and templates. */
export class TemplateEditorPage {
  constructor(private readonly page: Page) {}

  get tree(): Locator {
    return this.page.getByRole('tree');
  }

  folder(name: string): Locator {
    return this.tree
      .locator(':scope > li[role="treeitem"]')
      .filter({ has: this.page.locator(`:scope > .tree-row .tree-label:text-is("${name}")`) });
  }

  row(name: string): Locator {
    return this.tree.locator('.tree-row').filter({ has: this.page.locator(`.tree-label:text-is("${name}")`) });
  }

  /** Top-level folder names, in order. */
  folderNames(): Promise<string[]> {
    return this.tree.locator(':scope > li > .tree-row .tree-label').allTextContents();
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Report templates' }).waitFor();
  }

  private async fillDialog(title: string, fields: Record<string, string>): Promise<void> {
    const dialog = this.page.getByRole('dialog', { name: title });
    for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
    const saved = this.page.waitForResponse((response) => response.url().includes('/settings/replace') && response.ok());
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await saved;
  }

  async addFolder(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Add folder', exact: true }).click();
    await this.fillDialog('Add folder', { Name: name });
  }

  async addTemplate(folder: string, name: string, findings: string): Promise<void> {
    await this.page.getByRole('button', { name: `Add template to ${folder}` }).click();
    await this.fillDialog('Add template', { Name: name, Findings: findings });
  }

  /** Drags a row onto the upper half of another (HTML5 drag and drop) and waits for the save. */
  async dragBefore(name: string, target: string): Promise<void> {
    const saved = this.page.waitForResponse((response) => response.url().includes('/settings/replace') && response.ok());
    const box = await this.row(target).boundingBox();
    if (!box) throw new Error(`no row ${target}`);
    await this.row(name).dragTo(this.row(target), { targetPosition: { x: box.width / 3, y: 4 } });
    await saved;
  }
}
