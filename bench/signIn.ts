import type { Page } from '@playwright/test';

/**
 * Signs in from signed-out `/` the way a member does: the visitor's feed shows (both demo brands
 * let visitors browse), the header's Sign in opens the form in a dialog; on a brand without
 * visitors the sign-in page is already there. Resolves once the member's app has replaced the
 * visitor's (the header's Sign in is gone) and the feed shows.
 */
export async function signInFromStart(page: Page, email: string, password: string) {
  const headerSignIn = page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true });
  const signInPage = page.getByRole('heading', { name: 'Sign in' });
  await headerSignIn.or(signInPage).first().waitFor({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  const fromFeed = await headerSignIn.isVisible();
  if (fromFeed) {
    await headerSignIn.click();
    await dialog.waitFor({ timeout: 30_000 });
  }
  const form = fromFeed ? dialog : page;
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await headerSignIn.waitFor({ state: 'detached', timeout: 30_000 });
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByRole('list', { name: 'Offers' }).first().waitFor({ timeout: 30_000 });
}

/** The first screen of signed-out `/`: the visitor's feed, or the sign-in page where the brand has no visitors. */
export async function waitForFirstScreen(page: Page, timeout = 30_000): Promise<'feed' | 'sign-in'> {
  const feed = page.getByRole('list', { name: 'Offers' }).first();
  const signInPage = page.getByRole('heading', { name: 'Sign in' });
  await feed.or(signInPage).first().waitFor({ timeout });
  return (await feed.isVisible()) ? 'feed' : 'sign-in';
}

/**
 * An init script: the demo member has seen the step-by-step guide (as e2e/fixtures.ts does), so
 * its first-visit dialog does not cover the feed the bench goes on to use.
 */
export const guideAlreadySeen = `
  const getItem = Storage.prototype.getItem;
  Storage.prototype.getItem = function (key) {
    return key.startsWith('klubb.guideSeen.') ? 'true' : getItem.call(this, key);
  };
`;
