import { expect, type Locator, type Page } from '@playwright/test';

/** One offer page, found by roles and names as a member would see it. */
export class OfferPage {
  constructor(private readonly page: Page) {}

  /** The stacked page the member sees now (others stay mounted, hidden or inert). */
  private visible(): Locator {
    return this.page.locator('section[data-path]:not([inert])').filter({ visible: true });
  }

  async open(url: string) {
    await this.page.goto(url);
    await expect(this.title()).toBeVisible();
  }

  title(): Locator {
    return this.visible().getByRole('heading', { level: 1 });
  }

  article(): Locator {
    return this.visible().getByRole('article');
  }

  richTextLinks(): Locator {
    return this.article().locator('[data-slate-editor] a');
  }

  /** Rich-text links the app opens itself (rewritten to in-app paths). */
  inAppLinks(): Locator {
    return this.article().locator('[data-slate-editor] a[href^="/"]');
  }

  figure(): Locator {
    return this.article().getByRole('figure');
  }

  loadButton(name: 'Load Spotify player' | 'Load YouTube video'): Locator {
    return this.article().getByRole('button', { name });
  }

  player(title: 'Spotify player' | 'YouTube video'): Locator {
    return this.article().locator(`iframe[title="${title}"]`);
  }

  callToAction(name: string): Locator {
    return this.visible().getByRole('link', { name, exact: true });
  }

  button(name: string): Locator {
    return this.visible().getByRole('button', { name, exact: true });
  }

  comingSoon(name: string): Locator {
    return this.visible().getByRole('button', { name, exact: true });
  }

  companionLink(): Locator {
    return this.article().locator('section').filter({ has: this.page.getByRole('heading', { level: 2 }) }).getByRole('link');
  }

  failure(text: string): Locator {
    return this.visible().getByText(text, { exact: true });
  }
}
