import type { Locator, Page } from 'playwright-core';

/** Admin settings → General → Security. */
export class SecurityPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Security' });
  }

  get thresholdInput(): Locator {
    return this.page.getByLabel('Failed sign-ins before lock');
  }

  get lockTimeInput(): Locator {
    return this.page.getByLabel('Lock time');
  }

  get minimumLengthInput(): Locator {
    return this.page.getByLabel('Minimum password length');
  }

  get locksTable(): Locator {
    return this.page
      .getByRole('region', { name: 'Locked accounts this month' })
      .or(this.page.locator('section[aria-labelledby="locks-title"]'));
  }

  async saveAuthLock(threshold: number, lockTime: number): Promise<void> {
    await this.thresholdInput.fill(String(threshold));
    await this.lockTimeInput.fill(String(lockTime));
    await this.page.getByRole('button', { name: 'Save account lock' }).click();
  }
}
