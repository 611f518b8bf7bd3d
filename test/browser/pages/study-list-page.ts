import type { Locator, Page } from 'playwright-core';

const STUDY_ROWS = 'table.level-study > tbody > tr.study-row, ul.study-cards > li.study-card';

/**
 * The study list (`#/list`): its search bar, toolbar and the three-level table — or, on a phone,
 * the study cards (one per study, no series level).
 */
export class StudyListPage {
  constructor(private readonly page: Page) {}

  get table(): Locator {
    return this.page.locator('table.level-study');
  }

  /** Study rows only (not the nested series and instance tables), or the cards on a phone. */
  get studyRows(): Locator {
    return this.page.locator(STUDY_ROWS);
  }

  /** Selects one study: a click in its row (the table), or its checkbox (a card). */
  async selectStudy(text: string | RegExp): Promise<void> {
    const row = this.studyRow(text);
    if ((await row.evaluate((node) => node.tagName)) === 'LI') await row.getByRole('checkbox').check();
    else await row.locator('td').nth(3).click();
  }

  studyRow(text: string | RegExp): Locator {
    return this.studyRows.filter({ hasText: text });
  }

  get seriesRows(): Locator {
    return this.page.locator('table.level-series > tbody > tr.series-row');
  }

  get instanceRows(): Locator {
    return this.page.locator('table.level-instance > tbody > tr.instance-row');
  }

  get searchBar(): Locator {
    return this.page.locator('.study-search');
  }

  get toolbar(): Locator {
    return this.page.locator('.study-toolbar');
  }

  get updatedNotice(): Locator {
    return this.page.locator('.list-notice');
  }

  get count(): Locator {
    return this.page.locator('.list-count');
  }

  async waitUntilLoaded(): Promise<void> {
    await this.page.locator('table.level-study, ul.study-cards').first().waitFor();
    await this.page.waitForFunction(() => document.querySelector('.list-count')?.textContent?.trim() !== '');
  }

  async waitForRowCount(count: number): Promise<void> {
    await this.page.waitForFunction(([selector, expected]) => document.querySelectorAll(selector).length === expected, [
      STUDY_ROWS,
      count,
    ] as const);
  }

  /** Each row's patient name as shown (the site's name form), top to bottom. */
  async patientNames(): Promise<string[]> {
    return this.studyRows.locator('td.cell-name .person-name > bdi:first-child').allTextContents();
  }

  /** The name groups each row's patient name cell shows (one: the site's form). */
  async patientNameGroups(): Promise<string[][]> {
    return this.studyRows
      .locator('td.cell-name .person-name')
      .evaluateAll((cells) => cells.map((cell) => Array.from(cell.querySelectorAll('bdi')).map((bdi) => bdi.textContent ?? '')));
  }

  /** Waits for the request a click started and for its rows to be on screen. */
  private async settled(answered: Promise<unknown>): Promise<void> {
    await answered;
    await this.page.locator('table.level-study[aria-busy="false"], ul.study-cards[aria-busy="false"]').first().waitFor();
  }

  /** Clicks a sortable header and waits for the list to answer. */
  async sortBy(label: string): Promise<void> {
    const answered = this.page.waitForResponse((response) => response.url().includes('/studies/search'));
    await this.table.locator('thead').getByRole('button', { name: label, exact: true }).click();
    await this.settled(answered);
  }

  async quickSearch(field: string, match: string, text: string): Promise<void> {
    await this.searchBar.getByLabel('Search field').selectOption({ label: field });
    await this.searchBar.getByLabel('Match type').selectOption({ label: match });
    await this.searchBar.getByLabel('Search text').fill(text);
    const answered = this.page.waitForResponse((response) => response.url().includes('/studies/search'));
    await this.searchBar.getByLabel('Search text').press('Enter');
    await this.settled(answered);
  }

  async shortcut(label: string): Promise<void> {
    const answered = this.page.waitForResponse((response) => response.url().includes('/studies/search'));
    await this.searchBar.getByRole('button', { name: label, exact: true }).click();
    await this.settled(answered);
  }

  expandButton(row: Locator): Locator {
    return row.getByRole('button', { name: /^Show (series|instances)$/ });
  }

  favoriteButton(row: Locator): Locator {
    return row.getByRole('button', { name: /favorites$/ });
  }

  toolbarButton(name: string): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }
}
