import type { Locator, Page } from 'playwright-core';

export type MatchTypeLabel = 'Contains' | 'Exact' | 'Starts with' | 'Ends with';

/** Admin settings → Client → Patient: the quick search, the records table and its dialogs. */
export class PatientsPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#/admin/client/patient`);
    await this.page.getByRole('heading', { level: 1, name: 'Patients' }).waitFor();
  }

  get table(): Locator {
    return this.page.locator('table.patients-table');
  }

  /** The row whose Patient ID is `id`. */
  row(id: string): Locator {
    return this.table.locator('tbody tr').filter({ has: this.page.getByRole('rowheader', { name: id, exact: true }) });
  }

  /** The Patient IDs the table shows, in order. */
  async ids(): Promise<string[]> {
    return this.table.locator('tbody th[scope="row"]').allTextContents();
  }

  async search(text: string, type: MatchTypeLabel, field: 'Patient ID' | 'Patient Name' = 'Patient ID'): Promise<void> {
    const form = this.page.getByRole('search');
    await form.getByLabel('Search field').selectOption({ label: field });
    await form.getByLabel('Match type').selectOption({ label: type });
    await form.getByLabel('Search text').fill(text);
    const answered = this.page.waitForResponse((response) => response.url().includes('/patients/search'));
    await form.getByRole('button', { name: 'Search' }).click();
    await answered;
    // The rows of the answer, not those kept on screen while it was on its way.
    await this.page.locator('.patients-results[aria-busy="false"]').waitFor();
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}
