import { expect, test, type APIRequestContext, type Browser, type Page, type Request } from './fixtures.ts';
import { catalogText } from './pages/catalogText.ts';
import { expectSignedIn, openSignInDialog, signInScope } from './pages/SignInPage.ts';
import { e2ePort as port } from './e2eServer.ts';

/*
 * The member's preferences on both brands (issue 23): the app's language (kept on the device and
 * on the member, so their mails follow it), favourite categories and the feed's filter by them,
 * the step-by-step guide on a first visit, and search on desktop.
 */
type Language = 'en' | 'sv' | 'nb';

const brands = [
  {
    name: 'Aurora',
    origin: `http://localhost:${port}`,
    email: 'member@aurora.test',
    moreTab: { en: 'More', sv: 'Mer', nb: 'Mer' },
    category: { en: 'Music', sv: 'Musik', nb: 'Musikk' },
  },
  {
    name: 'Borealis',
    origin: `http://borealis.localhost:${port}`,
    email: 'member@borealis.test',
    moreTab: { en: 'More', sv: 'Mer', nb: 'Mer' },
    category: { en: 'Music', sv: 'Musik', nb: 'Musikk' },
  },
] as const;

const english = {
  signInHeading: 'Sign in',
  email: 'E-mail',
  password: 'Password',
  signIn: 'Sign in',
  offers: 'Offers',
  main: 'Main',
  menu: 'Menu',
  language: 'Language',
  myCategories: 'My categories',
  signOut: 'Sign out',
};
const words = (language: Language) =>
  Object.fromEntries(Object.entries(english).map(([key, text]) => [key, language === 'en' ? text : catalogText(language, text)])) as typeof english;

/** The Norwegian subject of the password-reset mail (server/mail/resetMail.ts). */
const norwegianResetSubject = (brand: string) => `Tilbakestill passordet ditt hos ${brand}`;

const isOfferList = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === '/v1/get_list/offer';

/** The page the member sees: the stacked section that is neither hidden nor inert. */
const visiblePage = (page: Page) => page.locator('section[data-path]:not([inert])').filter({ visible: true });

