import { expect, test } from './fixtures.ts';
import { SignInPage, signInScope } from './pages/SignInPage.ts';
import { FeedPage } from './pages/FeedPage.ts';

const password = 'Password1';

test('an Aurora member signs in, sees the feed with billboard and the first page of offers, and signs out', async ({ page }) => {
  const signIn = new SignInPage(page);
  const feed = new FeedPage(page);
  await signIn.open();
  await signIn.signIn('member@aurora.test', password);
  await feed.expectLoaded();
  await expect(page.getByRole('img', { name: 'Aurora' }).first()).toBeVisible();
  // A page of 30, less the billboard's offer: it is shown above the grid, not again in it.
  await expect(feed.offerCards()).toHaveCount(29);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stories' })).toBeVisible();

  await page.reload();
  await feed.expectLoaded();

  // Signed out, the feed shows as a visitor's, with Sign in where the cart was.
  await feed.signOut();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
});

test('scrolling to the bottom loads the next page of offers', async ({ page }) => {
  const signIn = new SignInPage(page);
  const feed = new FeedPage(page);
  await signIn.open();
  await signIn.signIn('member@aurora.test', password);
  await feed.expectLoaded();
  // The list draws its first cards, then the rest: its bottom is below the first page's last card.
  await expect(feed.offerCards()).toHaveCount(29);
  await page.mouse.wheel(0, 100_000);
  // Two pages of 30, less the billboard's offer.
  await expect(feed.offerCards()).toHaveCount(59);
});

test('empty fields and a malformed e-mail are told per field', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await (await signInScope(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn.fieldError('Enter your e-mail address')).toBeVisible();
  await expect(signIn.fieldError('Enter your password')).toBeVisible();
  await page.getByLabel('E-mail').fill('member@aurora');
  await (await signInScope(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn.fieldError('Enter a valid e-mail address')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
});

test('a wrong password is refused with the spec text', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn('member@aurora.test', 'WrongPassword9');
  await expect(signIn.alert()).toHaveText('Email or password is incorrect. Please try again.');
});

test('a Borealis account cannot sign in on Aurora', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn('member@borealis.test', password);
  await expect(signIn.alert()).toHaveText('Email or password is incorrect. Please try again.');
});

test('an account without a role in Aurora is told to contact customer service', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn('norole@aurora.test', password);
  await expect(signIn.alert()).toContainText('contact customer service');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the password toggle shows and hides the password', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  const field = page.getByLabel('Password', { exact: true });
  await field.fill('Secret123');
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(field).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(field).toHaveAttribute('type', 'password');
});

test('a member who has not completed onboarding lands in set-up', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn('new@aurora.test', password);
  await expect(page.getByRole('heading', { name: 'Complete your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});
