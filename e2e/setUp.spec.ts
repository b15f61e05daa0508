import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { SetUpPage, type SetUpLanguage } from './pages/SetUpPage.ts';
import { openSignInDialog, signInScope } from './pages/SignInPage.ts';
import { e2ePort as port } from './e2eServer.ts';
import { personalNumber } from './pages/newAccounts.ts';

const aurora = `http://localhost:${port}`;
const borealis = `http://borealis.localhost:${port}`;

/** The words these specs read besides the set-up form itself. */
const words = {
  en: {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    offers: 'Offers',
    enterPhone: 'Enter your phone number',
    enterPassword: 'Enter a password',
    passwordRule: 'The password does not meet the requirements',
    chooseCard: 'Choose your bank card',
    cardDigits: 'Enter the first six digits of your bank card',
    enterCode: 'Enter your referral code',
    invalidCode: 'The referral code is not valid',
  },
  sv: {
    email: 'E-post',
    password: 'Lösenord',
    signIn: 'Logga in',
    offers: 'Erbjudanden',
    enterPhone: 'Ange ditt telefonnummer',
    enterPassword: 'Ange ett lösenord',
    passwordRule: 'Lösenordet uppfyller inte kraven',
    chooseCard: 'Välj ditt bankkort',
    cardDigits: 'Ange de första sex siffrorna i ditt bankkort',
    enterCode: 'Ange din värvningskod',
    invalidCode: 'Värvningskoden är inte giltig',
  },
};

/**
 * A fresh account on the brand at `origin`, through the create-account API, without a password of
 * its own (as a bank-eID sign-up makes it): it lands in set-up, which asks for one. Answers the
 * e-mail and the generated password. The API is called on localhost (Node does not resolve
 * *.localhost); X-App-Url names the brand.
 */
async function createAccount(request: APIRequestContext, origin: string, language: SetUpLanguage): Promise<{ email: string; password: string }> {
  const headers = { 'X-App-Url': origin };
  const brand = await (await request.get(`${aurora}/v1/get/brand`, { headers, params: { appUrl: origin } })).json();
  const email = `setup-${language}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@${brand.id}.test`;
  const identity = brand.settings.verifyWithSsn ? { ssn: personalNumber() } : { firstName: 'Sam', lastName: 'Setup' };
  const response = await request.post(`${aurora}/v1/create/user`, {
    headers,
    data: { brandId: brand.id, signInType: 'password', email, termsAccepted: true, ...identity },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password: ((await response.json()) as { tempPassword: string }).tempPassword };
}

async function signIn(page: Page, origin: string, account: { email: string; password: string }, language: SetUpLanguage) {
  const w = words[language];
  await page.goto(`${origin}/`);
  await openSignInDialog(page, w.signIn);
  await page.getByLabel(w.email, { exact: true }).fill(account.email);
  await page.getByLabel(w.password, { exact: true }).fill(account.password);
  await (await signInScope(page)).getByRole('button', { name: w.signIn, exact: true }).click();
}

async function expectFeed(page: Page, language: SetUpLanguage) {
  await expect(page.getByRole('list', { name: words[language].offers }).getByRole('listitem').first()).toBeVisible();
}

for (const language of ['en', 'sv'] as const) {
  const w = words[language];

  test.describe(`set-up in ${language}`, () => {
    test.use({ locale: language === 'sv' ? 'sv-SE' : 'en-US' });

    test('Aurora: a new account chooses the other card, types six digits and reaches the feed', async ({ page, request }) => {
      const account = await createAccount(request, aurora, language);
      await signIn(page, aurora, account, language);
      const setUp = new SetUpPage(page, language);
      await setUp.expectShown();
      await expect(setUp.email()).toHaveValue(account.email);

      await setUp.submit();
      for (const text of [w.enterPhone, w.enterPassword, w.chooseCard]) await expect(setUp.message(text)).toBeVisible();
      await expect(setUp.phone()).toBeFocused();

      await setUp.fillPhone('070 123 45 67');
      await setUp.fillPassword('password');
      await setUp.chooseCard('other');
      await setUp.typeCardDigits('123');
      await setUp.submit();
      await expect(setUp.message(w.passwordRule)).toBeVisible();
      await expect(setUp.message(w.cardDigits)).toBeVisible();
      await expect(setUp.message(w.chooseCard)).toHaveCount(0);

      await setUp.fillPassword('Secret123');
      await setUp.typeCardDigits('456', 4);
      await expect(setUp.digit(6)).toHaveValue('6');
      await setUp.submit();
      await expectFeed(page, language);
      await expect(setUp.heading()).toHaveCount(0);

      await page.reload();
      await expectFeed(page, language);
      await expect(setUp.heading()).toHaveCount(0);
    });

    test('Borealis: a new account types its referral code and reaches the feed', async ({ page, request }) => {
      const account = await createAccount(request, borealis, language);
      await signIn(page, borealis, account, language);
      const setUp = new SetUpPage(page, language);
      await setUp.expectShown();
      await expect(setUp.cardGroup()).toHaveCount(0);
      await expect(setUp.referralCode()).toHaveAttribute('maxlength', '6');

      await setUp.fillPhone('+46 70 765 43 21');
      await setUp.fillPassword('Secret123');
      await setUp.submit();
      await expect(setUp.message(w.enterCode)).toBeVisible();
      await setUp.fillReferralCode('AB12');
      await setUp.submit();
      await expect(setUp.message(w.invalidCode)).toBeVisible();
      await expect(setUp.referralCode()).toHaveAttribute('aria-invalid', 'true');

      await setUp.fillReferralCode('AB12CD');
      await setUp.submit();
      await expectFeed(page, language);

      await page.reload();
      await expectFeed(page, language);
      await expect(setUp.heading()).toHaveCount(0);
    });
  });
}

test('the new password is the one that signs in after set-up', async ({ page, request }) => {
  const account = await createAccount(request, aurora, 'en');
  await signIn(page, aurora, account, 'en');
  const setUp = new SetUpPage(page);
  await setUp.fillPhone('+46701234567');
  await setUp.fillPassword('Changed123');
  await setUp.chooseCard('Allkort');
  await setUp.submit();
  await expectFeed(page, 'en');
  // Sign-out lives on More.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'More' }).click();
  await page.locator('section[data-path="/more"]').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The generated password is replaced.
  await signIn(page, aurora, account, 'en');
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect. Please try again.');
  await page.getByLabel('Password', { exact: true }).fill('Changed123');
  await (await signInScope(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectFeed(page, 'en');
});
