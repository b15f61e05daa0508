import { and, asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../domain/language.ts';
import { itemVariants, mailOutbox, offers } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { freshAddress, makeAccountBrands } from './accounts.helpers.ts';
import { fillCart, makeConcert, offlinePayments, providerSession, reserveOpen, signedEvent } from './checkout.helpers.ts';
import { signedInMembers, type SignedInMember } from './promo.helpers.ts';
import { makeVariant } from './support/commerceFactories.ts';

/*
 * Issue 41, item 1: what a member reads of a purchase (the offer's ticket picker, cart, orders, the
 * order mail and its calendar file) names the offer and the variant in the member's language:
 * the request's for what the app shows, the member's chosen language for mails. An order keeps
 * the names it was sold under in every language, so it reads the same after the offer changes.
 */

const webhookSecret = 'whsec_test_purchase_language';
const payments = offlinePayments(webhookSecret);
const clock = Date.now();
let t: TestApp;
let aurora: SignedInMember[];
let borealis: SignedInMember[];

const names = {
  offer: { en: 'Linnea Åberg: the Fjord Lines tour', sv: 'Linnea Åberg: Fjord Lines-turnén', nb: 'Linnea Åberg: Fjord Lines-turneen' },
  variant: { en: 'Standing', sv: 'Ståplats', nb: 'Ståplass' },
  description: { en: 'Doors open 30 minutes before the start.', sv: 'Dörrarna öppnar 30 minuter före start.', nb: 'Dørene åpner 30 minutter før start.' },
} as const;

/** The tour on both brands: a standing evening named in en, sv and nb, with a 25 kr service fee. */
async function makeTour(brandId: string) {
  await makeConcert(t.db, brandId, [['standing', 50]]);
  await t.db
    .update(offers)
    .set({ title: names.offer.en, localized: { title: { sv: names.offer.sv, nb: names.offer.nb } } })
    .where(and(eq(offers.brandId, brandId), eq(offers.id, 'concert')));
  await t.db
    .update(itemVariants)
    .set({
      title: names.variant.en,
      description: names.description.en,
      localized: { title: { sv: names.variant.sv, nb: names.variant.nb }, description: { sv: names.description.sv, nb: names.description.nb } },
    })
    .where(and(eq(itemVariants.brandId, brandId), eq(itemVariants.id, 'standing')));
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, payments });
  const brands = await makeAccountBrands(t);
  await makeTour('aurora');
  await makeTour('borealis');
  aurora = await signedInMembers(t, brands.aurora, 'http://aurora.localhost:8080', 6, 'lang');
  // One last seat, for the waiting list.
  await makeVariant(t.db, 'aurora', 'concert', 'last', { title: 'Last seat', localized: { title: { sv: 'Sista platsen', nb: 'Siste plassen' } }, stock: 1, priceCurrent: 10_000 });
  borealis = await signedInMembers(t, brands.borealis, 'http://borealis.localhost:8080', 2, 'lang');
}, 60_000);
afterAll(() => t?.close());

const brandOf = (m: SignedInMember) => (m.uid.includes('-borealis-') ? 'borealis' : 'aurora');
/** A request of the member's app showing `language` (the Accept-Language the app sends). */
const api = (m: SignedInMember, method: 'GET' | 'PUT' | 'POST', url: string, language: Language, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: freshAddress(), headers: { ...m.headers, 'accept-language': language }, ...(payload ? { payload } : {}) });
const choose = async (m: SignedInMember, language: Language) => expect((await api(m, 'PUT', '/v1/update/user', language, { language })).statusCode).toBe(200);
const mailsTo = (m: SignedInMember) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, `${m.uid.replace(`-${brandOf(m)}-`, '-')}@${brandOf(m)}.test`)).orderBy(asc(mailOutbox.id));

