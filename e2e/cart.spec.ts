import { expect, test, type Page } from './fixtures.ts';
import { brandLocality, loose, moneyText } from './pages/brandFormats.ts';
import { defaultLocality, type Locality } from '../domain/format.ts';
import { openSignInDialog, signInScope } from './pages/SignInPage.ts';
import { e2ePort as port } from './e2eServer.ts';

// One purchase is a long walk (sign-in, two offers, the drawer), checked for accessibility at every step.
test.describe.configure({ timeout: 240_000 });

type Language = 'en' | 'sv';

/** The texts the member sees, per language (the catalogs' translations). */
const words = {
  en: {
    locale: 'en-US',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    city: 'City',
    time: 'Time',
    ticket: 'Ticket',
    variant: 'Variant',
    selectItem: 'Choose a city first.',
    feesIncluded: 'Fees (included)',
    ok: 'OK',
    // The offers' buttons, as the brand configures them (server/db/seed/callToAction.ts).
    buyTickets: 'Buy tickets',
    buyNow: 'Buy now',
    // The demo's ticket and size names (server/db/seed/commerce.ts), in the member's language.
    standing: 'Standing',
    sizeM: 'Size M',
    addToCart: 'Add to cart',
    quantity: 'Quantity',
    quantityOf: (name: string) => `Quantity of ${name}`,
    increase: (name: string) => `Increase Quantity of ${name}`,
    cart: /^Cart/,
    cartHeading: 'Cart',
    cartCount: (n: number) => `Cart, ${n} items`,
    soldOut: 'Unfortunately the item for this offer is sold out.',
    vat: (p: number) => `incl. VAT ${p} %`,
    total: 'Total',
    checkout: 'Go to checkout',
    remove: (name: string) => `Remove ${name}`,
    removeWord: 'Remove',
    empty: 'Your cart is empty',
  },
  sv: {
    locale: 'sv-SE',
    email: 'E-post',
    password: 'Lösenord',
    signIn: 'Logga in',
    city: 'Ort',
    time: 'Tid',
    ticket: 'Biljett',
    variant: 'Variant',
    selectItem: 'Välj stad först.',
    feesIncluded: 'Avgifter (ingår)',
    ok: 'OK',
    buyTickets: 'Köp biljetter',
    buyNow: 'Köp nu',
    standing: 'Ståplats',
    sizeM: 'Storlek M',
    addToCart: 'Lägg i varukorgen',
    quantity: 'Antal',
    quantityOf: (name: string) => `Antal av ${name}`,
    increase: (name: string) => `Öka Antal av ${name}`,
    cart: /^Varukorg/,
    cartHeading: 'Varukorg',
    cartCount: (n: number) => `Varukorg, ${n} varor`,
    soldOut: 'Tyvärr är varan för det här erbjudandet slutsåld.',
    vat: (p: number) => `varav moms ${p} %`,
    total: 'Totalt',
    checkout: 'Till kassan',
    remove: (name: string) => `Ta bort ${name}`,
    removeWord: 'Ta bort',
    empty: 'Din varukorg är tom',
  },
} as const;

/** The seeded demo commerce of each brand (server/db/seed/commerce.ts). */
const brands = {
  aurora: {
    origin: `http://aurora.localhost:${port}`,
    email: 'member@aurora.test',
    event: 'aurora-live-001',
    firstCity: 'Stockholm',
    soldOutCity: 'Göteborg',
    shirtOffer: 'aurora-benefit-007',
  },
  borealis: {
    origin: `http://borealis.localhost:${port}`,
    email: 'member@borealis.test',
    event: 'borealis-live-001',
    firstCity: 'Umeå',
    soldOutCity: 'Luleå',
    shirtOffer: 'borealis-benefit-010',
  },
} as const;

const desktop = {
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
};

/** The signed-in brand's time zone and region: amounts are written the way its region writes them. */
let locality: Locality = defaultLocality;

async function expectAmount(locator: ReturnType<Page['locator']>, language: Language, kronor: number) {
  await expect.poll(async () => loose((await locator.textContent()) ?? '')).toContain(moneyText(kronor, language, locality));
}

async function signIn(page: Page, brand: keyof typeof brands, language: Language) {
  const w = words[language];
  await page.goto(`${brands[brand].origin}/`);
  locality = await brandLocality(page);
  await openSignInDialog(page, w.signIn);
  await page.getByLabel(w.email).fill(brands[brand].email);
  await page.getByLabel(w.password, { exact: true }).fill('Password1');
  await (await signInScope(page)).getByRole('button', { name: w.signIn, exact: true }).click();
  await expect(page.getByRole('button', { name: w.cart })).toBeVisible();
}

