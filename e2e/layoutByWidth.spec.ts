import { expect, test, type Page } from './fixtures.ts';
import { e2ePort as port } from './e2eServer.ts';
import { expectSignedIn, openSignInDialog, SignInPage } from './pages/SignInPage.ts';

/**
 * Issue 41, item 2: the window's width decides the layout with the device. A desktop browser in a
 * window narrower than 700 px (breakpoints.desktopLayout) gets the phone layout: the tab bar at the
 * bottom with every tab reachable, no footer over the page, and the skeleton the server guessed
 * from the User-Agent (desktop) already drawn as the phone's by its CSS, so the app takes over
 * without a layout shift. A phone keeps the phone layout in any window (the rule chosen: its
 * User-Agent says touch, a native container or a tablet in landscape).
 */
const brands = [
  { name: 'Aurora', origin: `http://aurora.localhost:${port}/`, member: 'member@aurora.test' },
  { name: 'Borealis', origin: `http://borealis.localhost:${port}/`, member: 'member@borealis.test' },
];

const desktopUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Sums the page's layout shifts (CLS without the session windows: an upper bound) from its first paint. */
function watchLayoutShifts() {
  const w = window as unknown as { layoutShift: number };
  w.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

async function openHome(page: Page, origin: string, name: string) {
  await page.addInitScript(watchLayoutShifts);
  await page.goto(origin);
  await expect(page.getByRole('heading', { level: 1 }).getByRole('img', { name })).toBeVisible();
  // The app has taken the skeleton's place.
  await expect(page.locator('#app-skeleton')).toHaveCount(0);
}

/** Every link of the main navigation lies wholly inside the window. */
async function expectTabsInWindow(page: Page) {
  const viewport = page.viewportSize()!;
  const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  const count = await tabs.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < count; i++) {
    const box = (await tabs.nth(i).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  }
}

async function expectBottomBar(page: Page) {
  const viewport = page.viewportSize()!;
  const navBox = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  expect(navBox.y + navBox.height).toBeGreaterThan(viewport.height - 2);
  expect(navBox.y).toBeGreaterThan(viewport.height / 2);
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

test.describe('a desktop browser in a 390 px window', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: false, userAgent: desktopUserAgent });

  for (const brand of brands) {
    test(`${brand.name}: the phone layout, every tab reachable, no footer, no layout shift`, async ({ page }) => {
      // A visitor's first load: the server's desktop guess, drawn as the phone's, handed over without a shift.
      await openHome(page, brand.origin, brand.name);
      await expectBottomBar(page);
      await expectTabsInWindow(page);
      // No desktop footer over the page: the phone layout has none.
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await page.waitForTimeout(300);
      expect(await layoutShift(page)).toBeLessThan(0.02);

      // The member's tabs, More among them, all inside the window, and the feed's search field.
      await openSignInDialog(page);
      await new SignInPage(page).signIn(brand.member, 'Password1');
      await expectSignedIn(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      // Search: on the phone layout the feed's search field (the desktop adds a Search tab instead).
      await expect(page.getByRole('searchbox', { name: 'Search offers' })).toBeVisible();
      const more = nav.getByRole('link', { name: 'More', exact: true });
      await expect(more).toBeVisible();
      await expectBottomBar(page);
      await expectTabsInWindow(page);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);

      // Reachable by keyboard: More is a real link that opens its page.
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/more$/);
    });
  }
});

test('before any script, the desktop guess of the skeleton is drawn as the phone\'s in a 390 px window and as the desktop\'s in a 1280 px one', async ({ browser }) => {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 844 }, userAgent: desktopUserAgent });
    try {
      const page = await context.newPage();
      await page.goto(brands[0]!.origin);
      // The server guessed from the User-Agent.
      await expect(page.locator('#app-skeleton')).toHaveAttribute('data-layout', 'desktop');
      const bottomBar = page.locator('#app-skeleton .sk-bottom');
      const topTabs = page.locator('#app-skeleton .sk-top .sk-tab');
      if (width < 700) {
        await expect(bottomBar).toBeVisible();
        await expect(topTabs.first()).toBeHidden();
      } else {
        await expect(bottomBar).toBeHidden();
        await expect(topTabs.first()).toBeVisible();
      }
    } finally {
      await context.close();
    }
  }
});

test.describe('a phone in a 1280 px window', () => {
  // The default project's Pixel 7 User-Agent, touch and mobile flag, in a wide window.
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const brand of brands) {
    test(`${brand.name}: keeps the phone layout, without a layout shift`, async ({ page }) => {
      await openHome(page, brand.origin, brand.name);
      await expectBottomBar(page);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await page.waitForTimeout(300);
      expect(await layoutShift(page)).toBeLessThan(0.02);
    });
  }
});

test.describe('a desktop browser in a 1280 px window', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, userAgent: desktopUserAgent });

  test('Aurora: the desktop layout as before, tabs at the top and the footer, without a layout shift', async ({ page }) => {
    await openHome(page, brands[0]!.origin, brands[0]!.name);
    expect((await page.getByRole('navigation', { name: 'Main' }).boundingBox())!.y).toBeLessThan(80);
    await expect(page.getByRole('contentinfo')).toContainText('Aurora');
    await page.waitForTimeout(300);
    expect(await layoutShift(page)).toBeLessThan(0.02);
  });
});
