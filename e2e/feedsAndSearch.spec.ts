import { expect, test, type Request } from './fixtures.ts';
import { AppShell } from './pages/AppShell.ts';
import { OfferFeedPage } from './pages/OfferFeedPage.ts';

const isOfferList = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === '/v1/get_list/offer';
const isSearch = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/v1/search/offer';

test('scrolling the feed loads page 2 and page 3, without a duplicate offer', async ({ page }) => {
  const offsets: string[] = [];
  page.on('request', (request) => {
    if (isOfferList(request)) offsets.push(new URL(request.url()).searchParams.get('offset') ?? '');
  });
  await AppShell.signedIn(page);
  const feed = new OfferFeedPage(page);
  // Pages of 30, less the billboard's offer: it is shown above the grid, not again in it.
  await feed.expectCardCount('Offers', 29);
  await feed.scrollToBottom();
  await feed.expectCardCount('Offers', 59);
  await feed.scrollToBottom();
  await feed.expectCardCount('Offers', 89);
  const ids = await feed.offerIds('Offers');
  expect(new Set(ids).size).toBe(89);
  expect(offsets.filter((offset) => offset !== '0')).toEqual(['30', '60']);
});

test('the category filter on /benefit narrows the feed, and choosing the category again clears it', async ({ page }) => {
  const shell = await AppShell.signedIn(page);
  await shell.tab('Benefits').click();
  await shell.expectShowing('/benefit');
  const feed = new OfferFeedPage(page);
  await expect(feed.shell.visiblePage().getByRole('heading', { level: 1, name: 'Benefits' })).toBeVisible();
  await feed.expectCardCount('Benefits', 30);
  const unfiltered = await feed.offerIds('Benefits');
  const chips = feed.categoryFilter().getByRole('button');
  await expect(chips.nth(1)).toBeVisible();
  const chip = chips.first();
  await expect(chip).toHaveAttribute('aria-pressed', 'false');

  const filtered = page.waitForResponse((response) => isOfferList(response.request()) && response.url().includes('categoryIdSelect'));
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  const offers = (await (await filtered).json()) as { id: string; categoryId: string }[];
  expect(new Set(offers.map((offer) => offer.categoryId)).size).toBe(1);
  await expect.poll(() => feed.offerIds('Benefits')).toEqual(offers.map((offer) => offer.id));
  for (const link of await feed.grid('Benefits').getByRole('link').all()) {
    await expect(link).toHaveAttribute('href', /^\/benefit\//);
  }
  // The filter is in the address: a reload keeps it.
  await expect(page).toHaveURL(/\/benefit\?category=[^&]+$/);
  await page.reload();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => feed.offerIds('Benefits')).toEqual(offers.map((offer) => offer.id));

  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => feed.offerIds('Benefits')).toEqual(unfiltered);
  await expect(chips.and(page.locator('[aria-pressed="true"]'))).toHaveCount(0);
  await expect(page).toHaveURL(/\/benefit$/);
});

test('search: the feed field opens /search, a fast-typed word asks the server once, a result opens its offer', async ({ page }) => {
  const searches: unknown[] = [];
  page.on('request', (request) => {
    if (isSearch(request)) searches.push(request.postDataJSON());
  });
  const shell = await AppShell.signedIn(page);
  const feed = new OfferFeedPage(page);
  await feed.feedSearchField().click();
  await shell.expectShowing('/search');
  const field = feed.searchField();
  await expect(field).toBeFocused();
  // The empty query shows the default feed.
  await expect(feed.grid('Offers').getByRole('listitem').first()).toBeVisible();

  await field.pressSequentially('jazz', { delay: 80 });
  await expect(feed.grid('Search results').getByRole('listitem').first()).toBeVisible();
  // Long past the 550 ms debounce: still the one request.
  await page.waitForTimeout(1200);
  expect(searches).toEqual([{ query: 'jazz', offset: 0 }]);

  // The query is in the address.
  await expect(page).toHaveURL(/\/search\?q=jazz$/);

  const first = feed.grid('Search results').getByRole('link').first();
  const href = (await first.getAttribute('href'))!;
  expect(href).toMatch(/^\/search\/(editorial|benefit|live)\/[^/]+$/);
  await first.click();
  await shell.expectShowing(href);

  // Back, and a reload: the same query and its results.
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=jazz$/);
  await page.reload();
  await expect(feed.searchField()).toHaveValue('jazz');
  await expect(feed.grid('Search results').getByRole('listitem').first()).toBeVisible();
});
