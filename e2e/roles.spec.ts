import { expect, test, type APIRequestContext } from './fixtures.ts';

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

/** A real Swedish personal number (valid date and check digit) no one else in this run has. */
function freshPersonalNumber(): string {
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const serial = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const nine = `85${month}${day}${serial}`;
  const sum = [...nine].reduce((acc, digit, i) => {
    const d = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return acc + (d > 9 ? d - 9 : d);
  }, 0);
  return `19${nine}${(10 - (sum % 10)) % 10}`;
}

/**
 * A member of Borealis who also has an identity account in Aurora's tenant but no Aurora role:
 * registered with another partner.
 */
async function registerWithBorealisOnly(request: APIRequestContext, baseURL: string, email: string) {
  const borealisUrl = baseURL.replace('localhost', 'borealis.localhost');
  const created = await request.post('/v1/create/user', {
    headers: { 'X-App-Url': borealisUrl },
    data: { brandId: 'borealis', signInType: 'password', email, password, termsAccepted: true, ssn: freshPersonalNumber() },
  });
  expect(created.status(), await created.text()).toBe(200);
  const auroraAccount = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=klubb-local-key', {
    data: { email, password, tenantId: 'aurora-tenant', returnSecureToken: true },
  });
  expect(auroraAccount.status(), await auroraAccount.text()).toBe(200);
}

for (const [language, text] of Object.entries(texts)) {
  test.describe(`roles in ${language}`, () => {
    test.use({ locale: text.locale });

    const signIn = async (page: import('@playwright/test').Page, email: string) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: text.signIn })).toBeVisible();
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.password, { exact: true }).fill(password);
      await page.getByRole('button', { name: text.signIn, exact: true }).click();
    };

    test('an account without a role in Aurora is told to contact customer service', async ({ page }) => {
      await signIn(page, 'norole@aurora.test');
      await expect(page.getByRole('alert')).toHaveText(text.noRole);
      await expect(page.getByRole('heading', { name: text.signIn })).toBeVisible();
    });

    test('an account registered with another partner gets its own message', async ({ page, request, baseURL }) => {
      const email = `partner-${language}-${Date.now()}@example.test`;
      await registerWithBorealisOnly(request, baseURL!, email);
      await signIn(page, email);
      await expect(page.getByRole('alert')).toHaveText(text.otherPartner);
      await expect(page.getByRole('heading', { name: text.signIn })).toBeVisible();
    });
  });
}
