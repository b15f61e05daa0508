import { expect, type Page } from '@playwright/test';
import { expectSignedIn } from './SignInPage.ts';

export class FeedPage {
  constructor(private readonly page: Page) {}

  /** The member's feed: signed in (no visitor's sign-in left), with its offers. */
  async expectLoaded() {
    await expectSignedIn(this.page);
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
