import { expect, type Page } from '@playwright/test';

/** The sign-in screen, driven the way a member would: by labels and roles. */
export class SignInPage {
  constructor(private readonly page: Page) {}

  async open(origin = '') {
    await this.page.goto(`${origin}/`);
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  alert() {
    return this.page.getByRole('alert');
  }

  fieldError(text: string) {
    return this.page.getByText(text);
  }
}
