import { devices, expect, markGuideSeen, test, type APIRequestContext, type Browser, type Page } from './fixtures.ts';
import { admissionRoom } from '../server/commerce/saleQueue.ts';
import { readDataDirOwner } from '../server/dataDirOwner.ts';
import { adminTokenHeader } from '../server/plugins/operatorOnly.ts';
import { e2ePort as port } from './e2eServer.ts';
import { personalNumber, uniqueEmail } from './pages/newAccounts.ts';
import { openSignInDialog, signInScope } from './pages/SignInPage.ts';

// Issue 39: two members wait for an evening's on-sale time in its queue and get in in order: the
// evening has tickets left for one member at a time, so at the sale one has their turn while the
// other is number 1 in the queue, and the other's turn comes once the first has taken a ticket.
// On both brands, in English, Swedish and Norwegian. Each test waits about 25 s for the sale.
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
    firstInLine: 'You are number 1 in the queue.',
    yourTurn: 'It’s your turn: check out within 10 minutes.', waitNote: 'You can buy when it is your turn in the sale queue.',
    buy: 'Buy tickets', addToCart: 'Add to cart', quantity: 'Quantity', goToCheckout: 'Go to checkout', cardPayment: 'Card payment',
    nameOnCard: 'Name on the card', cardNumber: 'Card number', expiry: 'Expiry (MM/YY)', pay: /^Pay /, confirmed: 'Order confirmed', thanks: 'Thank you for your order!',
  },
  sv: {
    signIn: 'Logga in', email: 'E-post', password: 'Lösenord', cart: /^Varukorg/, cartOne: /^Varukorg, 1 vara/, city: 'Ort',
    saleQueue: 'Biljettkö', onSaleIn: 'Säljstart om', goesOnSale: /^Biljetterna släpps .+\.$/,
    inQueue: 'Du står i kön. När försäljningen startar får alla i kön en plats i slumpmässig ordning.',
    firstInLine: 'Du är nummer 1 i kön.',
    yourTurn: 'Nu är det din tur: slutför köpet inom 10 minuter.', waitNote: 'Du kan köpa när det är din tur i biljettkön.',
    buy: 'Köp biljetter', addToCart: 'Lägg i varukorgen', quantity: 'Antal', goToCheckout: 'Till kassan', cardPayment: 'Kortbetalning',
    nameOnCard: 'Namn på kortet', cardNumber: 'Kortnummer', expiry: 'Utgångsdatum (MM/ÅÅ)', pay: /^Betala /, confirmed: 'Beställningen är bekräftad', thanks: 'Tack för din beställning!',
  },
  nb: {
    signIn: 'Logg inn', email: 'E-post', password: 'Passord', cart: /^Handlekurv/, cartOne: /^Handlekurv, 1 vare/, city: 'Sted',
    saleQueue: 'Billettkø', onSaleIn: 'Salgsstart om', goesOnSale: /^Billettene slippes .+\.$/,
    inQueue: 'Du står i køen. Når salget starter, får alle i køen en plass i tilfeldig rekkefølge.',
    firstInLine: 'Du er nummer 1 i køen.',
    yourTurn: 'Nå er det din tur: fullfør kjøpet innen 10 minutter.', waitNote: 'Du kan kjøpe når det er din tur i billettkøen.',
    buy: 'Kjøp billetter', addToCart: 'Legg i handlekurven', quantity: 'Antall', goToCheckout: 'Til kassen', cardPayment: 'Kortbetaling',
    nameOnCard: 'Navn på kortet', cardNumber: 'Kortnummer', expiry: 'Utløpsdato (MM/ÅÅ)', pay: /^Betal /, confirmed: 'Bestillingen er bekreftet', thanks: 'Takk for bestillingen!',
  },
};

/**
 * Each brand's evening for the queue: a seeded public event's evening with few tickets (38 in
 * Malmö, 23 in Sälen; 8 a member at most, as every seeded ticket) that no other spec opens
 * (server/db/seed). Two members of the page's language and English.
 */
const brands = {
  aurora: { brandId: 'aurora', name: 'Aurora', origin: `http://aurora.localhost:${port}`, offer: 'aurora-live-032', variant: 'aurora-live-032-v1', city: 'Malmö', referralCode: '522660', languages: ['sv', 'en'] },
  borealis: { brandId: 'borealis', name: 'Borealis', origin: `http://borealis.localhost:${port}`, offer: 'borealis-live-008', variant: 'borealis-live-008-v2', city: 'Sälen', referralCode: 'AB12CD', languages: ['nb', 'en'] },
} as const;
type Brand = (typeof brands)[keyof typeof brands];

