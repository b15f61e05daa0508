import { expect, type Locator, type Page } from '@playwright/test';

/** The sign-in screen, driven the way a member would: by labels and roles. */
export class SignInPage {
  constructor(private readonly page: Page) {}

  /** Signed out, the brand's feed shows (its visitors browse): the header's Sign in opens the form in a dialog. */
  async open(origin = '') {
    await this.page.goto(`${origin}/`);
    await openSignInDialog(this.page);
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await (await signInScope(this.page)).getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  alert() {
    return this.page.getByRole('alert');
  }

  fieldError(text: string) {
    return this.page.getByText(text);
  }
}

/**
 * A visitor's way to the sign-in form: the header's Sign in button (where a member has the cart)
 * opens it in a dialog over the page; the rest of the page is inert meanwhile.
 */
export async function openSignInDialog(page: Page, signInLabel = 'Sign in') {
  await page.getByRole('banner').getByRole('button', { name: signInLabel, exact: true }).click();
  await expect(page.getByRole('dialog', { name: signInLabel })).toBeVisible();
}

/** Where the sign-in form is: the visitor's dialog when it is open, else the page (the auth screens' sign-in). */
export async function signInScope(page: Page): Promise<Page | Locator> {
  const dialog = page.getByRole('dialog');
  return (await dialog.count()) > 0 ? dialog : page;
}

/**
 * Signed in from the visitor's dialog, the app is a member's once the header's Sign in has given
 * way to the cart; the feeds then load again with the member-only offers, so a test waits for this
 * before it reads or scrolls them.
 */
export async function expectSignedIn(page: Page, signInLabel = 'Sign in') {
  await expect(page.getByRole('banner').getByRole('button', { name: signInLabel, exact: true })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: signInLabel })).toHaveCount(0);
}