/** The brand's one demo member shares the cart between tests: start each from an empty one. */
async function emptyCart(page: Page, language: Language) {
  const w = words[language];
  await page.getByRole('button', { name: w.cart }).click();
  const drawer = page.getByRole('dialog', { name: w.cartHeading });
  await expect(drawer.getByRole('list').or(drawer.getByText(w.empty))).toBeVisible();
  while ((await drawer.getByRole('listitem').count()) > 0) {
    const before = await drawer.getByRole('listitem').count();
    await drawer.getByRole('listitem').first().getByRole('button', { name: new RegExp(`^${w.removeWord} `) }).click();
    await expect(drawer.getByRole('listitem')).toHaveCount(before - 1);
  }
  await expect(drawer.getByText(w.empty)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** Opens an offer page inside the app (the navigator follows the address). */
async function openOffer(page: Page, brand: keyof typeof brands, path: string) {
  await page.goto(`${brands[brand].origin}${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function buyTwoTicketsAndAShirt(page: Page, brand: keyof typeof brands, language: Language) {
  const w = words[language];
  const b = brands[brand];
  await signIn(page, brand, language);
  await emptyCart(page, language);
  await openOffer(page, brand, `/live/${b.event}`);
  const buy = page.getByRole('button', { name: w.buyTickets });

  // Nothing chosen yet: the payment action warns instead of opening the dialog.
  await buy.click();
  const warning = page.getByRole('dialog', { name: w.buyTickets });
  await expect(warning).toContainText(w.selectItem);
  await warning.getByRole('button', { name: w.ok }).click();
  await expect(warning).toBeHidden();

  // A city whose only evening is sold out says so, and cannot be bought.
  await page.getByLabel(w.city, { exact: true }).selectOption({ label: b.soldOutCity });
  await expect(page.getByText(w.soldOut).first()).toBeVisible();
  await expect(buy).toBeDisabled();

  // City, then the first of its two evenings, then the standing ticket of the two sharing it.
  await page.getByLabel(w.city, { exact: true }).selectOption({ label: b.firstCity });
  await expect(page.getByLabel(w.time, { exact: true }).locator('option:not([disabled])')).toHaveCount(2);
  await page.getByLabel(w.time, { exact: true }).selectOption({ index: 1 });
  await page.getByLabel(w.ticket, { exact: true }).selectOption({ label: w.standing });
  await expect(buy).toBeEnabled();

  await buy.click();
  const dialog = page.getByRole('dialog', { name: w.addToCart });
  await expect(dialog).toBeVisible();
  const quantity = dialog.getByLabel(w.quantity, { exact: true });
  // Above the limit (the standing ticket's purchase cap, 8) is the limit; an empty field is 1.
  await quantity.fill('99');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('8');
  await quantity.fill('');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('1');
  await quantity.fill('2');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('2');
  // 395 kr and the 25 kr service fee, twice.
  await expectAmount(dialog, language, 840);
  await dialog.getByRole('button', { name: w.addToCart }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: w.cartCount(2) })).toBeVisible();

  // The T-shirt: the merchandise selector, size M.
  await openOffer(page, brand, `/benefit/${b.shirtOffer}`);
  await page.getByLabel(w.variant, { exact: true }).selectOption({ label: w.sizeM });
  await page.getByRole('button', { name: w.buyNow }).click();
  const shirtDialog = page.getByRole('dialog', { name: w.addToCart });
  await expect(shirtDialog.getByLabel(w.quantity, { exact: true })).toHaveValue('1');
  await shirtDialog.getByRole('button', { name: w.addToCart }).click();
  await expect(shirtDialog).toBeHidden();
  await expect(page.getByRole('button', { name: w.cartCount(3) })).toBeVisible();
}

async function changeQuantitiesInTheDrawer(page: Page, language: Language) {
  const w = words[language];
  await page.getByRole('button', { name: w.cart }).click();
  const drawer = page.getByRole('dialog', { name: w.cartHeading });
  await expect(drawer.getByRole('listitem')).toHaveCount(2);
  const ticketLine = drawer.getByRole('listitem').filter({ hasText: w.standing });
  const shirtLine = drawer.getByRole('listitem').filter({ hasText: w.sizeM });
  const ticketName = (await ticketLine.getAttribute('aria-label'))!;
  const shirtName = (await shirtLine.getAttribute('aria-label'))!;

  // 2 × (395 + 25) + 249.
  await expectAmount(drawer.getByTestId('cart-total'), language, 1089);

  const ticketQuantity = ticketLine.getByRole('spinbutton', { name: w.quantityOf(ticketName), exact: true });
  await ticketQuantity.fill('3');
  await ticketQuantity.press('Enter');
  await shirtLine.getByRole('button', { name: w.increase(shirtName), exact: true }).click();
  await expect(shirtLine.getByRole('spinbutton', { name: w.quantityOf(shirtName), exact: true })).toHaveValue('2');

  // 3 × 420 + 2 × 249; the VAT prices contain: 3 × 395 × 6/106 and (3 × 25 in fees + 2 × 249) × 25/125.
  await expectAmount(drawer.getByTestId('cart-total'), language, 1758);
  const totals = drawer.getByRole('definition');
  await expect(drawer.getByRole('term').filter({ hasText: w.vat(6) })).toBeVisible();
  // The fees are part of the total, and the drawer says so as checkout does (not an extra charge above it).
  await expect(drawer.getByRole('term').first()).toHaveText(w.feesIncluded);
  await expectAmount(totals.nth(0), language, 75);
  await expectAmount(totals.nth(1), language, 67.08);
  await expectAmount(totals.nth(2), language, 114.6);
  await expect(page.getByRole('button', { name: w.cartCount(5) })).toBeAttached();

  // Saved on the server: the drawer shows the same after a reload.
  await page.reload();
  await page.getByRole('button', { name: w.cartCount(5) }).click();
  await expectAmount(page.getByRole('dialog', { name: w.cartHeading }).getByTestId('cart-total'), language, 1758);

  // Remove the shirt; checkout leads to /checkout.
  const reopened = page.getByRole('dialog', { name: w.cartHeading });
  await reopened.getByRole('button', { name: w.remove(shirtName) }).click();
  await expect(reopened.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: w.cartCount(3) })).toBeAttached();
  await reopened.getByRole('button', { name: w.checkout }).click();
  await expect(reopened).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
}

test.describe('Aurora, mobile, English', () => {
  test.use({ locale: words.en.locale });
  test('pick city, time and ticket, add two tickets and a T-shirt, change quantities in the cart', async ({ page }) => {
    await buyTwoTicketsAndAShirt(page, 'aurora', 'en');
    await changeQuantitiesInTheDrawer(page, 'en');
  });
});

test.describe('Aurora, desktop, Swedish', () => {
  test.use({ ...desktop, locale: words.sv.locale });
  test('the same purchase in Swedish on a desktop, in the right-side drawer', async ({ page }) => {
    await buyTwoTicketsAndAShirt(page, 'aurora', 'sv');
    await page.getByRole('button', { name: words.sv.cart }).click();
    const box = (await page.getByRole('dialog', { name: words.sv.cartHeading }).boundingBox())!;
    // Layout in CSS pixels comes with sub-pixel fractions (400.00006): within a pixel, never exact.
    expect(box.width).toBeLessThanOrEqual(400 + 1);
    expect(box.x + box.width).toBeGreaterThan(1280 - 2);
    await page.keyboard.press('Escape');
    await changeQuantitiesInTheDrawer(page, 'sv');
  });
});

test.describe('Borealis, mobile, Swedish', () => {
  test.use({ locale: words.sv.locale });
  test('Borealis sells its own evenings and shirt; Swedish month names', async ({ page }) => {
    await buyTwoTicketsAndAShirt(page, 'borealis', 'sv');
    await openOffer(page, 'borealis', `/live/${brands.borealis.event}`);
    await page.getByLabel(words.sv.city, { exact: true }).selectOption({ label: brands.borealis.firstCity });
    const months = /januari|februari|mars|april|maj|juni|juli|augusti|september|oktober|november|december/;
    await expect(page.getByLabel(words.sv.time, { exact: true }).locator('option').nth(1)).toHaveText(months);
    await changeQuantitiesInTheDrawer(page, 'sv');
  });
});

test.describe('Borealis, desktop, English', () => {
  test.use({ ...desktop, locale: words.en.locale });
  test('Borealis on a desktop in English', async ({ page }) => {
    await buyTwoTicketsAndAShirt(page, 'borealis', 'en');
    await changeQuantitiesInTheDrawer(page, 'en');
  });
});
