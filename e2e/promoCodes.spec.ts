import { expect, test, type APIRequestContext } from './fixtures.ts';
import { PromoCodesPage } from './pages/PromoCodesPage.ts';
import { catalogText, type ProfileLanguage } from './pages/ProfilePage.ts';
import { e2ePort as port } from './e2eServer.ts';
import { personalNumber } from './pages/newAccounts.ts';

const password = 'Password1';

/** The demo promo offers (server/db/seed/promoCodes.ts): common code plus unique codes with cap 2, and sold out. */
const brands = [
  {
    name: 'Aurora',
    origin: `http://localhost:${port}`,
    open: { path: '/benefit/aurora-benefit-001', commonCode: 'AURORA-WELCOME' },
    soldOut: '/benefit/aurora-benefit-004',
    referralCode: '522660',
  },
  {
    name: 'Borealis',
    origin: `http://borealis.localhost:${port}`,
    open: { path: '/benefit/borealis-benefit-001', commonCode: 'BOREALIS-WELCOME' },
    soldOut: '/benefit/borealis-benefit-003',
    referralCode: 'AB12CD',
  },
];

/** What the brands configure comes in the member's language (server/db/seed): the button and the More tab. */
const brandWords = { en: { getYourCode: 'Get your code', moreTab: 'More' }, sv: { getYourCode: 'Hämta din kod', moreTab: 'Mer' } };

/**
 * A fresh member of the brand who has finished set-up, made through the API as the app does it
 * (create, sign in at the identity endpoint, complete onboarding), so each run starts at 0 codes.
 * Calls go to localhost (Node does not resolve *.localhost); X-App-Url names the brand.
 */
