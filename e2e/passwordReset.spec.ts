import { expect, test, type APIRequestContext } from './fixtures.ts';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.ts';
import { ResetPasswordPage } from './pages/ResetPasswordPage.ts';
import { SetUpPage } from './pages/SetUpPage.ts';
import { openSignInDialog, signInScope } from './pages/SignInPage.ts';
import { e2ePort as port } from './e2eServer.ts';

const origin = `http://localhost:${port}`;

const signInTexts = {
  en: { heading: 'Sign in', email: 'E-mail', password: 'Password', wrong: 'Email or password is incorrect. Please try again.' },
  sv: { heading: 'Logga in', email: 'E-post', password: 'Lösenord', wrong: 'E-postadressen eller lösenordet är felaktigt. Försök igen.' },
};

/** A fresh Aurora account (the demo users stay as they are), created through the API. */
async function freshAccount(request: APIRequestContext, password: string): Promise<string> {
  const email = `reset-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@aurora.test`;
  const response = await request.post(`${origin}/v1/create/user`, {
    headers: { 'X-App-Url': origin },
    data: { brandId: 'aurora', signInType: 'password', email, password, termsAccepted: true, firstName: 'Reset', lastName: 'Tester' },
  });
  expect(response.status()).toBe(200);
  return email;
}

for (const [language, locale] of [
  ['en', 'en-US'],
  ['sv', 'sv-SE'],
] as const) {
  test.describe(`password reset (${language})`, () => {
    test.use({ locale });
    const words = signInTexts[language];

    test('through the outbox link: new password works, the link works only once', async ({ page, request }) => {
      const email = await freshAccount(request, 'OldPassw0rd');
      const forgot = new ForgotPasswordPage(page, language);
      const reset = new ResetPasswordPage(page, language);
      await page.goto('/');
      await openSignInDialog(page, words.heading);
      await forgot.openFromSignIn();
      await forgot.requestLink(email);
      await expect(forgot.sentMessage()).toBeVisible();
      await forgot.dismissSentMessage();
      await expect(page.getByRole('heading', { name: words.heading })).toBeVisible();
      await expect(page).toHaveURL(`${origin}/`);

      const link = await reset.followNewestOutboxLink(email);
      await reset.setPassword('NewPassw0rd', 'NewPassw0rx');
      await expect(reset.message('dontMatch')).toBeVisible();
      await reset.setPassword('NewPassw0rd');
      await expect(reset.savedMessage()).toBeVisible();
      // Not dismissed: the app goes on to sign-in by itself after 3 s.
      await expect(page.getByRole('heading', { name: words.heading })).toBeVisible({ timeout: 6000 });
      await expect(page).toHaveURL(`${origin}/`);

      // The link is checked when the new password is sent: a used one is refused then.
      await page.goto(link);
      await reset.setPassword('OtherPassw0rd');
      await expect(reset.message('linkUsed')).toBeVisible();
      await expect(reset.passwordField()).toHaveCount(0);

      await page.goto('/');
      await openSignInDialog(page, words.heading);
      await page.getByLabel(words.email, { exact: true }).fill(email);
      await page.getByLabel(words.password, { exact: true }).fill('OldPassw0rd');
      await (await signInScope(page)).getByRole('button', { name: words.heading, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(words.wrong);
      await page.getByLabel(words.password, { exact: true }).fill('NewPassw0rd');
      await (await signInScope(page)).getByRole('button', { name: words.heading, exact: true }).click();
      // A fresh account has not completed onboarding: it lands in set-up.
      await new SetUpPage(page, language).expectShown();
    });

    test('an unknown e-mail is told, and a malformed one is refused on the field', async ({ page }) => {
      const forgot = new ForgotPasswordPage(page, language);
      await page.goto('/');
      await openSignInDialog(page, words.heading);
      await forgot.openFromSignIn();
      await forgot.requestLink('nobody');
      await expect(page.getByText(forgot.words.invalidEmail, { exact: true })).toBeVisible();
      await forgot.requestLink(`nobody-${Date.now()}@aurora.test`);
      await expect(forgot.alert()).toHaveText(forgot.words.userNotFound);
      await expect(forgot.sentMessage()).toHaveCount(0);
    });
  });
}
