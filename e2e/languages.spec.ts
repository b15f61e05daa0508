import { expect, test } from './fixtures.ts';

test.describe('Swedish browser', () => {
  test.use({ locale: 'sv-SE' });
  test('shows the Swedish catalog', async ({ page }) => {
    await page.goto('/');
    // A visitor's feed, with the header's sign-in in the browser's language.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logga in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  });
});

test.describe('Norwegian browser', () => {
  test.use({ locale: 'nb-NO' });
  test('shows the Norwegian catalog', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logg inn' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
  });
});

test.describe('other languages', () => {
  test.use({ locale: 'de-DE' });
  test('fall back to English', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});
