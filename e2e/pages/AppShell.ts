import { expect, type Locator, type Page } from '@playwright/test';
import { expectSignedIn, SignInPage } from './SignInPage.ts';

/** The signed-in app: tabs, back button, cart and the stacked pages. */
export class AppShell {
  constructor(private readonly page: Page) {}

  static async signedIn(page: Page, email = 'member@aurora.test') {
    await new SignInPage(page).open();
    await new SignInPage(page).signIn(email, 'Password1');
    await expectSignedIn(page);
    const shell = new AppShell(page);
    await expect(shell.offers()).toBeVisible();
    return shell;
  }

  tab(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  }

  /** The page the member sees: the stacked section that is neither hidden nor inert. */
  visiblePage(): Locator {
    return this.page.locator('section[data-path]:not([inert])').filter({ visible: true });
  }

  offers(): Locator {
    return this.visiblePage().getByRole('list', { name: 'Offers' });
  }

  async openFirstOffer(): Promise<string> {
    const link = this.offers().getByRole('link').first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect(this.page).toHaveURL(href);
    await expect(this.visiblePage()).toHaveAttribute('data-path', href);
    return href;
  }

  backButton(): Locator {
    return this.page.getByRole('button', { name: 'Back', exact: true });
  }

  async expectShowing(path: string) {
    await expect(this.page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
    await expect(this.visiblePage()).toHaveAttribute('data-path', path);
  }
}
