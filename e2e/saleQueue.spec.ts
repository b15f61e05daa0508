import { devices, expect, markGuideSeen, test, type APIRequestContext, type Browser, type Page } from './fixtures.ts';
import { readDataDirOwner } from '../server/dataDirOwner.ts';
import { adminTokenHeader } from '../server/plugins/operatorOnly.ts';
import { e2ePort as port } from './e2eServer.ts';
import { personalNumber, uniqueEmail } from './pages/newAccounts.ts';
import { openSignInDialog, signInScope } from './pages/SignInPage.ts';

// Issue 39: two members wait for an evening's on-sale time in its queue, get their turn and buy,
// on both brands, in English, Swedish and Norwegian. Each test waits about 25 s for the sale.
test.describe.configure({ timeout: 150_000 });

type Language = 'en' | 'sv' | 'nb';
const password = 'Password1';
const locales: Record<Language, string> = { en: 'en-US', sv: 'sv-SE', nb: 'nb-NO' };

/** What the specs read, in each language (src/i18n/locales, the seed's call to action). */
const words = {
  en: {
    signIn: 'Sign in', email: 'E-mail', password: 'Password', cart: /^Cart/, cartOne: /^Cart, 1 item/, city: 'City',
    saleQueue: 'Sale queue', onSaleIn: 'On sale in', goesOnSale: /^Tickets go on sale .+\.$/,
    inQueue: 'You are in the queue. When the sale starts, everyone in it gets a place in random order.',
    yourTurn: 'It’s your turn: check out within 10 minutes.', waitNote: 'You can buy when it is your turn in the sale queue.',
    buy: 'Buy tickets', addToCart: 'Add to cart', quantity: 'Quantity', goToCheckout: 'Go to checkout', cardPayment: 'Card payment',
    nameOnCard: 'Name on the card', cardNumber: 'Card number', expiry: 'Expiry (MM/YY)', pay: /^Pay /, confirmed: 'Order confirmed', thanks: 'Thank you for your order!',
  },
  sv: {
    signIn: 'Logga in', email: 'E-post', password: 'Lösenord', cart: /^Varukorg/, cartOne: /^Varukorg, 1 vara/, city: 'Ort',
    saleQueue: 'Biljettkö', onSaleIn: 'Säljstart om', goesOnSale: /^Biljetterna släpps .+\.$/,
    inQueue: 'Du står i kön. När försäljningen startar får alla i kön en plats i slumpmässig ordning.',
    yourTurn: 'Nu är det din tur: slutför köpet inom 10 minuter.', waitNote: 'Du kan köpa när det är din tur i biljettkön.',
    buy: 'Köp biljetter', addToCart: 'Lägg i varukorgen', quantity: 'Antal', goToCheckout: 'Till kassan', cardPayment: 'Kortbetalning',
    nameOnCard: 'Namn på kortet', cardNumber: 'Kortnummer', expiry: 'Utgångsdatum (MM/ÅÅ)', pay: /^Betala /, confirmed: 'Beställningen är bekräftad', thanks: 'Tack för din beställning!',
  },
  nb: {
    signIn: 'Logg inn', email: 'E-post', password: 'Passord', cart: /^Handlekurv/, cartOne: /^Handlekurv, 1 vare/, city: 'Sted',
    saleQueue: 'Billettkø', onSaleIn: 'Salgsstart om', goesOnSale: /^Billettene slippes .+\.$/,
    inQueue: 'Du står i køen. Når salget starter, får alle i køen en plass i tilfeldig rekkefølge.',
    yourTurn: 'Nå er det din tur: fullfør kjøpet innen 10 minutter.', waitNote: 'Du kan kjøpe når det er din tur i billettkøen.',
    buy: 'Kjøp billetter', addToCart: 'Legg i handlekurven', quantity: 'Antall', goToCheckout: 'Til kassen', cardPayment: 'Kortbetaling',
    nameOnCard: 'Navn på kortet', cardNumber: 'Kortnummer', expiry: 'Utløpsdato (MM/ÅÅ)', pay: /^Betal /, confirmed: 'Bestillingen er bekreftet', thanks: 'Takk for bestillingen!',
  },
};

/**
 * Each brand's evening for the queue: a seeded public event with one evening and plenty of
 * tickets that no other spec opens (server/db/seed). Two members of the page's language and English.
 */
const brands = {
  aurora: { brandId: 'aurora', name: 'Aurora', origin: `http://aurora.localhost:${port}`, offer: 'aurora-live-008', variant: 'aurora-live-008-v0', city: 'Umeå', referralCode: '522660', languages: ['sv', 'en'] },
  borealis: { brandId: 'borealis', name: 'Borealis', origin: `http://borealis.localhost:${port}`, offer: 'borealis-live-012', variant: 'borealis-live-012-v0', city: 'Trondheim', referralCode: 'AB12CD', languages: ['nb', 'en'] },
} as const;
type Brand = (typeof brands)[keyof typeof brands];

/**
 * A fresh member of the brand who has finished set-up, made through the API as the app does it.
 * Calls go to localhost (Node does not resolve *.localhost); X-App-Url names the brand.
 */
