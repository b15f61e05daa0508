import { expect, type Locator, type Page } from '@playwright/test';
import { MoreContentPages } from './MoreContentPages.ts';

/** The restaurant guide (/more/restaurant), a restaurant's page and its booking dialog, by roles and labels. */
export class RestaurantPages extends MoreContentPages {
  constructor(private readonly tab: Page) {
    super(tab);
  }

  async openGuide() {
    await this.openMore();
    await this.visiblePage().getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Restaurants', exact: true }).click();
    await this.expectShowing('/more/restaurant');
    await expect(this.heading()).toHaveText('Restaurants');
  }

  infoDialog(): Locator {
    return this.tab.getByRole('dialog', { name: 'The restaurant guide' });
  }

  map(): Locator {
    return this.visiblePage().getByRole('region', { name: 'Map of the restaurants' });
  }

  marker(name: string): Locator {
    return this.map().getByTitle(name, { exact: true });
  }

  panel(): Locator {
    return this.visiblePage().getByTestId('restaurant-panel');
  }

  list(): Locator {
    return this.visiblePage().getByRole('list', { name: 'Restaurant list' });
  }

  bookButton(): Locator {
    return this.visiblePage().getByRole('button', { name: 'Book a table' });
  }

  bookingDialog(name: string): Locator {
    return this.tab.getByRole('dialog', { name: `Book a table at ${name}` });
  }
}