/** Signs in on a form in `language`; the app then shows `shown` (the member's own language on a device without a choice). */
async function signIn(page: Page, origin: string, email: string, language: Language, shown: Language = language) {
  const w = words(language);
  await page.goto(`${origin}/`);
  await openSignInDialog(page, w.signIn);
  await expect(page.getByRole('heading', { name: w.signInHeading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.getByLabel(w.email, { exact: true }).fill(email);
  await page.getByLabel(w.password, { exact: true }).fill('Password1');
  await (await signInScope(page)).getByRole('button', { name: w.signIn, exact: true }).click();
  await expectSignedIn(page, w.signIn);
  await expect(visiblePage(page).getByRole('list', { name: words(shown).offers })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', shown);
}

async function openMoreTile(page: Page, brand: (typeof brands)[number], language: Language, tile: 'language' | 'myCategories') {
  const w = words(language);
  await page.getByRole('navigation', { name: w.main }).getByRole('link', { name: brand.moreTab[language], exact: true }).click();
  await visiblePage(page).getByRole('navigation', { name: w.menu }).getByRole('link', { name: w[tile], exact: true }).click();
  await expect(visiblePage(page).getByRole('heading', { level: 1, name: w[tile] })).toBeVisible();
}

/** Picks a language on the Language screen (each is named in itself) and waits until the app shows it. */
async function chooseLanguage(page: Page, name: 'English' | 'Svenska' | 'Norsk', language: Language) {
  await visiblePage(page).getByRole('radio', { name }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(visiblePage(page).getByRole('heading', { level: 1, name: words(language).language })).toBeVisible();
}

async function signOut(page: Page, brand: (typeof brands)[number], language: Language) {
  const w = words(language);
  await page.getByRole('navigation', { name: w.main }).getByRole('link', { name: brand.moreTab[language], exact: true }).click();
  await visiblePage(page).getByRole('button', { name: w.signOut }).click();
  // Signed out, the visitor's feed with the header's sign-in.
  await expect(page.getByRole('banner').getByRole('button', { name: w.signIn, exact: true })).toBeVisible();
}

/** A browser that has never seen the app: no language chosen on it (unless `chosen`), English by the browser. */
async function freshDevice(browser: Browser, chosen?: Language) {
  const context = await browser.newContext({ locale: 'en-US' });
  if (chosen) await context.addInitScript((language) => localStorage.setItem('klubb.language', JSON.stringify(language)), chosen);
  await context.addInitScript(() => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (this: Storage, key: string) {
      return key.startsWith('klubb.guideSeen.') ? 'true' : getItem.call(this, key);
    };
  });
  return context;
}

/**
 * Leaves the demo member's record without a language, as the other specs expect (their browsers'
 * languages apply to the demo members), even when a test stopped half-way.
 */
async function forgetLanguage(request: APIRequestContext, brand: (typeof brands)[number]) {
  const brandAnswer = await request.get('/v1/get/brand', { params: { appUrl: brand.origin, authTenantIdSelect: true } });
  const { authTenantId } = (await brandAnswer.json()) as { authTenantId: string };
  const signedIn = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x', {
    data: { email: brand.email, password: 'Password1', tenantId: authTenantId, returnSecureToken: true },
  });
  const { idToken } = (await signedIn.json()) as { idToken: string };
  const cleared = await request.put('/v1/update/user', {
    headers: { 'X-App-Url': brand.origin, Authorization: `Bearer ${idToken}` },
    data: { language: null },
  });
  expect(cleared.status(), await cleared.text()).toBe(200);
}

for (const brand of brands) {
  test.describe(`member preferences (${brand.name})`, () => {
    test.afterEach(async ({ request }, testInfo) => {
      if (testInfo.title.startsWith('the language')) await forgetLanguage(request, brand);
    });

    test('the language: Svenska at once, after a reload and a new sign-in; Norsk on the member, so on a new device and in mails; English again', async ({
      page,
      browser,
      request,
    }) => {
      // Two devices, three sign-ins, a reload and a mail: longer than one screen's flow.
      test.slow();
      await signIn(page, brand.origin, brand.email, 'en');
      await openMoreTile(page, brand, 'en', 'language');
      await chooseLanguage(page, 'Svenska', 'sv');
      // The brand's own texts come again in Swedish: the tabs are the server's labels.
      const tabs = page.getByRole('navigation', { name: words('sv').main });
      await expect(tabs.getByRole('link', { name: brand.moreTab.sv, exact: true })).toBeVisible();

      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
      await expect(visiblePage(page).getByRole('heading', { level: 1, name: 'Språk' })).toBeVisible();
      await expect(visiblePage(page).getByRole('radio', { name: 'Svenska' })).toBeChecked();

      // Signed out, the device keeps the choice: the sign-in screen is Swedish, and so is the app after.
      await signOut(page, brand, 'sv');
      await signIn(page, brand.origin, brand.email, 'sv');

      await openMoreTile(page, brand, 'sv', 'language');
      const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/v1/update/user');
      await chooseLanguage(page, 'Norsk', 'nb');
      expect((await saved).status()).toBe(200);

      // A device where nothing was chosen takes the member's language after sign-in.
      const otherDevice = await freshDevice(browser);
      try {
        const other = await otherDevice.newPage();
        await signIn(other, brand.origin, brand.email, 'en', 'nb');
        await expect(other.getByRole('navigation', { name: words('nb').main })).toBeVisible();
      } finally {
        await otherDevice.close();
      }

      // The reset mail follows the member's language, whatever language the asking browser speaks.
      // Asked on the server's own host (Node does not resolve *.localhost); the app URL names the brand.
      const reset = await request.post(`http://localhost:${port}/v1/password_reset/user`, {
        headers: { 'X-App-Url': brand.origin, 'Accept-Language': 'en' },
        data: { email: brand.email, appUrl: brand.origin },
      });
      expect(reset.status()).toBe(200);
      const outbox = await request.get(`http://localhost:${port}/dev/outbox.json?to=${encodeURIComponent(brand.email)}&limit=1`);
      const { mails } = (await outbox.json()) as { mails: { subject: string }[] };
      const [mail] = mails;
      expect(mail?.subject).toBe(norwegianResetSubject(brand.name));

      // Back to English.
      const back = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/v1/update/user');
      await chooseLanguage(page, 'English', 'en');
      expect((await back).status()).toBe(200);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: brand.moreTab.en, exact: true })).toBeVisible();
    });

    test('a favourite category filters the mixed feed, and stays after a reload', async ({ page }) => {
      await signIn(page, brand.origin, brand.email, 'en');
      const home = visiblePage(page);
      await expect(home.getByRole('button', { name: 'My categories' })).toHaveCount(0);

      await openMoreTile(page, brand, 'en', 'myCategories');
      const music = visiblePage(page).getByRole('checkbox', { name: brand.category.en, exact: true });
      await expect(music).not.toBeChecked();
      const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/v1/update/user/category');
      await music.check();
      expect((await saved).status()).toBe(200);
      await page.reload();
      await expect(visiblePage(page).getByRole('checkbox', { name: brand.category.en, exact: true })).toBeChecked();

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().click();
      const filter = visiblePage(page).getByRole('button', { name: 'My categories' });
      await expect(filter).toHaveAttribute('aria-pressed', 'false');
      const filtered = page.waitForResponse((r) => isOfferList(r.request()) && new URL(r.url()).searchParams.get('offset') === '0');
      await filter.click();
      const response = await filtered;
      const query = new URL(response.url()).searchParams;
      // The mixed feed's list (no type) of the favourites only.
      expect(query.get('type')).toBeNull();
      expect(JSON.parse(query.get('categoryIdSelect') ?? '[]')).toEqual(['music']);
      const offers = (await response.json()) as { categoryId: string | null }[];
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.every((offer) => offer.categoryId === 'music')).toBe(true);
      await expect(filter).toHaveAttribute('aria-pressed', 'true');
      await expect(visiblePage(page).getByRole('list', { name: 'Offers' }).getByRole('listitem').first()).toBeVisible();

      // Every offer again (its first page may come from the 10 s cache, without a request).
      await filter.click();
      await expect(filter).toHaveAttribute('aria-pressed', 'false');
      await expect(visiblePage(page).getByRole('list', { name: 'Offers' }).getByRole('listitem').first()).toBeVisible();

      // No favourites left: the demo member is as before, and the filter is gone. (The More tab
      // would show the top of its stack, My categories, again.)
      await page.goto(`${brand.origin}/more/categories`);
      const cleared = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/v1/update/user/category');
      await visiblePage(page).getByRole('checkbox', { name: brand.category.en, exact: true }).uncheck();
      expect((await cleared).status()).toBe(200);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().click();
      await expect(visiblePage(page).getByRole('button', { name: 'My categories' })).toHaveCount(0);
    });

    test.describe('first visit', () => {
      test.use({ guideAlreadySeen: false });

      test('the step-by-step guide opens over the app once; skipped, it does not come back', async ({ page }) => {
        await signIn(page, brand.origin, brand.email, 'en');
        const guide = page.getByRole('dialog', { name: 'Your feed' });
        await expect(guide).toBeVisible();
        await expect(guide.getByText('Step 1 of 4')).toBeVisible();
        await expect(guide.getByRole('button', { name: 'Next' })).toBeFocused();
        await guide.getByRole('button', { name: 'Next' }).click();
        const second = page.getByRole('dialog', { name: 'Offers and promo codes' });
        await expect(second.getByText('Step 2 of 4')).toBeVisible();
        await expect(second.getByRole('heading', { name: 'Offers and promo codes' })).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(second.getByRole('button', { name: 'Back' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(guide.getByText('Step 1 of 4')).toBeVisible();
        await guide.getByRole('button', { name: 'Skip the guide' }).click();
        await expect(page.getByRole('dialog')).toHaveCount(0);

        await page.reload();
        await expect(visiblePage(page).getByRole('list', { name: 'Offers' })).toBeVisible();
        await signOut(page, brand, 'en');
        await signIn(page, brand.origin, brand.email, 'en');
        await expect(page.getByRole('dialog')).toHaveCount(0);

        // From More it shows again as a page; Done goes back.
        await page.goto(`${brand.origin}/more/guide`);
        const steps = visiblePage(page);
        await expect(steps.getByRole('heading', { level: 1, name: 'Step-by-step guide' })).toBeVisible();
        for (let step = 1; step < 4; step++) await steps.getByRole('button', { name: 'Next' }).click();
        await expect(steps.getByText('Step 4 of 4')).toBeVisible();
        await steps.getByRole('button', { name: 'Done' }).click();
        await expect(page).toHaveURL(`${brand.origin}/more`);
      });
    });

    test.describe('desktop', () => {
      test.use({
        viewport: { width: 1280, height: 800 },
        isMobile: false,
        hasTouch: false,
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      });

      test('search is a tab in the top navigation', async ({ page }) => {
        await signIn(page, brand.origin, brand.email, 'en');
        // The feed's search field is the mobile way in; desktop has the tab.
        await expect(visiblePage(page).getByRole('searchbox')).toHaveCount(0);
        const tab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search', exact: true });
        await tab.click();
        await expect(page).toHaveURL(`${brand.origin}/search`);
        await expect(tab).toHaveAttribute('aria-current', 'page');
        const searched = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/search/offer');
        await visiblePage(page).getByRole('searchbox').fill('a');
        expect((await searched).status()).toBe(200);
        await expect(visiblePage(page).getByRole('link').first()).toBeVisible();
      });
    });

    test('on a phone there is no search tab: the feed has its search field', async ({ page }) => {
      await signIn(page, brand.origin, brand.email, 'en');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search', exact: true })).toHaveCount(0);
      await expect(visiblePage(page).getByRole('searchbox')).toBeVisible();
    });
  });
}
