import type { Locator, Page } from 'playwright-core';

/** Admin settings → Server → Connection in a cloud edition: the Connectors section and its dialogs. */
export class ConnectorsPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#/admin/server/connection`);
    await this.section.waitFor();
  }

  get section(): Locator {
    return this.page.getByRole('region', { name: 'Connectors', exact: true });
  }

  /** The card of the connector named `name`. */
  card(name: string): Locator {
    return this.section.getByRole('article', { name, exact: true });
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Presses a button (by its accessible name) and returns the dialog titled `title` it opens. */
  async press(scope: Locator, button: string, title: string | RegExp): Promise<Locator> {
    await scope.getByRole('button', { name: button, exact: true }).click();
    const dialog = this.dialog(title);
    await dialog.waitFor();
    return dialog;
  }

  async fill(dialog: Locator, fields: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  }

  /** The key dialog's shown key ('' when it shows none). */
  async shownKey(dialog: Locator): Promise<string> {
    const key = dialog.getByTestId('connector-key');
    return (await key.count()) > 0 ? ((await key.textContent()) ?? '') : '';
  }
}