async function createMember(request: APIRequestContext, origin: string, referralCode: string): Promise<string> {
  const local = `http://localhost:${port}`;
  const headers = { 'X-App-Url': origin };
  const brand = (await (await request.get(`${local}/v1/get/brand`, { params: { appUrl: origin, authTenantIdSelect: true } })).json()) as {
    id: string;
    authTenantId: string;
    settings: { verifyWithSsn: boolean };
  };
  const email = `promo-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@${brand.id}.test`;
  const identity = brand.settings.verifyWithSsn ? { ssn: personalNumber() } : { firstName: 'Pia', lastName: 'Promo' };
  const created = await request.post(`${local}/v1/create/user`, {
    headers,
    data: { brandId: brand.id, signInType: 'password', email, password, termsAccepted: true, ...identity },
  });
  expect(created.status(), await created.text()).toBe(200);
  const signedIn = await request.post(`${local}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x`, {
    data: { email, password, tenantId: brand.authTenantId, returnSecureToken: true },
  });
  expect(signedIn.ok()).toBe(true);
  const { idToken } = (await signedIn.json()) as { idToken: string };
  const completed = await request.post(`${local}/v1/complete_onboardning/user`, {
    headers: { ...headers, Authorization: `Bearer ${idToken}` },
    data: { phoneNumber: '+46701112233', password, referralCode },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return email;
}

for (const [language, locale] of [['en', 'en-US'], ['sv', 'sv-SE']] as [ProfileLanguage, string][]) {
  for (const brand of brands) {
    test.describe(`promo codes, ${brand.name} (${language})`, () => {
      test.use({ locale });
      const configured = brandWords[language];

      test('claims the common and unique codes to the cap, finds them on /more/voucher and copies one', async ({ page, request, context }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: brand.origin });
        const email = await createMember(request, brand.origin, brand.referralCode);
        const promo = new PromoCodesPage(page, language);
        await promo.signIn(brand.origin, email, password);
        await promo.openOffer(brand.origin, brand.open.path);
        const title = (await promo.visible().getByRole('heading', { level: 1 }).textContent())!;

        // The common code is revealed by claiming it.
        await expect(promo.codesIn(promo.commonRow())).toHaveCount(0);
        await promo.commonRow().getByRole('button', { name: promo.words.showCode }).click();
        await expect(promo.codesIn(promo.commonRow())).toHaveText([brand.open.commonCode]);
        // On a 390 px phone the code is one line: it never breaks inside ("BOREALIS-WELCOM / E").
        const viewport = page.viewportSize()!;
        await page.setViewportSize({ width: 390, height: 844 });
        const shown = promo.codesIn(promo.commonRow()).first();
        const box = await shown.evaluate((element) => {
          const style = getComputedStyle(element);
          const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
          const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
          return { whiteSpace: style.whiteSpace, contentHeight: element.clientHeight - padding, lineHeight, overflows: element.scrollWidth > element.clientWidth };
        });
        expect(box.whiteSpace).toBe('nowrap');
        expect(box.contentHeight).toBeLessThan(box.lineHeight * 1.5);
        expect(box.overflows).toBe(false);
        await page.setViewportSize(viewport);

        // Unique codes: the call to action claims the first, the row's button the second, then the cap.
        await expect(promo.counter()).toHaveText('0/2');
        await promo.callToAction(configured.getYourCode).click();
        await expect(promo.counter()).toHaveText('1/2');
        await expect(promo.codesIn(promo.uniqueRow())).toHaveCount(1);
        // Claimed from the call to action, the code is brought to where the member looks, and announced.
        const first = (await promo.codesIn(promo.uniqueRow()).first().textContent())!;
        await expect(promo.codesIn(promo.uniqueRow()).first()).toBeInViewport();
        await expect(promo.uniqueRow().getByRole('status').last()).toContainText(first);
        await promo.claimButton().click();
        await expect(promo.counter()).toHaveText('2/2');
        const codes = await promo.codesIn(promo.uniqueRow()).allTextContents();
        expect(codes).toHaveLength(2);
        expect(new Set(codes).size).toBe(2);
        await expect(promo.claimButton()).toBeDisabled();
        await expect(promo.uniqueRow().getByRole('status').last()).toContainText(promo.words.capReached);
        await expect(promo.callToAction(configured.getYourCode)).toBeDisabled();

        // Copy a code: the clipboard holds it and the page says so.
        await promo.copyButton(codes[0]!).click();
        await expect(promo.copied(codes[0]!)).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes[0]);

        // The same codes, newest first, on /more/voucher under the offer's title and link.
        await promo.openVouchersFromMore(configured.moreTab);
        const group = promo.voucherGroupOf(title);
        // The revealed member code is listed too (revealed first, so it is the oldest).
        await expect(group.locator('code')).toHaveText([codes[1]!, codes[0]!, brand.open.commonCode]);
        const month = new Date().toLocaleDateString(language === 'sv' ? 'sv-SE' : 'en-US', { month: 'long' });
        await expect(group.locator('time').first()).toContainText(month);
        await expect(promo.voucherGroups().getByRole('link', { name: title, exact: true })).toHaveAttribute('href', brand.open.path);
        await promo.copyButton(codes[1]!).click();
        await expect(promo.copied(codes[1]!)).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes[1]);

        // Reloaded, the offer remembers the common code and the cap.
        await promo.openOffer(brand.origin, brand.open.path);
        await expect(promo.codesIn(promo.commonRow())).toHaveText([brand.open.commonCode]);
        await expect(promo.counter()).toHaveText('2/2');
        // Not only counted: the member's codes are listed again, in the order they were claimed.
        await expect(promo.codesIn(promo.uniqueRow())).toHaveText(codes);
        await expect(promo.claimButton()).toBeDisabled();
      });

      test('a sold-out offer shows no unique-code row and a disabled claim button', async ({ page, request }) => {
        const email = await createMember(request, brand.origin, brand.referralCode);
        const promo = new PromoCodesPage(page, language);
        await promo.signIn(brand.origin, email, password);
        await promo.openOffer(brand.origin, brand.soldOut);
        await expect(promo.uniqueRow()).toHaveCount(0);
        await expect(promo.callToAction(configured.getYourCode)).toBeDisabled();
        await expect(promo.visible().getByText(catalogText(language, 'voucher_no_codes_remaining'), { exact: true })).toBeVisible();
      });
    });
  }
}