/** The member pays for one standing ticket, the checkout opened from an app in `appLanguage`. */
async function buy(m: SignedInMember, appLanguage: Language) {
  await fillCart(t.db, brandOf(m), m.uid, [{ itemVariantId: 'standing', offerId: 'concert', quantity: 2 }]);
  const row = await reserveOpen(t.db, brandOf(m), m.uid, clock, appLanguage);
  const { payload, headers } = signedEvent(webhookSecret, 'checkout.session.completed', providerSession(row, 'complete') as Stripe.Checkout.Session);
  expect((await t.app.inject({ method: 'POST', url: '/v1/payment/webhook', payload, headers })).statusCode).toBe(200);
}

const orderLineOf = async (m: SignedInMember, language: Language) => {
  const answer = await api(m, 'GET', '/v1/get_list/order_history', language);
  expect(answer.statusCode).toBe(200);
  const [order] = answer.json() as { itemList: { offerTitle: string; itemVariant: { title: string; description: string } }[] }[];
  return order!.itemList[0]!;
};

describe('the cart and the ticket picker', () => {
  it('name the offer and the variant in the language the app asks in, English unchanged', async () => {
    const member = aurora[0]!;
    const added = await api(member, 'PUT', '/v1/update/user/shopping_cart', 'sv', {
      action: 'add',
      shopingCartItemList: [{ itemVariantId: 'standing', offerId: 'concert', quantity: 1 }],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().itemList[0]).toMatchObject({ offerTitle: names.offer.sv, itemVariant: { title: names.variant.sv, description: names.description.sv } });
    for (const language of ['en', 'sv', 'nb'] as const) {
      const cart = (await api(member, 'GET', '/v1/get/user/shopping_cart', language)).json();
      expect(cart.itemList[0]).toMatchObject({ offerTitle: names.offer[language], itemVariant: { title: names.variant[language] } });
      const offer = (await api(member, 'GET', '/v1/get/offer?id=concert&getAvailability=true', language)).json();
      expect(offer.itemVariantList.find((v: { id: string }) => v.id === 'standing').title).toBe(names.variant[language]);
    }
  });
});

describe('an order', () => {
  it('reads in the language it is read in: My orders in the app language, the mail and its calendar file in the member language', async () => {
    const member = aurora[1]!;
    await choose(member, 'sv');
    await buy(member, 'sv');
    for (const language of ['en', 'sv', 'nb'] as const) {
      expect(await orderLineOf(member, language)).toMatchObject({
        offerTitle: names.offer[language],
        itemVariant: { title: names.variant[language], description: names.description[language] },
      });
    }
    const [mail] = await mailsTo(member);
    expect(mail!.subject).toBe('Din beställning hos Aurora');
    const text = mail!.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(`${names.offer.sv}: ${names.variant.sv}`);
    // The fees the total contains, worded as checkout words them: 2 × 25 kr.
    expect(text).toContain('Avgifter (ingår): 50,00 kr');
    expect(text).not.toContain(names.variant.en);
    expect(text).not.toContain('the Fjord Lines tour');
    expect(mail!.html).toContain(`${names.offer.sv}: ${names.variant.sv}`);
    const ics = mail!.attachments.find((a) => a.filename.endsWith('.ics'))!;
    expect(ics.filename).toBe('linnea-åberg-fjord-lines-turnén-ståplats.ics');
    const unfolded = ics.content.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`SUMMARY:${names.offer.sv}: ${names.variant.sv}`);
    expect(unfolded).toContain(`DESCRIPTION:Aurora · 2 × ${names.variant.sv}`);
    expect(unfolded).not.toContain('Standing');
  });

  it('mails a Norwegian member of Borealis in Norwegian though the checkout was opened in English', async () => {
    const member = borealis[0]!;
    await choose(member, 'nb');
    await buy(member, 'en');
    const [mail] = await mailsTo(member);
    expect(mail!.subject).toBe('Din bestilling hos Borealis');
    const text = mail!.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(`${names.offer.nb}: ${names.variant.nb}`);
    // The test brand writes amounts with the currency's code (no Norwegian region set).
    expect(text).toContain('Gebyrer (inkludert): 50,00 SEK');
    expect(text).not.toContain(names.variant.en);
    const ics = mail!.attachments.find((a) => a.filename.endsWith('.ics'))!.content.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`SUMMARY:${names.offer.nb}: ${names.variant.nb}`);
  });

  it('keeps English as it was for a member who reads English', async () => {
    const member = aurora[2]!;
    await choose(member, 'en');
    await buy(member, 'en');
    const [mail] = await mailsTo(member);
    expect(mail!.subject).toBe('Your Aurora order');
    const text = mail!.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(`${names.offer.en}: ${names.variant.en}`);
    expect(text).toContain('Fees (included): 50,00 kr');
    const ics = mail!.attachments.find((a) => a.filename.endsWith('.ics'))!.content.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`SUMMARY:${names.offer.en}: ${names.variant.en}`);
  });

  it('reads as sold after the offer is renamed and deactivated', async () => {
    const member = aurora[3]!;
    await buy(member, 'sv');
    await t.db
      .update(offers)
      .set({ title: 'Renamed', active: false, localized: { title: { sv: 'Omdöpt', nb: 'Omdøpt' } } })
      .where(and(eq(offers.brandId, 'aurora'), eq(offers.id, 'concert')));
    await t.db
      .update(itemVariants)
      .set({ title: 'Changed', localized: { title: { sv: 'Ändrad', nb: 'Endret' } } })
      .where(and(eq(itemVariants.brandId, 'aurora'), eq(itemVariants.id, 'standing')));
    try {
      for (const language of ['en', 'sv', 'nb'] as const) {
        expect(await orderLineOf(member, language)).toMatchObject({ offerTitle: names.offer[language], itemVariant: { title: names.variant[language] } });
      }
    } finally {
      await makeTourNamesBack('aurora');
    }
  });
});

