import { expect, test } from './fixtures.ts';
import { AppShell } from './pages/AppShell.ts';
import { SignInPage } from './pages/SignInPage.ts';

// The app with its motion (the other specs run with reduced motion): pages slide in and out of the stack.
test.use({ reducedMotion: 'no-preference' });

test('each tab remembers its pages', async ({ page }) => {
  const shell = await AppShell.signedIn(page);
  const offer = await shell.openFirstOffer();
  await shell.tab('More').click();
  await shell.expectShowing('/more');
  await shell.tab('Home').click();
  await shell.expectShowing(offer);
  // Choosing the tab it is on trims the stack back to its root.
  await shell.tab('Home').click();
  await shell.expectShowing('/');
  await expect(shell.offers()).toBeVisible();
});

test("the browser's back and forward move through the stack", async ({ page }) => {
  const shell = await AppShell.signedIn(page);
  const offer = await shell.openFirstOffer();
  await page.goBack();
  await shell.expectShowing('/');
  await page.goForward();
  await shell.expectShowing(offer);
  await shell.tab('Live').click();
  await shell.expectShowing('/live');
  await page.goBack();
  await shell.expectShowing(offer);
});

test('a reload on a deep page keeps it, with its root beneath', async ({ page }) => {
  const shell = await AppShell.signedIn(page);
  const offer = await shell.openFirstOffer();
  await page.reload();
  await shell.expectShowing(offer);
  await shell.backButton().click();
  await shell.expectShowing('/');
  await expect(shell.backButton()).toHaveCount(0);
});

test('a deep link opens with the stack root beneath it', async ({ page }) => {
  await AppShell.signedIn(page);
  await page.goto('/more/faq');
  const shell = new AppShell(page);
  await shell.expectShowing('/more/faq');
  await shell.backButton().click();
  await shell.expectShowing('/more');
});

test('an unknown path shows the missing-page screen', async ({ page }) => {
  await AppShell.signedIn(page);
  await page.goto('/more/nothing-here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await new AppShell(page).expectShowing('/');
});

test('/createaccount in the signed-in app goes on to the start page', async ({ page }) => {
  await AppShell.signedIn(page);
  await page.goto('/createaccount/ABC123');
  await expect(page).toHaveURL(/\/$/);
  await expect(new AppShell(page).offers()).toBeVisible();
});

test('a signed-out visitor asking for a member page signs in there and sees it', async ({ page }) => {
  await page.goto('/more/faq');
  const shell = new AppShell(page);
  await expect(shell.visiblePage().getByRole('heading', { name: 'Sign in to continue' })).toBeVisible();
  await shell.visiblePage().getByRole('button', { name: 'Sign in', exact: true }).click();
  await new SignInPage(page).signIn('member@aurora.test', 'Password1');
  await shell.expectShowing('/more/faq');
  await expect(shell.visiblePage().getByRole('heading', { name: 'Sign in to continue' })).toHaveCount(0);
});

test('each page keeps its scroll position, and choosing the tab at its root scrolls to the top', async ({ page }) => {
  const shell = await AppShell.signedIn(page);
  const feed = shell.visiblePage();
  await feed.evaluate((section) => section.scrollTo({ top: 1500 }));
  await expect.poll(() => feed.evaluate((section) => section.scrollTop)).toBeGreaterThan(1000);
  await shell.tab('More').click();
  await shell.expectShowing('/more');
  await shell.tab('Home').click();
  await shell.expectShowing('/');
  await expect.poll(() => shell.visiblePage().evaluate((section) => section.scrollTop)).toBeGreaterThan(1000);
  await shell.tab('Home').click();
  await expect.poll(() => shell.visiblePage().evaluate((section) => section.scrollTop)).toBe(0);
});
