import type { Locator, Page } from 'playwright-core';

export interface ImportRow {
  file: string;
  status: string;
  message: string;
  instances: string;
}

/** The study list's Import dialog (features/import). */
export class ImportDialog {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.getByRole('dialog', { name: 'Import' });
  }

  get filesInput(): Locator {
    return this.root.locator('input[name="files"]');
  }

  get folderInput(): Locator {
    return this.root.locator('input[name="folder"]');
  }

  get chosenCount(): Locator {
    return this.root.locator('.import-chosen-count');
  }

  get startButton(): Locator {
    return this.root.getByRole('button', { name: 'Start import' });
  }

  get cancelButton(): Locator {
    return this.root.locator('.dialog-footer').getByRole('button', { name: 'Cancel' });
  }

  get closeButton(): Locator {
    return this.root.locator('.dialog-footer').getByRole('button', { name: 'Close' });
  }

  get progressBar(): Locator {
    return this.root.getByRole('progressbar', { name: 'Upload progress' });
  }

  get progressText(): Locator {
    return this.root.locator('.import-progress-text');
  }

  get summary(): Locator {
    return this.root.locator('.import-summary');
  }

  async waitUntilShown(): Promise<void> {
    await this.root.waitFor();
  }

  async waitUntilDone(timeout = 60_000): Promise<void> {
    await this.summary.waitFor({ timeout });
  }

  async progressPercent(): Promise<number> {
    return Number(await this.progressBar.getAttribute('aria-valuenow'));
  }

  /** The results table, top to bottom. */
  async results(): Promise<ImportRow[]> {
    return this.root.locator('table.import-results tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const cells = Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent?.trim() ?? '');
        return { file: cells[0] ?? '', status: cells[1] ?? '', message: cells[2] ?? '', instances: cells[3] ?? '' };
      }),
    );
  }
}
