import { expect, test, type Page } from './fixtures.ts';

/** An iPhone app's web view (WKWebView): no "Safari/" token. */
const iosWebView =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
/** Aurora's store page (server/db/seed/brands.ts); its minimum container version is 2.0.0. */
const auroraAppStore = 'https://apps.apple.com/se/app/aurora-klubb/id1234567890';

/**
 * Plays the native iOS container: window.webkit.messageHandlers.getBuildAndVersion answers
 * through the function the page names in its message (null: the container is too old to
 * know the message).
 */
async function simulateIosContainer(page: Page, answer: { build: number; version: string } | null) {
  await page.addInitScript((reply) => {
    const handlers: Record<string, { postMessage(body: { answerWith: string }): void }> = {};
    if (reply) {
      handlers.getBuildAndVersion = {
        postMessage(body) {
          setTimeout(() => {
            const [object, method] = body.answerWith.split('.') as [string, string];
            (window as unknown as Record<string, Record<string, (m: string, a: string) => void>>)[object]![method]!(
              'getBuildAndVersion',
              JSON.stringify(reply),
            );
          }, 50);
        },
      };
    }
    (window as unknown as { webkit: unknown }).webkit = { messageHandlers: handlers };
  }, answer);
}

const texts = {
  en: { heading: 'Update required', store: 'Open the App Store', signIn: 'Sign in' },
  sv: { heading: 'Uppdatering krävs', store: 'Öppna App Store', signIn: 'Logga in' },
} as const;

for (const [language, text] of Object.entries(texts)) {
  test.describe(`force update in ${language}`, () => {
    test.use({ locale: language === 'sv' ? 'sv-SE' : 'en-US', userAgent: iosWebView });

    test('an iOS container below the brand minimum is sent to the App Store', async ({ page }) => {
      await simulateIosContainer(page, { build: 150, version: '1.5.0' });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: text.heading })).toBeVisible();
      const store = page.getByRole('link', { name: text.store });
      await expect(store).toHaveAttribute('href', auroraAppStore);
      await expect(page.getByRole('link', { name: /Google Play/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: text.signIn })).toHaveCount(0);
    });

    test('an iOS container at the minimum goes on to the app', async ({ page }) => {
      await simulateIosContainer(page, { build: 200, version: '2.0.0' });
      await page.goto('/');
      // Signed out: the visitor's feed, with the header's sign-in.
      await expect(page.getByRole('banner').getByRole('button', { name: text.signIn })).toBeVisible();
      await expect(page.getByRole('heading', { name: text.heading })).toHaveCount(0);
    });
  });
}

test.describe('containers that cannot say, and plain browsers', () => {
  test.use({ userAgent: iosWebView });

  test('an iOS container without getBuildAndVersion counts as 0.0.0 and must update', async ({ page }) => {
    await simulateIosContainer(page, null);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Update required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the App Store' })).toHaveAttribute('href', auroraAppStore);
  });

  test('a plain browser (no container) is never asked to update', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
