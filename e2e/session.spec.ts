import { expect, test, type Page } from './fixtures.ts';
import { SignInPage } from './pages/SignInPage.ts';
import { FeedPage } from './pages/FeedPage.ts';

const minute = 60_000;
const isTokenCall = (url: string) => url.includes('/securetoken.googleapis.com/v1/token');

/** Counts the token renewals the page asks the identity provider for, and how they ended. */
function watchRenewals(page: Page) {
  const seen = { asked: 0, answered: 0, failed: 0 };
  page.on('request', (request) => void (isTokenCall(request.url()) && seen.asked++));
  page.on('requestfinished', (request) => void (isTokenCall(request.url()) && seen.answered++));
  page.on('requestfailed', (request) => void (isTokenCall(request.url()) && seen.failed++));
  return seen;
}

test('the token is renewed 5 minutes before expiry; when renewals keep failing the member is signed out 30 s early', async ({ page }) => {
  await page.clock.install();
  const renewals = watchRenewals(page);
  const signIn = new SignInPage(page);
  const feed = new FeedPage(page);
  await signIn.open();
  await signIn.signIn('member@aurora.test', 'Password1');
  await feed.expectLoaded();

  // exp has whole seconds, so the moment is known to a second here (the unit tests pin it to the ms).
  await page.clock.fastForward(55 * minute - 5000);
  await page.waitForTimeout(300);
  expect(renewals.asked).toBe(0);
  await page.clock.fastForward(5000);
  await expect.poll(() => renewals.answered).toBeGreaterThanOrEqual(1);
  await expect(feed.offerCards().first()).toBeVisible();

  // The provider becomes unreachable: the next renewal (55 min later) and its retries fail.
  await page.route('**/securetoken.googleapis.com/**', (route) => route.abort('internetdisconnected'));
  const failures = async (count: number, wait: number) => {
    await page.clock.fastForward(wait);
    await expect.poll(() => renewals.failed).toBeGreaterThanOrEqual(count);
  };
  await failures(1, 55 * minute);
  await failures(2, 30_000);
  await failures(3, 60_000);
  await failures(4, 120_000);
  await expect(feed.offerCards().first()).toBeVisible();
  // The renewed token expires 60 min after its renewal: at 59.5 min the session ends.
  await page.clock.fastForward(59.5 * minute - (55 * minute + 210_000) - 5000);
  await page.waitForTimeout(300);
  await expect(feed.offerCards().first()).toBeVisible();
  await page.clock.fastForward(5000);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(signIn.alert()).toHaveText('Session has expired. Please login again.');
  await expect(page).toHaveURL(/\/$/);
});
