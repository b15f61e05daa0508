import { expect, test, type Page } from './fixtures.ts';
import { VisitorApp, visitorBrands } from './pages/VisitorPages.ts';

// Issue 41: an offer opened while the device is offline says so in the app's words (not the HTTP
// client's "Network Error"), and loads by itself once the device is back online; Try again works too.
test.use({ serviceWorkers: 'allow' });

async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated');
}

/** Opens the feed's card at `index` in the app (a visitor's public offers). */
async function openCard(app: VisitorApp, index: number) {
  const card = app.visiblePage().getByRole('list').first().getByRole('listitem').nth(index);
  const title = (await card.getByRole('heading').first().textContent())!.trim();
  await card.getByRole('link').first().click();
  return title;
}

test('an offer opened offline says the device is offline, and loads by itself once the device is back online', async ({ page, context }) => {
  const brand = visitorBrands.aurora;
  const app = new VisitorApp(page);
  await page.goto(`${brand.origin}/`);
  await expect(app.firstOffer()).toBeVisible();
  // The offer page's code comes from the worker's precache offline, as it would on a phone that visited before.
  await controlledByWorker(page);
  const firstTitle = await openCard(app, 0);
  await expect(page.getByRole('heading', { level: 1, name: firstTitle })).toBeVisible();
  await page.goBack();
  await expect(app.firstOffer()).toBeVisible();

  await context.setOffline(true);
  // Another offer than the one just seen, so no copy of its answer can stand in for the network.
  const title = await openCard(app, 1);
  const offline = page.getByRole('heading', { level: 1, name: 'You are offline' });
  await expect(offline).toBeVisible();
  await expect(page.getByText('The offer will load as soon as your device is back online.')).toBeVisible();
  await expect(page.getByText('Network Error')).toHaveCount(0);
  // Try again while still offline asks again and says the same.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(offline).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(offline).toHaveCount(0);
});
