import { expect, test, type Page } from './fixtures.ts';
import { VisitorApp, visitorBrands } from './pages/VisitorPages.ts';
import { deployNewBuild, e2eClientDir } from './deployedBuild.ts';
import { e2ePort } from './e2eServer.ts';

// Issue 26: after one visit the service worker controls the app; opened offline it shows the
// brand, the last feed it saved and an offline notice; a new deploy is picked up on the next visit.
test.use({ serviceWorkers: 'allow' });

const offlineNotice = 'You are offline. Showing what was saved on this device.';

async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated');
}

/** The saved feeds and billboard as an hour old: long past their 10 s, so only the network down makes them show. */
async function ageSavedCopies(page: Page) {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('klubb.cache.') && key.endsWith('.savedAt')) localStorage.setItem(key, String(Date.now() - 3_600_000));
    }
  });
}

/** How long ago the mixed feed's first page was saved. */
function savedFeedAgeMs(page: Page) {
  return page.evaluate(() => Date.now() - Number(localStorage.getItem('klubb.cache.en.feed.mixed.all.savedAt')));
}

test('opened offline after one visit: the brand, the last feed and the offline notice; back online the notice goes and the feed reloads', async ({ page, context }) => {
  const brand = visitorBrands.aurora;
  const app = new VisitorApp(page);
  await page.goto(`${brand.origin}/`);
  await expect(app.firstOffer()).toBeVisible();
  await controlledByWorker(page);
  // Installable: the page links this brand's manifest, and the worker controls it.
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await page.evaluate(async (href) => (await fetch(href)).json(), manifestUrl!);
  expect(manifest).toMatchObject({ name: brand.name, display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  const offers = await app.visiblePage().getByRole('list').first().getByRole('listitem').allTextContents();
  const background = () => page.locator('#root > div').evaluate((root) => getComputedStyle(root).backgroundColor);
  const brandBackground = await background();
  await ageSavedCopies(page);
  expect(await savedFeedAgeMs(page)).toBeGreaterThan(3_000_000);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: offlineNotice })).toBeVisible();
  await expect(page.getByRole('img', { name: brand.name, exact: true })).toBeAttached();
  expect(await background()).toBe(brandBackground);
  await expect(app.visiblePage().getByRole('list').first().getByRole('listitem')).toHaveText(offers);
  await app.expectVisitorShell();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByText(offlineNotice)).toHaveCount(0);
  // The feed is loaded afresh (and saved again) from the server.
  await expect.poll(() => savedFeedAgeMs(page)).toBeLessThan(60_000);
  await expect(app.firstOffer()).toBeVisible();
});

test('a new deploy is picked up on the next visit: the new page and the new worker, never the old ones', async ({ page }) => {
  const brand = visitorBrands.borealis;
  const app = new VisitorApp(page);
  await page.goto(`${brand.origin}/`);
  await expect(app.firstOffer()).toBeVisible();
  await controlledByWorker(page);
  const precachedShell = () =>
    page
      .evaluate(async () => {
        const keys = await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)));
        return keys.flat().filter((url) => url.includes('/index.html?__WB_REVISION__='));
      })
      // The new worker's reload may land while we look: look again on the reloaded page.
      .catch((error: Error) => {
        if (/Execution context was destroyed|navigat/i.test(error.message)) return null;
        throw error;
      });
  const [oldShell] = (await precachedShell()) ?? [];
  expect(oldShell).toBeDefined();

  let loads = 0;
  page.on('load', () => loads++);
  const undo = deployNewBuild(e2eClientDir(e2ePort), 'e2e-next');
  try {
    await page.reload();
    // The page itself comes from the server, not the old worker's cache.
    await expect(page.locator('meta[name="klubb-build"]')).toHaveAttribute('content', 'e2e-next');
    // The new worker takes over, drops the old build's cache, and the page reloads onto it.
    await expect.poll(precachedShell).toEqual([expect.not.stringContaining(oldShell!)]);
    await expect.poll(() => loads).toBe(2);
    await controlledByWorker(page);
    await expect(page.locator('meta[name="klubb-build"]')).toHaveAttribute('content', 'e2e-next');
    await expect(app.firstOffer()).toBeVisible();
  } finally {
    undo();
  }
});
