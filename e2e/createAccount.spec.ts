import { expect, test, type APIRequestContext, type Page } from './fixtures.ts';
import { CreateAccountPage } from './pages/CreateAccountPage.ts';
import { SetUpPage } from './pages/SetUpPage.ts';
import { personalNumber, uniqueEmail } from './pages/newAccounts.ts';
import { e2ePort as port } from './e2eServer.ts';

const aurora = `http://aurora.localhost:${port}`;
const borealis = `http://borealis.localhost:${port}`;

/** The feed's offer list, named per language. */
const offers = (page: Page, language: 'en' | 'sv') =>
  page.getByRole('list', { name: language === 'en' ? 'Offers' : 'Erbjudanden' }).getByRole('listitem');

/** Creates a Borealis account straight through the API (for the taken-number case). */
async function createBorealisAccount(request: APIRequestContext, ssn: string) {
  // Node does not resolve *.localhost: the brand is found from the app URL header instead.
  const response = await request.post(`http://localhost:${port}/v1/create/user`, {
    headers: { 'X-App-Url': borealis },
    data: { brandId: 'borealis', signInType: 'password', email: uniqueEmail('taken', 'borealis.test'), termsAccepted: true, ssn },
  });
  expect(response.status()).toBe(200);
}

for (const [language, locale] of [
  ['en', 'en-US'],
  ['sv', 'sv-SE'],
] as const) {
  test.describe(`create account (${language})`, () => {
    test.use({ locale });

    test('on Aurora with name and contact fields, then set-up, then the feed', async ({ page }) => {
      const form = new CreateAccountPage(page, language);
      await form.open(aurora);
      await expect(form.field('ssn')).toHaveCount(0);
      await expect(form.termsLink()).toHaveAttribute('href', '/media/brand/aurora/terms.html');

      await form.fillNameMode({ email: uniqueEmail('ada', 'aurora.test'), fullName: 'Ada' });
      await form.submit();
      await expect(form.message('needToAcceptTerms')).toBeVisible();
      await expect(form.message('fullNameMissing')).toBeVisible();
      await expect(form.terms()).toHaveAttribute('aria-invalid', 'true');

      await form.fillNameMode({
        email: uniqueEmail('ada', 'aurora.test'),
        password: 'Secret123',
        fullName: 'Ada King Lovelace',
        phone: '070-123 45 67',
        street: 'Storgatan 1',
        zipCode: '11122',
        city: 'Stockholm',
      });
      await form.acceptTerms();
      await form.submit();

      const setUp = new SetUpPage(page, language);
      await setUp.expectShown();
      // Set-up is the stack '/', and the password chosen a moment ago is not asked again.
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(setUp.password()).toHaveCount(0);
      await setUp.fillPhone('+46701234567');
      await setUp.chooseCard('Bankkort');
      await setUp.submit();
      await expect(offers(page, language).first()).toBeVisible();
    });

    test('on Borealis with a personal number and the link’s referral code, then set-up, then the feed', async ({ page }) => {
      const form = new CreateAccountPage(page, language);
      await form.open(borealis, 'ABC123');
      await expect(form.field('fullName')).toHaveCount(0);
      expect(await page.evaluate(() => sessionStorage.getItem('klubb.referralCode'))).toBe('ABC123');
      // Borealis's own note, in the member's language (server/db/seed/brands.ts).
      await expect(page.getByText(language === 'sv' ? /Vi kontrollerar ditt personnummer/ : /We check your Swedish personal identity number/)).toBeVisible();

      await form.fillSsnMode({ email: uniqueEmail('sol', 'borealis.test'), ssn: '199001011235' });
      await form.acceptTerms();
      await form.submit();
      await expect(form.message('ssnInvalid')).toBeVisible();
      await expect(form.field('ssn')).toHaveAttribute('aria-invalid', 'true');

      await form.field('ssn').fill(personalNumber());
      await form.submit();

      const setUp = new SetUpPage(page, language);
      await setUp.expectShown();
      await setUp.fillPhone('+46701234567');
      // No password was chosen at sign-up: the generated one is replaced here.
      await setUp.fillPassword('Secret1234');
      // The link's code arrives in set-up by itself.
      await expect(setUp.referralCode()).toHaveValue('ABC123');
      await setUp.submit();
      await expect(offers(page, language).first()).toBeVisible();
    });

    test('a taken e-mail and a taken personal number are told on their fields', async ({ page, request }) => {
      const form = new CreateAccountPage(page, language);
      await form.open(aurora);
      await form.fillNameMode({ email: 'member@aurora.test', fullName: 'Ada Lovelace' });
      await form.acceptTerms();
      await form.submit();
      await expect(form.message('emailTaken')).toBeVisible();
      await expect(form.field('email')).toHaveAttribute('aria-invalid', 'true');

      const ssn = personalNumber();
      await createBorealisAccount(request, ssn);
      await form.open(borealis);
      await form.fillSsnMode({ email: uniqueEmail('twin', 'borealis.test'), ssn });
      await form.acceptTerms();
      await form.submit();
      await expect(form.message('ssnTaken')).toBeVisible();
    });
  });
}
