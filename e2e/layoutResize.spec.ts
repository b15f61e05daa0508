import { expect, test, type Page } from './fixtures.ts';
import { VisitorApp, visitorBrands } from './pages/VisitorPages.ts';

/**
 * Issue 41, item 5: after start, a desktop browser's layout follows its window across the 700 px
 * breakpoint both ways (machines/layout.machine.ts), and the visitor stays on the page they were
 * on: narrowed, the phone layout (tab bar at the bottom, no footer); widened, the desktop layout
 * (tabs at the top, the footer).
 */
const desktopUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, userAgent: desktopUserAgent });

async function expectDesktopLayout(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect.poll(async () => (await nav.boundingBox())?.y ?? Infinity).toBeLessThan(80);
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

async function expectPhoneLayout(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const height = page.viewportSize()!.height;
  await expect.poll(async () => {
    const box = await nav.boundingBox();
    return box ? box.y + box.height : 0;
  }).toBeGreaterThan(height - 2);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
}

for (const brand of [visitorBrands.aurora, visitorBrands.borealis]) {
  test(`${brand.name}: narrowing the window switches to the phone layout and widening back to the desktop's, on the same page`, async ({ page }) => {
    const app = new VisitorApp(page);
    await page.goto(`${brand.origin}/`);
    await expect(app.firstOffer()).toBeVisible();
    await expectDesktopLayout(page);
    // Into the home's stack: an offer opened from the feed.
    await app.firstOffer().getByRole('link').first().click();
    const offerPath = new URL(page.url()).pathname;
    expect(offerPath).not.toBe('/');
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toBeVisible();
    const offerTitle = await title.textContent();

    await page.setViewportSize({ width: 390, height: 844 });
    await expectPhoneLayout(page);
    await expect(page.getByRole('heading', { level: 1, name: offerTitle! })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(offerPath);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expectDesktopLayout(page);
    await expect(page.getByRole('heading', { level: 1, name: offerTitle! })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(offerPath);

    // The stack under the offer is still there: back leads to the feed.
    await page.goBack();
    await expect(page).toHaveURL(`${brand.origin}/`);
    await expect(app.firstOffer()).toBeVisible();
  });
}