const local = `http://localhost:${port}`;

/** The brand as the app finds it by its address: its id, its sign-in tenant and whether members verify with a personal number. */
async function findBrand(request: APIRequestContext, brand: Brand) {
  const answer = await request.get(`${local}/v1/get/brand`, { params: { appUrl: brand.origin, authTenantIdSelect: true } });
  return (await answer.json()) as { id: string; authTenantId: string; settings: { verifyWithSsn: boolean } };
}

/** Signs the member in with their password, as the app does: answers their ID token. */
async function idTokenOf(request: APIRequestContext, authTenantId: string, email: string): Promise<string> {
  const signedIn = await request.post(`${local}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x`, {
    data: { email, password, tenantId: authTenantId, returnSecureToken: true },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return ((await signedIn.json()) as { idToken: string }).idToken;
}

/**
 * A fresh member of the brand who has finished set-up, made through the API as the app does it;
 * answers their e-mail. Calls go to localhost (Node does not resolve *.localhost); X-App-Url
 * names the brand.
 */
async function createMember(request: APIRequestContext, brand: Brand): Promise<string> {
  const headers = { 'X-App-Url': brand.origin };
  const found = await findBrand(request, brand);
  const email = uniqueEmail('queue', `${found.id}.test`);
  const identity = found.settings.verifyWithSsn ? { ssn: personalNumber() } : { firstName: 'Kim', lastName: 'Queue' };
  const created = await request.post(`${local}/v1/create/user`, { headers, data: { brandId: found.id, signInType: 'password', email, password, termsAccepted: true, ...identity } });
  expect(created.status(), await created.text()).toBe(200);
  const completed = await request.post(`${local}/v1/complete_onboardning/user`, {
    headers: { ...headers, Authorization: `Bearer ${await idTokenOf(request, found.authTenantId, email)}` },
    data: { phoneNumber: '+46701112233', password, referralCode: brand.referralCode },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return email;
}

/** A fresh member of the brand, signed in through the API (set-up ends the tokens signed before it): their calls' headers. */
async function memberHeaders(request: APIRequestContext, brand: Brand) {
  const email = await createMember(request, brand);
  const { authTenantId } = await findBrand(request, brand);
  return { 'X-App-Url': brand.origin, Authorization: `Bearer ${await idTokenOf(request, authTenantId, email)}` };
}

/** What is left of the evening for anyone (`itemVariantAvailability`) and how many one member may buy, as the offer page reads them. */
async function eveningStock(request: APIRequestContext, brand: Brand) {
  const answer = await request.get(`${local}/v1/get/offer`, {
    headers: { 'X-App-Url': brand.origin },
    params: { id: brand.offer, getAvailability: true },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const offer = (await answer.json()) as { itemVariantList: { id: string; purchaseCap: number | null }[]; itemVariantAvailability: Record<string, number> };
  const variant = offer.itemVariantList.find((v) => v.id === brand.variant);
  expect(variant, `${brand.offer} sells ${brand.variant}`).toBeTruthy();
  return { available: offer.itemVariantAvailability[brand.variant] ?? 0, purchaseCap: variant!.purchaseCap };
}

/**
 * Other members hold tickets of the evening in open checkouts (through the API, as the app opens
 * one; held for 31 minutes) until what is left lets one member in at a time: fewer units than two
 * members' purchase caps (`admissionRoom`, docs/checkout.md "The sale queue"), and at least two,
 * one for each member of the test. The stock itself has no operator command: the holds are
 * what brings it down. Run before the evening has an on-sale time, so they need no queue.
 */
async function leaveRoomForOne(request: APIRequestContext, brand: Brand) {
  const { available, purchaseCap } = await eveningStock(request, brand);
  expect(purchaseCap, `${brand.variant} has a purchase cap`).not.toBeNull();
  const mostForOne = 2 * purchaseCap! - 1;
  const holds: number[] = [];
  for (let left = available; left > mostForOne; left -= holds.at(-1)!) holds.push(Math.min(purchaseCap!, left - mostForOne));
  await Promise.all(
    holds.map(async (quantity) => {
      const headers = await memberHeaders(request, brand);
      const cart = await request.put(`${local}/v1/update/user/shopping_cart`, {
        headers,
        data: { shopingCartItemList: [{ itemVariantId: brand.variant, offerId: brand.offer, quantity }] },
      });
      expect(cart.status(), await cart.text()).toBe(200);
      const checkout = await request.post(`${local}/v1/payment/checkout`, { headers, data: {} });
      expect(checkout.status(), await checkout.text()).toBe(200);
    }),
  );
  const after = await eveningStock(request, brand);
  expect(after.available, 'tickets left for both members of the test').toBeGreaterThanOrEqual(2);
  expect(admissionRoom(after.available, 0, after.purchaseCap), `${after.available} tickets left, ${after.purchaseCap} a member`).toBe(1);
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

/** A member of the test: their page, in their language. */
interface Member {
  page: Page;
  language: Language;
}

const statusOf = ({ page, language }: Member) => page.getByRole('region', { name: words[language].saleQueue }).getByRole('status');

/**
 * At the on-sale time, without either touching the page, the queue lets one of them in (the one
 * its draw put first): answers the two in the order they were let in.
 */
async function whoseTurnFirst(members: [Member, Member]): Promise<[Member, Member]> {
  const hasTurn = () => Promise.all(members.map(async (m) => (await statusOf(m).textContent()) === words[m.language].yourTurn));
  await expect.poll(hasTurn, { message: 'one of them gets their turn at the on-sale time', timeout: 60_000 }).toContain(true);
  const [firstHasIt] = await hasTurn();
  return firstHasIt ? members : [members[1], members[0]];
}

/** The member has their turn: told so, no countdown, Buy works. */
async function expectTurn(member: Member, timeout?: number) {
  const w = words[member.language];
  await expect(statusOf(member)).toHaveText(w.yourTurn, { timeout });
  await expect(member.page.getByRole('region', { name: w.saleQueue }).getByRole('timer')).toHaveCount(0);
  await expect(member.page.getByRole('button', { name: w.buy })).toBeEnabled();
}

/** The sale is on, but the member waits first in line: their place, no countdown, Buy waiting. */
async function expectFirstInLine(member: Member) {
  const w = words[member.language];
  await expect(statusOf(member)).toHaveText(w.firstInLine);
  await expect(member.page.getByRole('region', { name: w.saleQueue }).getByRole('timer')).toHaveCount(0);
  await expect(member.page.getByRole('button', { name: w.buy })).toBeDisabled();
  await expect(member.page.getByText(w.waitNote)).toBeVisible();
}

/** The member chooses one ticket of the evening: it is in their cart (nothing is held yet). */
async function addOneToCart({ page, language }: Member) {
  const w = words[language];
  await page.getByRole('button', { name: w.buy }).click();
  const dialog = page.getByRole('dialog', { name: w.addToCart });
  await expect(dialog.getByLabel(w.quantity, { exact: true })).toHaveValue('1');
  await dialog.getByRole('button', { name: w.addToCart }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: w.cartOne })).toBeVisible();
}

/** The member checks their cart out and pays by card: the order is confirmed. */
async function payForCart({ page, language }: Member) {
  const w = words[language];
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

    test('two members wait for the on-sale time and get in one at a time, in the queue’s order, and buy', async ({ page, browser, request }) => {
      const [firstEmail, secondEmail] = await Promise.all([createMember(request, brand), createMember(request, brand), leaveRoomForOne(request, brand)]);
      const device = await secondDevice(browser, second);
      try {
        const other = await device.newPage();
        await Promise.all([signIn(page, brand, firstEmail, first), signIn(other, brand, secondEmail, second)]);
        // The queue opens 15 minutes before the sale: at once, for a sale 25 s ahead.
        await putOnSale(request, brand.brandId, brand.variant, '+25s');
        await Promise.all([waitInQueue(page, brand, first), waitInQueue(other, brand, second)]);

        // The sale starts: the stock lets one in; the other is next, and still waits.
        const [firstIn, next] = await whoseTurnFirst([
          { page, language: first },
          { page: other, language: second },
        ]);
        await Promise.all([expectTurn(firstIn), expectFirstInLine(next)]);
        await addOneToCart(firstIn);
        // While the first chooses (nothing held yet), the next one is still waiting.
        await expectFirstInLine(next);
        await payForCart(firstIn);

        // The first took their ticket: the next one's turn comes at their page's next ask (every 5 s).
        await expectTurn(next, 30_000);
        await addOneToCart(next);
        await payForCart(next);
      } finally {
        await device.close();
      }
    });
  });
}
