import { expect, type Page } from '@playwright/test';

export class FeedPage {
  constructor(private readonly page: Page) {}

  async expectLoaded() {
    await expect(this.offerCards().first()).toBeVisible();
  }

  offerCards() {
    return this.page.getByRole('list', { name: 'Offers' }).getByRole('listitem');
  }

  async signOut() {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }
}
