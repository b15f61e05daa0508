import { expect, test } from './fixtures.ts';
import { expectSignedIn, openSignInDialog, signInScope } from './pages/SignInPage.ts';

/** Signs in through the form, whose labels are in the browser's language. */
async function signInWith(page: import('@playwright/test').Page, labels: { email: string; password: string; signIn: string }) {
  await page.goto('/');
  await openSignInDialog(page, labels.signIn);
  await page.getByLabel(labels.email).fill('member@aurora.test');
  await page.getByLabel(labels.password, { exact: true }).fill('Password1');
  await (await signInScope(page)).getByRole('button', { name: labels.signIn, exact: true }).click();
  await expectSignedIn(page, labels.signIn);
}

test.describe('offers in Swedish', () => {
  test.use({ locale: 'sv-SE' });
  test('reading times, search and the offer page speak Swedish', async ({ page }) => {
    await signInWith(page, { email: 'E-post', password: 'Lösenord', signIn: 'Logga in' });
    await expect(page.getByText(/\d+ minuters? läsning/).first()).toBeVisible();
    await page.goto('/search');
    await expect(page.getByRole('searchbox', { name: 'Sök' }).or(page.getByLabel('Sök', { exact: true })).first()).toBeVisible();
    await page.goto('/mixedFeed/editorial/aurora-editorial-999');
    await expect(page.getByText('Artikeln hittades inte..')).toBeVisible();
  });
});

test.describe('offers in Norwegian', () => {
  test.use({ locale: 'nb-NO' });
  test('reading times, search and the offer page speak Norwegian', async ({ page }) => {
    await signInWith(page, { email: 'E-post', password: 'Passord', signIn: 'Logg inn' });
    await expect(page.getByText(/\d+ minutt(er)?s lesing/).first()).toBeVisible();
    await page.goto('/search');
    await expect(page.getByRole('searchbox', { name: 'Søk' }).or(page.getByLabel('Søk', { exact: true })).first()).toBeVisible();
    await page.goto('/mixedFeed/editorial/aurora-editorial-999');
    await expect(page.getByText('Artikkelen ble ikke funnet..')).toBeVisible();
  });
});