describe('the waiting list', () => {
  it('names the offer and the seat in My waiting lists and in the offer mail in the member language', async () => {
    const [holder, waiter] = [aurora[4]!, aurora[5]!];
    await choose(waiter, 'nb');
    await fillCart(t.db, 'aurora', holder.uid, [{ itemVariantId: 'last', offerId: 'concert', quantity: 1 }]);
    const held = await reserveOpen(t.db, 'aurora', holder.uid, clock, 'en');
    // Joined from an app showing English; the member's chosen Norwegian decides the mail.
    expect((await api(waiter, 'POST', '/v1/join/waiting_list', 'en', { itemVariantId: 'last' })).json()).toMatchObject({ status: 'waiting', place: 1 });
    const listed = (await api(waiter, 'GET', '/v1/get_list/user/waiting_list', 'sv')).json();
    expect(listed[0]).toMatchObject({ offerTitle: names.offer.sv, variantTitle: 'Sista platsen' });
    const { payload, headers } = signedEvent(webhookSecret, 'checkout.session.expired', providerSession(held, 'expired') as Stripe.Checkout.Session);
    expect((await t.app.inject({ method: 'POST', url: '/v1/payment/webhook', payload, headers })).statusCode).toBe(200);
    const [mail] = await mailsTo(waiter);
    expect(mail!.subject).toBe('En plass er ledig for deg hos Aurora');
    expect(mail!.text).toContain(`${names.offer.nb}: Siste plassen`);
    expect(mail!.text).not.toContain('Last seat');
  });
});

async function makeTourNamesBack(brandId: string) {
  await t.db
    .update(offers)
    .set({ title: names.offer.en, active: true, localized: { title: { sv: names.offer.sv, nb: names.offer.nb } } })
    .where(and(eq(offers.brandId, brandId), eq(offers.id, 'concert')));
  await t.db
    .update(itemVariants)
    .set({ title: names.variant.en, localized: { title: { sv: names.variant.sv, nb: names.variant.nb }, description: { sv: names.description.sv, nb: names.description.nb } } })
    .where(and(eq(itemVariants.brandId, brandId), eq(itemVariants.id, 'standing')));
}
