import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Layout only: plain Playwright keeps this spec cheap; the other specs check these screens' accessibility.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { catalogText } from './pages/catalogText.ts';
import { markGuideSeen } from './fixtures.ts';
import { boxOf, edgesOf, expectAbove, expectInWindow, logoMargins, scrollPageToEnd, textsNotFitting, textsOnSeveralLines, tolerance } from './pages/layoutChecks.ts';
import { expectSignedIn, openSignInDialog, signInScope } from './pages/SignInPage.ts';
import { e2ePort as port } from './e2eServer.ts';

/** Issue 22, item 6: what a member sees fits, on both brands, on a phone, a narrow and a wide desktop window. */
const brands = {
  aurora: { origin: `http://aurora.localhost:${port}`, email: 'member@aurora.test', name: 'Aurora', event: 'aurora-live-001' },
  borealis: { origin: `http://borealis.localhost:${port}`, email: 'member@borealis.test', name: 'Borealis', event: 'borealis-live-001' },
} as const;
type Brand = keyof typeof brands;

const desktopAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const sizes = {
  phone: { viewport: { width: 390, height: 844 } },
  narrowDesktop: { viewport: { width: 700, height: 800 }, isMobile: false, hasTouch: false, userAgent: desktopAgent },
  desktop: { viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, userAgent: desktopAgent },
} as const;
type Size = keyof typeof sizes;

// Each brand and size in another language, so each language meets the checks on both brands.
const runs: [Brand, Size, 'en' | 'sv' | 'nb'][] = [
  ['aurora', 'phone', 'sv'],
  ['aurora', 'narrowDesktop', 'en'],
  ['aurora', 'desktop', 'nb'],
  ['borealis', 'phone', 'nb'],
  ['borealis', 'narrowDesktop', 'sv'],
  ['borealis', 'desktop', 'en'],
];
const locales = { en: 'en-US', sv: 'sv-SE', nb: 'nb-NO' } as const;

const wordsIn = (language: string) => {
  const say = (id: string) => catalogText(language, id);
  return {
    main: say('Main'), back: say('Back'), offers: say('Offers'), menu: say('Menu'), signOut: say('Sign out'),
    tickets: say('Tickets'), city: say('City'), time: say('Time'), ticket: say('Ticket'), addToCart: say('Add to cart'),
    aboutOffer: say('About this offer'), searchOffers: say('Search offers'),
  };
};

const visiblePage = (page: Page) => page.locator('section[data-path]:not([inert])').filter({ visible: true });

// Each test walks four screens and a dialog, measuring as it goes.
test.describe.configure({ timeout: 150_000 });

