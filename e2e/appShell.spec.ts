import { expect, test } from './fixtures.ts';

/** The HTML shell (issue 26): the brand paints before any JavaScript, and the app takes over without moving anything. */
const port = Number(process.env.E2E_PORT ?? 8091);
const aurora = `http://aurora.localhost:${port}/`;

test("without JavaScript the page is already Aurora's: title, theme colour, colours and the skeleton's logo", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 839 } });
  try {
    const page = await context.newPage();
    await page.goto(aurora);
    await expect(page).toHaveTitle('Aurora');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
    const logo = page.locator('#app-skeleton img');
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('alt', 'Aurora');
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Aurora's background and primary colour, from the inline theme variables.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(248, 250, 252)');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--klubb-color-primary'))).toBe('#125468');
  } finally {
    await context.close();
  }
});

test('with JavaScript the app takes over the skeleton without a layout shift, and the title follows the page', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number; skeletonLogo: DOMRect | null };
    w.layoutShift = 0;
    w.skeletonLogo = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('load', (event) => {
      const target = event.target as Element;
      if (target.matches?.('#app-skeleton img')) w.skeletonLogo = target.getBoundingClientRect();
    }, true);
  });
  await page.goto(aurora);
  const logo = page.getByRole('heading', { level: 1 }).getByRole('img', { name: 'Aurora' });
  await expect(logo).toBeVisible();
  await expect(page.locator('#app-skeleton')).toHaveCount(0);
  const [skeletonLogo, appLogo] = await Promise.all([
    page.evaluate(() => (window as unknown as { skeletonLogo: DOMRect | null }).skeletonLogo),
    logo.boundingBox(),
  ]);
  // The app's logo is where the skeleton drew it.
  expect(skeletonLogo && { x: skeletonLogo.x, y: skeletonLogo.y, width: skeletonLogo.width, height: skeletonLogo.height }).toEqual(appLogo);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
  await expect(page).toHaveTitle('Aurora');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Live' }).click();
  await expect(page).toHaveTitle('Live · Aurora');
});
