import { expect, test } from './fixtures.ts';
import { e2ePort as port } from './e2eServer.ts';

/** The HTML shell (issue 26): the brand paints before any JavaScript, and the app takes over without moving anything. */
const aurora = `http://aurora.localhost:${port}/`;

test("without JavaScript the page is already Aurora's: title, theme colour, colours and the skeleton's logo", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 839 } });
  try {
    const page = await context.newPage();
    await page.goto(aurora);
    await expect(page).toHaveTitle('Aurora');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
    const logo = page.locator('#app-skeleton .sk-logo img');
    await expect(logo).toBeVisible();
    // The home page's billboard paints before any script: the largest image of the first screen.
    const billboard = page.locator('#app-skeleton .sk-billboard img');
    await expect(billboard).toBeVisible();
    expect(await billboard.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
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
    const w = window as unknown as { layoutShift: number; skeletonLogo: DOMRect | null; skeletonBillboard: DOMRect | null };
    w.layoutShift = 0;
    w.skeletonLogo = null;
    w.skeletonBillboard = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('load', (event) => {
      const target = event.target as Element;
      if (target.matches?.('#app-skeleton .sk-logo img')) w.skeletonLogo = target.getBoundingClientRect();
      if (target.matches?.('#app-skeleton .sk-billboard img')) w.skeletonBillboard = target.getBoundingClientRect();
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
  // The app's logo and billboard are where the skeleton drew them.
  const box = (rect: DOMRect | null) => rect && { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  expect(box(skeletonLogo)).toEqual(appLogo);
  const appBillboard = await page.locator('main a img').first().boundingBox();
  expect(box(await page.evaluate(() => (window as unknown as { skeletonBillboard: DOMRect | null }).skeletonBillboard))).toEqual(appBillboard);
  // The app's billboard is the file the skeleton already fetched: one request for it.
  const billboardFiles = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes(document.querySelector<HTMLImageElement>('main a img')!.currentSrc.split('/').pop()!)),
  );
  expect(billboardFiles).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBe(0);
  await expect(page).toHaveTitle('Aurora');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Live' }).click();
  await expect(page).toHaveTitle('Live · Aurora');
});
