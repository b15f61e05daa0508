import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './AppShell.ts';

/** A feed page (mixed, per-type or search results), driven through the page the member sees. */
export class OfferFeedPage {
  readonly shell: AppShell;

  constructor(page: Page) {
    this.shell = new AppShell(page);
  }

  grid(name: string): Locator {
    return this.shell.visiblePage().getByRole('list', { name, exact: true });
  }

  /** The offer ids the grid shows, in order (from the cards' links). */
  async offerIds(gridName: string): Promise<string[]> {
    const hrefs = await this.grid(gridName).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    return hrefs.map((href) => href.split('/').pop()!);
  }

  /** Scrolls the page's own scroll container to the bottom, as a member flicking down would. */
  async scrollToBottom() {
    await this.shell.visiblePage().evaluate((section) => section.scrollTo({ top: section.scrollHeight }));
  }

  async expectCardCount(gridName: string, count: number) {
    await expect(this.grid(gridName).getByRole('listitem')).toHaveCount(count);
  }

  categoryFilter(): Locator {
    return this.shell.visiblePage().getByRole('group', { name: 'Categories' });
  }

  feedSearchField(): Locator {
    return this.shell.visiblePage().getByRole('searchbox', { name: 'Search offers' });
  }

  searchField(): Locator {
    return this.shell.visiblePage().getByLabel('Search', { exact: true });
  }
}
