import { expect, test } from './fixtures.ts';
import { openSignInDialog, signInScope } from './pages/SignInPage.ts';

const password = 'Password1';

const texts = {
  en: {
    locale: 'en-US',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    noRole: 'Your account has no membership in this app. Please contact customer service.',
    otherPartner: 'This e-mail address is registered with another partner. Sign in in that partner’s app, or contact customer service.',
  },
  sv: {
    locale: 'sv-SE',
    email: 'E-post',
    password: 'Lösenord',
    signIn: 'Logga in',
    noRole: 'Ditt konto har inget medlemskap i den här appen. Kontakta kundservice.',
    otherPartner: 'E-postadressen är registrerad hos en annan partner. Logga in i den partnerns app eller kontakta kundservice.',
  },
} as const;

for (const [language, text] of Object.entries(texts)) {
  test.describe(`roles in ${language}`, () => {
    test.use({ locale: text.locale });

    const signIn = async (page: import('@playwright/test').Page, email: string) => {
      await page.goto('/');
      await openSignInDialog(page, text.signIn);
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.password, { exact: true }).fill(password);
      await (await signInScope(page)).getByRole('button', { name: text.signIn, exact: true }).click();
    };

    test('an account without a role in Aurora is told to contact customer service', async ({ page }) => {
      await signIn(page, 'norole@aurora.test');
      await expect(page.getByRole('alert')).toHaveText(text.noRole);
      await expect(page.getByRole('heading', { name: text.signIn })).toBeVisible();
    });

    // An identity account in Aurora's tenant whose e-mail belongs to another brand can no longer be made from
    // outside (accounts:signUp is admin-only, accounts come with their profile through /v1), and the demo users
    // are fixed. The server's answer for that account (tests/server/roles.test.ts) is given to the page here.
    test('the API\'s other-partner refusal gets its own message', async ({ page }) => {
      await page.route('**/v1/get/brand/role', (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ status: 403, code: 'email_registered_with_other_partner', message: 'email registered with other partner' }),
        }),
      );
      await signIn(page, 'norole@aurora.test');
      await expect(page.getByRole('alert')).toHaveText(text.otherPartner);
      await expect(page.getByRole('heading', { name: text.signIn })).toBeVisible();
    });
  });
}
