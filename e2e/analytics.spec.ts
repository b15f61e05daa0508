import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from './fixtures.ts';
import { readDataDirOwner } from '../server/dataDirOwner.ts';
import { adminTokenHeader } from '../server/plugins/operatorOnly.ts';
import { purchaseFunnel } from '../domain/purchaseFunnel.ts';
import type { AnalyticsReport } from '../server/analytics/report.ts';
import { addTickets, brands, emptyCart, goToCheckout, payAndConfirm, port, signIn } from './pages/shopping.ts';

// A whole purchase, checked for accessibility at every step.
test.describe.configure({ timeout: 180_000 });

/** The e2e server's embedded database (playwright.config.ts), which `npm run analytics` reads through the server. */
const dataDir = `.data/e2e-${port}`;

/** Aurora's funnel, sessions per step, through the server's loopback admin call (as `npm run analytics` asks it). */
async function funnelNow(page: Page): Promise<number[]> {
  const owner = readDataDirOwner(dataDir);
  expect(owner?.adminToken, `the e2e server holds ${dataDir}`).toBeTruthy();
  const answer = await page.request.post(`http://127.0.0.1:${port}/admin/analytics/report`, {
    headers: { [adminTokenHeader]: owner!.adminToken! },
    data: { brandId: 'aurora', since: null },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as AnalyticsReport).funnel.map((step) => step.sessions);
}

// Playwright (and the page's network log) do not see beacons sent as a page is left: the events
// are checked where they land. Their body, batching and page-hide flush are unit-tested (tests/client/analytics.test.ts).
test("a member's purchase: the events arrive when the page is left, and npm run analytics counts the session at every funnel step", async ({ page }) => {
  const before = await funnelNow(page);
  const aurora = brands.aurora;

  await signIn(page, 'aurora');
  await emptyCart(page);
  // A new page load, so one session holds the whole purchase: the featured event in its third city, plenty of tickets.
  await page.goto(`${aurora.origin}/live/${aurora.event}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('City', { exact: true }).selectOption({ label: aurora.thirdCity });
  await addTickets(page, 1);
  await goToCheckout(page);
  await payAndConfirm(page);
  // Gathered, not sent yet: the batch goes when the page is hidden or left.
  expect((await funnelNow(page))[3]).toBe(before[3]);

  // Leaving the page (as closing the tab does) sends the session's events in a beacon.
  await page.goto('about:blank');
  await expect.poll(async () => (await funnelNow(page)).map((sessions, i) => sessions - before[i]! >= 1)).toEqual(purchaseFunnel.map(() => true));

  // The operator's command prints that funnel.
  const after = await funnelNow(page);
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'scripts/analytics.ts', '--brand', 'aurora'], { env: { ...process.env, DATA_DIR: dataDir } });
  for (const [i, step] of ['offer opened', 'added to cart', 'checkout opened', 'paid'].entries()) {
    expect(stdout).toMatch(new RegExp(`^\\s+${step}\\s+${after[i]}\\b`, 'm'));
  }
  expect(stdout).toContain(`/live/${aurora.event}`);
});
