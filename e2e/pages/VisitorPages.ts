import { expect, type Locator, type Page } from '@playwright/test';
import { brands, type Brand } from './shopping.ts';

/**
 * What a signed-out visitor meets on each demo brand (server/db/seed: both brands set
 * visitorBrowsing): the featured public event, which sells tickets, and a member-only event.
 */
export const visitorBrands = {
  aurora: { ...brands.aurora, publicTitle: 'Linnea Åberg: the Fjord Lines tour', memberOnlyEvent: 'aurora-live-003' },
  borealis: { ...brands.borealis, publicTitle: 'Eldrid Haugen: the Vinterljus tour', memberOnlyEvent: 'borealis-live-003' },
} as const;

/** The app as a signed-out visitor sees it: the header's Sign in button, the sign-in dialog, the tabs. */
export class VisitorApp {
  constructor(private readonly page: Page) {}

  /** The stacked page the visitor sees now (others stay mounted, hidden or inert). */
  visiblePage(): Locator {
    return this.page.locator('section[data-path]:not([inert])').filter({ visible: true });
  }

  /** Where members have the cart. */
  headerSignIn(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true });
  }

  cartButton(): Locator {
    return this.page.getByRole('button', { name: /^Cart/ });
  }

  tab(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  }

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Sign in' });
  }

  /** The first offer card of the visible page's offer list (feed, type feed or search). */
  firstOffer(): Locator {
    return this.visiblePage().getByRole('list').first().getByRole('listitem').first();
  }

  /** The header, tabs and an offer list of a visitor: Sign in instead of the cart, no More tab. */
  async expectVisitorShell() {
    await expect(this.headerSignIn()).toBeVisible();
    await expect(this.page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(this.tab('More')).toHaveCount(0);
    await expect(this.cartButton()).toHaveCount(0);
  }

  /** Signs in with the dialog already open; it closes and the header shows the member's cart. */
  async signInInDialog(email: string, password = 'Password1') {
    const dialog = this.dialog();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('E-mail', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(this.cartButton()).toBeVisible();
  }

  /** Signs the member out from More (spec 2.3); the brand's visitors browse again. */
  async signOut() {
    await this.tab('More').click();
    await this.page.locator('section[data-path="/more"]').getByRole('button', { name: 'Sign out' }).click();
    await expect(this.headerSignIn()).toBeVisible();
  }

  /** Searches through the address (/search?q=…) and waits for the server's answer to be shown. */
  async search(origin: string, query: string) {
    await this.page.goto(`${origin}/search?q=${encodeURIComponent(query)}`);
    const results = this.results();
    const none = this.visiblePage().getByText(`No offers match “${query}”.`, { exact: true });
    await expect(results.getByRole('listitem').first().or(none)).toBeVisible();
  }

  results(): Locator {
    return this.visiblePage().getByRole('list', { name: 'Search results' });
  }
}

/** The ticket pickers of an offer page (City, Time, Ticket). */
export class TicketChoice {
  constructor(private readonly page: Page) {}

  private picker(label: 'City' | 'Time' | 'Ticket'): Locator {
    return this.page.locator('section[data-path]:not([inert])').filter({ visible: true }).getByLabel(label, { exact: true });
  }

  city(): Locator {
    return this.picker('City');
  }

  time(): Locator {
    return this.picker('Time');
  }

  ticket(): Locator {
    return this.picker('Ticket');
  }

  buyButton(): Locator {
    return this.page.getByRole('button', { name: 'Buy tickets' });
  }

  /**
   * The featured event's first evening in the first city (150 standing, 40 seated: not the few-left
   * evening other specs buy out), seated: every picker of the cascade holds a choice. Answers them.
   */
  async chooseSeatedOnFirstEvening(brand: Brand) {
    await this.city().selectOption({ label: brands[brand].city });
    await this.time().selectOption({ index: 1 });
    await this.ticket().selectOption({ label: 'Seated, front stalls' });
    await expect(this.buyButton()).toBeEnabled();
    return { city: await this.city().inputValue(), time: await this.time().inputValue(), ticket: await this.ticket().inputValue() };
  }

  async expectChosen(chosen: { city: string; time: string; ticket: string }) {
    await expect(this.city()).toHaveValue(chosen.city);
    await expect(this.time()).toHaveValue(chosen.time);
    await expect(this.ticket()).toHaveValue(chosen.ticket);
    await expect(this.ticket().locator('option:checked')).toHaveText('Seated, front stalls');
  }
}
