import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { BrandContent } from '../../contract/brandContent.ts';
import { expectSignedIn, openSignInDialog, signInScope } from './SignInPage.ts';

/**
 * What GET /v1/get/brand/content answers a brand's app in English: the texts the pages must show.
 * Asked on the server's own host (Node does not resolve *.localhost); the app URL names the brand.
 */
export async function brandContentOf(request: APIRequestContext, origin: string): Promise<BrandContent> {
  const server = `http://localhost:${new URL(origin).port}`;
  const response = await request.get(`${server}/v1/get/brand/content`, {
    params: { appUrl: origin },
    headers: { 'Accept-Language': 'en', 'X-App-Url': origin, Accept: 'application/json' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as BrandContent;
}

/** FAQ, About and Contact us, reached from the More tab of a brand's app, driven by roles and labels. */
export class MoreContentPages {
  constructor(private readonly page: Page) {}

  async signIn(origin: string, email: string) {
    await this.page.goto(`${origin}/`);
    await openSignInDialog(this.page);
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill('Password1');
    await (await signInScope(this.page)).getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedIn(this.page);
    await expect(this.visiblePage().getByRole('list', { name: 'Offers' })).toBeVisible();
  }

  /** The page the member sees: the stacked section that is neither hidden nor inert. */
  visiblePage(): Locator {
    return this.page.locator('section[data-path]:not([inert])').filter({ visible: true });
  }

  async expectShowing(path: string) {
    await expect(this.page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
    await expect(this.visiblePage()).toHaveAttribute('data-path', path);
  }

  async openMore() {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'More', exact: true }).click();
    await this.expectShowing('/more');
  }

  async openTile(name: 'FAQ' | 'About') {
    await this.visiblePage().getByRole('navigation', { name: 'Menu' }).getByRole('link', { name, exact: true }).click();
    await this.expectShowing(name === 'FAQ' ? '/more/faq' : '/more/about');
  }

  heading(): Locator {
    return this.visiblePage().getByRole('heading', { level: 1 });
  }

  moreContact(): Locator {
    return this.visiblePage().getByRole('region', { name: 'Contact us' });
  }

  async openContactUs() {
    await this.moreContact().getByRole('link', { name: 'Contact us' }).click();
    await this.expectShowing('/more/contact');
  }

  question(text: string): Locator {
    return this.visiblePage().getByRole('button', { name: text, exact: true });
  }

  answerTo(text: string): Locator {
    return this.visiblePage().getByRole('region', { name: text, exact: true });
  }

  version(): Locator {
    return this.visiblePage().getByRole('button', { name: /^Version / });
  }

  revealed(): Locator {
    return this.visiblePage().getByRole('status');
  }

  callUs(): Locator {
    return this.visiblePage().getByRole('region', { name: 'Call us' });
  }

  /** The phone hours as "days hours" lines. */
  async phoneHours(): Promise<string[]> {
    return this.callUs()
      .getByRole('term')
      .evaluateAll((terms) => terms.map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`));
  }

  chatButton(): Locator {
    return this.visiblePage().getByRole('link', { name: 'Chat with us' });
  }

  async openSupport(): Promise<Locator> {
    await this.visiblePage().getByRole('button', { name: 'Support' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Support' });
    await expect(dialog).toBeVisible();
    return dialog;
  }
}
