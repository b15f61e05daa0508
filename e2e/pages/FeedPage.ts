import { expect, type Page } from '@playwright/test';

export class FeedPage {
  constructor(private readonly page: Page) {}

  async expectLoaded() {
    await expect(this.offerCards().first()).toBeVisible();
  }

  offerCards() {
    return this.page.getByRole('list', { name: 'Offers' }).getByRole('listitem');
  }

  /** Sign-out lives on More only (spec 2.3). */
  async signOut() {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'More' }).click();
    await this.page.locator('section[data-path="/more"]').getByRole('button', { name: 'Sign out' }).click();
  }
}