for (const brand of Object.keys(brands) as Brand[]) {
  const b = brands[brand];
  test.describe(`${b.name} layout`, () => {
    // One sign-in per brand: the session (kept in IndexedDB) is reused by each window size and language.
    const signedIn = join(tmpdir(), `klubb-layout-${port}-${brand}.json`);
    test.beforeAll(async ({ browser }) => {
      // Not the saved session the tests below start from: this context makes it.
      const context = await browser.newContext({ locale: 'en-US', storageState: undefined });
      // The first-visit guide would cover the app; the guide's own spec shows it.
      await context.addInitScript(markGuideSeen);
      const page = await context.newPage();
      await page.goto(`${b.origin}/`);
      await openSignInDialog(page);
      await page.getByLabel('E-mail').fill(b.email);
      await page.getByLabel('Password', { exact: true }).fill('Password1');
      await (await signInScope(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectSignedIn(page);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await context.storageState({ path: signedIn, indexedDB: true });
      await context.close();
    });

    test.beforeEach(async ({ context }) => context.addInitScript(markGuideSeen));

    for (const [, size, language] of runs.filter(([of]) => of === brand)) {
      test.describe(`${size}, ${language}`, () => {
        test.use({ ...sizes[size], locale: locales[language], storageState: signedIn });
        test('tabs, logo, More, the ticket pickers, dialog buttons and the way back from search all fit', async ({ page }) => {
          const w = wordsIn(language);
          const desktop = size !== 'phone';
          await page.goto(`${b.origin}/`);
          const tabs = page.getByRole('navigation', { name: w.main });
          // A whole app start (session, brand, member, feed): longer than one screen's change.
          await expect(visiblePage(page).getByRole('list', { name: w.offers })).toBeVisible({ timeout: 30_000 });

          await test.step('the tabs show whole labels, inside the bar', async () => {
            expect(await textsNotFitting(tabs.getByRole('link').locator('span span'))).toEqual([]);
            expect(await tabs.evaluate((nav) => nav.scrollWidth - nav.clientWidth)).toBeLessThanOrEqual(tolerance);
          });

          await test.step('a top page has no back arrow, and the logo is centred', async () => {
            await expect(page.getByRole('button', { name: w.back, exact: true })).toHaveCount(0);
            const logo = visiblePage(page).getByRole('heading', { level: 1 }).getByRole('img', { name: b.name });
            const [image, column] = [await boxOf(logo), await boxOf(visiblePage(page).locator('main'))];
            expect(Math.abs(image.x + image.width / 2 - (column.x + column.width / 2))).toBeLessThanOrEqual(tolerance);
            const margins = await logoMargins(page, (await logo.getAttribute('src'))!);
            expect(Math.abs(margins.left - margins.right), 'blank left and right of the drawing').toBeLessThanOrEqual(tolerance);
          });

          await test.step('the active tab in bold moves no other tab', async () => {
            const before = await edgesOf(tabs.getByRole('link'));
            await tabs.locator('a[href="/more"]').click();
            await expect(page).toHaveURL(/\/more$/);
            await expect(tabs.locator('a[href="/more"]')).toHaveAttribute('aria-current', 'page');
            const after = await edgesOf(tabs.getByRole('link'));
            after.forEach(([left, right], i) => {
              expect(Math.abs(left - before[i]![0])).toBeLessThanOrEqual(tolerance);
              expect(Math.abs(right - before[i]![1])).toBeLessThanOrEqual(tolerance);
            });
          });

          await test.step('More: tile labels break between words only; the page and its sign-out end above the footer or tab bar', async () => {
            const more = visiblePage(page);
            // The page is drawn on the tab's first visit: wait until its tiles, the member's role and the brand's contact texts are in.
            await expect(more.getByRole('navigation', { name: w.menu }).getByRole('link').first()).toBeVisible();
            await expect(more.getByTestId('role-skeleton')).toHaveCount(0);
            await expect(more.locator('section[aria-busy="true"]')).toHaveCount(0);
            expect(await textsNotFitting(more.getByRole('navigation', { name: w.menu }).getByRole('link'))).toEqual([]);
            await scrollPageToEnd(more);
            const signOut = more.getByRole('button', { name: w.signOut, exact: true });
            await expectInWindow(page, signOut);
            // The page scrolls in the room the footer (desktop) or the tab bar (phone) leaves it.
            const below = desktop ? page.getByRole('contentinfo') : tabs;
            await expectInWindow(page, below);
            await expectAbove(more, below);
            await expectAbove(signOut, below);
          });

          await test.step('the payment action beside the pickers on a desktop; dialog buttons on one line', async () => {
            await page.goto(`${b.origin}/live/${b.event}`);
            const offer = visiblePage(page);
            const pickers = offer.getByRole('region', { name: w.tickets });
            await offer.getByLabel(w.city, { exact: true }).selectOption({ index: 1 });
            await offer.getByLabel(w.time, { exact: true }).selectOption({ index: 1 });
            const ticket = offer.getByLabel(w.ticket, { exact: true });
            if (await ticket.isVisible()) await ticket.selectOption({ index: 1 });
            // The payment action: beside the pickers on a desktop, floating at the end of the article on a phone.
            const buy = (desktop ? pickers.locator('xpath=following-sibling::*[1]') : offer.getByRole('article').locator('> :last-child')).getByRole('button');
            if (desktop) {
              const [button, city] = [await boxOf(buy), await boxOf(offer.getByLabel(w.city, { exact: true }))];
              expect(button.x, 'beside the pickers').toBeGreaterThanOrEqual(city.x + city.width - tolerance);
              await expectAbove(buy, offer.getByRole('list', { name: w.aboutOffer }));
            }
            await buy.click();
            const dialog = page.getByRole('dialog', { name: w.addToCart });
            await expect(dialog).toBeVisible();
            expect(await textsOnSeveralLines(dialog.getByRole('button').filter({ hasText: /\S/ }))).toEqual([]);
            await page.keyboard.press('Escape');
            await expect(dialog).toBeHidden();
            // Scrolled to its end, the offer (its pickers, its last block) ends above the footer or tab bar.
            await scrollPageToEnd(offer);
            const below = desktop ? page.getByRole('contentinfo') : tabs;
            await expectAbove(offer, below);
            await expectAbove(offer.getByRole('article').locator('> :last-child'), below);
            await expectAbove(offer.getByLabel(w.city, { exact: true }), below);
          });

          await test.step('the search page has a way back', async () => {
            if (desktop) {
              await page.goto(`${b.origin}/search`);
            } else {
              await tabs.getByRole('link').first().click();
              await visiblePage(page).getByRole('searchbox', { name: w.searchOffers }).click();
            }
            await expect(page).toHaveURL(/\/search$/);
            await backFromSearch(page, w.back);
          });
        });
      });
    }
  });
}

async function backFromSearch(page: Page, back: string) {
  const button: Locator = page.getByRole('button', { name: back, exact: true });
  await expect(button).toBeVisible();
  await button.click();
  await expect(page).not.toHaveURL(/\/search$/);
  await expect(visiblePage(page)).not.toHaveAttribute('data-path', '/search');
}
