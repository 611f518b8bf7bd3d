import type { Locator, Page } from 'playwright-core';

/** The sign-in screen (`#/login`). */
export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /** Opens a hash route of the app, e.g. `/login` or `/list?Id=a&Password=b`. */
  async open(route = '/login'): Promise<void> {
    await this.page.goto(`${this.baseUrl}/viewer/#${route}`);
  }

  get idInput(): Locator {
    return this.page.getByLabel(/^(ID|מזהה|شناسه)$/);
  }

  get passwordInput(): Locator {
    return this.page.locator('input[type="password"]');
  }

  get submitButton(): Locator {
    return this.page.locator('form button[type="submit"]');
  }

  get languageSelect(): Locator {
    return this.page.locator('.login-footer select');
  }

  async waitUntilShown(): Promise<void> {
    await this.passwordInput.waitFor();
  }

  async signIn(id: string, password: string): Promise<void> {
    await this.waitUntilShown();
    await this.idInput.fill(id);
    await this.passwordInput.fill(password);
    await this.submitButton.click();
  }

  alert(): Locator {
    return this.page.getByRole('alert');
  }

  async chooseLanguage(code: string): Promise<void> {
    await this.languageSelect.selectOption(code);
  }
}