async function createMember(request: APIRequestContext, brand: Brand): Promise<string> {
  const local = `http://localhost:${port}`;
  const headers = { 'X-App-Url': brand.origin };
  const found = (await (await request.get(`${local}/v1/get/brand`, { params: { appUrl: brand.origin, authTenantIdSelect: true } })).json()) as {
    id: string;
    authTenantId: string;
    settings: { verifyWithSsn: boolean };
  };
  const email = uniqueEmail('queue', `${found.id}.test`);
  const identity = found.settings.verifyWithSsn ? { ssn: personalNumber() } : { firstName: 'Kim', lastName: 'Queue' };
  const created = await request.post(`${local}/v1/create/user`, { headers, data: { brandId: found.id, signInType: 'password', email, password, termsAccepted: true, ...identity } });
  expect(created.status(), await created.text()).toBe(200);
  const signedIn = await request.post(`${local}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x`, {
    data: { email, password, tenantId: found.authTenantId, returnSecureToken: true },
  });
  const { idToken } = (await signedIn.json()) as { idToken: string };
  const completed = await request.post(`${local}/v1/complete_onboardning/user`, {
    headers: { ...headers, Authorization: `Bearer ${idToken}` },
    data: { phoneNumber: '+46701112233', password, referralCode: brand.referralCode },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return email;
}

/** The operator sets the evening's on-sale time, as `npm run offer:on-sale` does through the server holding the e2e database. */
async function putOnSale(request: APIRequestContext, brandId: string, itemVariantId: string, at: string) {
  const owner = readDataDirOwner(`.data/e2e-${port}`);
  expect(owner?.adminToken, 'the e2e server holds its DATA_DIR').toBeTruthy();
  const answer = await request.post(`http://127.0.0.1:${port}/admin/offers/on-sale`, {
    headers: { [adminTokenHeader]: owner!.adminToken! },
    data: { brandId, itemVariantId, at },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A second member's own browser (a phone, as the project's), in their language. */
async function secondDevice(browser: Browser, language: Language) {
  const { defaultBrowserType: _, ...phone } = devices['Pixel 7'];
  const context = await browser.newContext({ ...phone, deviceScaleFactor: 1, locale: locales[language], reducedMotion: 'reduce' });
  await context.addInitScript(markGuideSeen);
  return context;
}

async function signIn(page: Page, brand: Brand, email: string, language: Language) {
  const w = words[language];
  await page.goto(`${brand.origin}/`);
  await openSignInDialog(page, w.signIn);
  await page.getByLabel(w.email, { exact: true }).fill(email);
  await page.getByLabel(w.password, { exact: true }).fill(password);
  await (await signInScope(page)).getByRole('button', { name: w.signIn, exact: true }).click();
  await expect(page.getByRole('button', { name: w.cart })).toBeVisible();
}

/** Opens the evening and sees its queue before the sale: the countdown, the date, a place in the line, Buy waiting. */
async function waitInQueue(page: Page, brand: Brand, language: Language) {
  const w = words[language];
  await page.goto(`${brand.origin}/live/${brand.offer}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel(w.city, { exact: true }).selectOption({ label: brand.city });
  const queue = page.getByRole('region', { name: w.saleQueue });
  await expect(queue.getByRole('timer')).toHaveText(new RegExp(`^${w.onSaleIn} 0:\\d\\d$`));
  await expect(queue.getByText(w.goesOnSale)).toBeVisible();
  await expect(queue.getByRole('status')).toHaveText(w.inQueue);
  await expect(page.getByRole('button', { name: w.buy })).toBeDisabled();
  await expect(page.getByText(w.waitNote)).toBeVisible();
}

/** At the on-sale time the member's turn comes (without touching the page); they buy one ticket. */
async function getTurnAndBuy(page: Page, language: Language) {
  const w = words[language];
  const queue = page.getByRole('region', { name: w.saleQueue });
  await expect(queue.getByRole('status')).toHaveText(w.yourTurn, { timeout: 60_000 });
  await expect(queue.getByRole('timer')).toHaveCount(0);
  await page.getByRole('button', { name: w.buy }).click();
  const dialog = page.getByRole('dialog', { name: w.addToCart });
  await expect(dialog.getByLabel(w.quantity, { exact: true })).toHaveValue('1');
  await dialog.getByRole('button', { name: w.addToCart }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: w.cartOne }).click();
  await page.getByRole('button', { name: w.goToCheckout }).click();
  const form = page.getByRole('form', { name: w.cardPayment });
  // The form starts with the member's name where their profile has one.
  await form.getByLabel(w.nameOnCard, { exact: true }).fill('Kim Queue');
  await form.getByLabel(w.cardNumber, { exact: true }).fill('4242 4242 4242 4242');
  await form.getByLabel(w.expiry, { exact: true }).fill('12/30');
  await form.getByLabel('CVC', { exact: true }).fill('123');
  await form.getByRole('button', { name: w.pay }).click();
  await expect(page.getByRole('status', { name: w.confirmed })).toContainText(w.thanks);
}

for (const brand of Object.values(brands)) {
  const [first, second] = brand.languages;
  test.describe(`the sale queue, ${brand.name} (${first} and ${second})`, () => {
    test.use({ locale: locales[first] });

    test('two members wait for the on-sale time, then get their turn and buy', async ({ page, browser, request }) => {
      const [firstEmail, secondEmail] = await Promise.all([createMember(request, brand), createMember(request, brand)]);
      const device = await secondDevice(browser, second);
      try {
        const other = await device.newPage();
        await Promise.all([signIn(page, brand, firstEmail, first), signIn(other, brand, secondEmail, second)]);
        // The queue opens 15 minutes before the sale: at once, for a sale 25 s ahead.
        await putOnSale(request, brand.brandId, brand.variant, '+25s');
        await Promise.all([waitInQueue(page, brand, first), waitInQueue(other, brand, second)]);
        await Promise.all([getTurnAndBuy(page, first), getTurnAndBuy(other, second)]);
      } finally {
        await device.close();
      }
    });
  });
}
