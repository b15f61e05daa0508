import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures.ts';
import { catalogText } from './pages/catalogText.ts';
import { personalNumber, uniqueEmail } from './pages/newAccounts.ts';
import { openSignInDialog, signInScope } from './pages/SignInPage.ts';
import { mailsTo, port } from './pages/shopping.ts';

/*
 * Issue 41, item 1: a member whose language (on their record) is not the browser's buys an evening
 * and reads no English from the offer to the calendar file: the screens' words and the offer's and
 * ticket's names on them are in one language, the member's, and so are the order mail and its
 * calendar file. A Swedish member on Aurora and a Norwegian member on Borealis, each in an English
 * browser.
 */
test.describe.configure({ timeout: 180_000 });

type Language = 'sv' | 'nb';
const password = 'Password1';
const local = `http://localhost:${port}`;

const brands = [
  { id: 'aurora', name: 'Aurora', origin: `http://aurora.localhost:${port}`, event: 'aurora-live-001', city: 'Malmö', referralCode: '522660', language: 'sv' as Language },
  { id: 'borealis', name: 'Borealis', origin: `http://borealis.localhost:${port}`, event: 'borealis-live-001', city: 'Kiruna', referralCode: 'AB12CD', language: 'nb' as Language },
] as const;
type Brand = (typeof brands)[number];

/** Words of the app in `language`, from its catalogs. */
const say = (language: Language, english: string) => catalogText(language, english);
/** The order mail's subject and fee line in the member's language (server/mail/orderMail.ts). */
const mailWords = {
  sv: { subject: (brand: string) => `Din beställning hos ${brand}`, fees: 'Avgifter (ingår)' },
  nb: { subject: (brand: string) => `Din bestilling hos ${brand}`, fees: 'Gebyrer (inkludert)' },
} as const;

async function idTokenOf(request: APIRequestContext, tenantId: string, email: string) {
  const signedIn = await request.post(`${local}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x`, { data: { email, password, tenantId, returnSecureToken: true } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return ((await signedIn.json()) as { idToken: string }).idToken;
}

/**
 * A fresh member of the brand (the demo members' language stays as the other specs expect) who
 * finished set-up and chose `language` (on their record, as the Language screen stores it):
 * answers their e-mail and the headers of their calls.
 */
async function memberIn(request: APIRequestContext, brand: Brand) {
  const found = (await (await request.get(`${local}/v1/get/brand`, { params: { appUrl: brand.origin, authTenantIdSelect: true } })).json()) as {
    authTenantId: string;
    settings: { verifyWithSsn?: boolean };
  };
  const email = uniqueEmail(`language-${brand.language}`, `${brand.id}.test`);
  const identity = found.settings.verifyWithSsn ? { ssn: personalNumber() } : { firstName: 'Kim', lastName: 'Lang' };
  const created = await request.post(`${local}/v1/create/user`, {
    headers: { 'X-App-Url': brand.origin },
    data: { brandId: brand.id, signInType: 'password', email, password, termsAccepted: true, ...identity },
  });
  expect(created.status(), await created.text()).toBe(200);
  const completed = await request.post(`${local}/v1/complete_onboardning/user`, {
    headers: { 'X-App-Url': brand.origin, Authorization: `Bearer ${await idTokenOf(request, found.authTenantId, email)}` },
    data: { phoneNumber: '+46701112233', password, referralCode: brand.referralCode },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  // Set-up ends the tokens signed before it.
  const headers = { 'X-App-Url': brand.origin, Authorization: `Bearer ${await idTokenOf(request, found.authTenantId, email)}` };
  const chosen = await request.put(`${local}/v1/update/user`, { headers, data: { language: brand.language } });
  expect(chosen.status(), await chosen.text()).toBe(200);
  return { email, headers };
}

/** The evening's offer and ticket names in English and in the member's language, as the API gives them. */
async function namesOf(request: APIRequestContext, brand: Brand, headers: Record<string, string>) {
  const read = async (language: string) => {
    const answer = await request.get(`${local}/v1/get/offer`, { headers: { ...headers, 'Accept-Language': language }, params: { id: brand.event } });
    expect(answer.status()).toBe(200);
    const offer = (await answer.json()) as { title: string; callToAction: { label: string }; itemVariantList: { title: string; location: { city: string } | null }[] };
    return { offer: offer.title, ticket: offer.itemVariantList.find((v) => v.location?.city === brand.city)!.title, buy: offer.callToAction.label };
  };
  const [english, own] = [await read('en'), await read(brand.language)];
  // The check below means something only where the languages differ.
  expect(own.offer).not.toBe(english.offer);
  expect(own.ticket).not.toBe(english.ticket);
  return { english, own };
}

/** No English names and no English words of the purchase flow in what the member reads. */
async function expectNoEnglish(where: Locator | string, english: { offer: string; ticket: string; buy: string }) {
  // Ticket codes (signed, base64url) are left out: letters by chance, not words.
  const text = (typeof where === 'string' ? where : await where.innerText()).replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '');
  for (const phrase of [english.offer, english.ticket, english.buy, 'Fees (included)', 'Go to checkout', 'Your order', 'See your orders', 'Download calendar file', 'incl. VAT']) {
    expect(text, `"${phrase}" in ${text}`).not.toContain(phrase);
  }
  expect(text).not.toMatch(/\b(Cart|Total|Date|Quantity|Tickets)\b/);
}

/** Signs in from the English browser; the app then shows the member's own language. */
async function signIn(page: Page, brand: Brand, email: string) {
  await page.goto(`${brand.origin}/`);
  await openSignInDialog(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await (await signInScope(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', brand.language);
  await expect(cartButton(page, brand.language)).toBeVisible();
}

const cartButton = (page: Page, language: Language) => page.getByRole('button', { name: new RegExp(`^${say(language, 'Cart')}`) });

for (const brand of brands) {
  test(`a ${brand.language} member of ${brand.name} in an English browser buys an evening and reads no English, offer to calendar file`, async ({ page, request }) => {
    const l = brand.language;
    const { email, headers } = await memberIn(request, brand);
    const { english, own } = await namesOf(request, brand, headers);
    await signIn(page, brand, email);

    // The offer and its ticket picker.
    await page.goto(`${brand.origin}/live/${brand.event}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.offer);
    await page.getByLabel(say(l, 'City'), { exact: true }).selectOption({ label: brand.city });
    const picker = page.getByRole('region', { name: say(l, 'Tickets') });
    await expect(picker).toContainText(own.ticket);
    await expectNoEnglish(picker, english);

    // The cart drawer.
    // The offer's own call to action, in the member's language ("Köp biljetter").
    await page.getByRole('button', { name: own.buy, exact: true }).click();
    const adding = page.getByRole('dialog', { name: say(l, 'Add to cart') });
    await adding.getByRole('button', { name: say(l, 'Add to cart') }).click();
    await expect(adding).toBeHidden();
    await cartButton(page, l).click();
    const drawer = page.getByRole('dialog', { name: say(l, 'Cart') });
    await expect(drawer.getByRole('listitem').first()).toContainText(own.offer);
    await expect(drawer.getByRole('listitem').first()).toContainText(own.ticket);
    await expectNoEnglish(drawer, english);

    // Checkout.
    await drawer.getByRole('button', { name: say(l, 'Go to checkout') }).click();
    const form = page.getByRole('form', { name: say(l, 'Card payment') });
    await expect(form).toBeVisible();
    const summary = page.getByRole('region', { name: say(l, 'Your order') });
    await expect(summary).toContainText(own.offer);
    await expect(summary).toContainText(say(l, 'Fees (included)'));
    await expectNoEnglish(summary, english);
    // A member who signed up by personal number has no name on record to fill in for them.
    await form.getByLabel(say(l, 'Name on the card'), { exact: true }).fill('Kim Lang');
    await form.getByLabel(say(l, 'Card number'), { exact: true }).fill('4242 4242 4242 4242');
    await form.getByLabel(say(l, 'Expiry (MM/YY)'), { exact: true }).fill('12/30');
    await form.getByLabel(say(l, 'CVC'), { exact: true }).fill('123');
    await form.locator('button[type=submit]').click();
    const confirmation = page.getByRole('status', { name: say(l, 'Order confirmed') });
    await expect(confirmation).toContainText(say(l, 'Thank you for your order!'));
    const reference = /[A-Z0-9]{4}-[A-Z0-9]{4}/.exec((await confirmation.innerText()) ?? '')?.[0];
    expect(reference).toBeTruthy();

    // My orders, with the evening's calendar file.
    await confirmation.getByRole('link', { name: say(l, 'See your orders') }).click();
    const toggle = page.getByRole('button', { name: new RegExp(reference!) });
    await expect(toggle).toContainText(own.offer);
    await toggle.click();
    const panel = page.getByRole('region', { name: new RegExp(reference!) });
    await expect(panel.getByRole('list', { name: say(l, 'What you bought') })).toContainText(own.ticket);
    await expectNoEnglish(panel, english);
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: say(l, 'Download calendar file') }).click()]);
    const appIcs = (await readFile((await download.path())!, 'utf8')).replace(/\r\n[ \t]/g, '');
    expect(appIcs).toContain(`SUMMARY:${own.offer}: ${own.ticket}`);
    await expectNoEnglish(appIcs, english);

    // The order mail and its calendar file, as the dev outbox has them.
    let mail: Awaited<ReturnType<typeof mailsTo>>[number] | undefined;
    await expect(async () => {
      mail = (await mailsTo(page, email)).find((m) => m.text.includes(reference!));
      expect(mail).toBeTruthy();
    }).toPass({ timeout: 15_000 });
    expect(mail!.subject).toBe(mailWords[l].subject(brand.name));
    expect(mail!.text).toContain(`${own.offer}: ${own.ticket}`);
    expect(mail!.text).toContain(mailWords[l].fees);
    await expectNoEnglish(mail!.text, english);
    const mailIcs = (mail!.attachments as { contentType: string; content?: string }[]).find((a) => a.contentType.startsWith('text/calendar'))!.content!.replace(/\r\n[ \t]/g, '');
    expect(mailIcs).toContain(`SUMMARY:${own.offer}: ${own.ticket}`);
    await expectNoEnglish(mailIcs, english);
  });
}
