import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { brands, checkoutSessions, stockHolds, waitingListEntries } from '../../server/db/schema/index.ts';
import { offeredPlaceLifetimeMs, minimumOfferMs } from '../../server/commerce/stock.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from './support/paymentsApp.ts';
import { makeBrand } from './support/factories.ts';
import { makeVariant } from './support/commerceFactories.ts';
import { signedInMembers, type SignedInMember } from './promo.helpers.ts';
import { availability, makeConcert } from './checkout.helpers.ts';

/*
 * Who may hold stock, how many and how long (docs/checkout.md, docs/waiting-list.md), with the
 * attack of the second hostile review as the test: one member takes a whole evening into a
 * checkout, six fresh accounts from the same address join the waiting list, the member lets the
 * checkout go. Before: the six got every unit for 12 hours, and could do it again. Now: an
 * address holds a couple of places, they last hours at most, and the rest is back on sale.
 */

const brandId = 'aurora';
const hour = 3_600_000;
let t: PaymentsTestApp;
let people: SignedInMember[];
const attacker = '198.51.100.7';

beforeAll(async () => {
  t = await createPaymentsTestApp({ commerceLimits: { checkoutsPerMember: 4, checkoutsPerAddress: 12, waitingListJoinsPerAddress: 5, windowMs: 15 * 60_000 } });
  const aurora = await makeBrand(t.db, brandId, ['localhost']);
  await makeConcert(t.db, brandId, [['six', 6], ['pair', 2], ['other', 50]], { purchaseCap: 6 });
  people = await signedInMembers(t, aurora, 'http://localhost:8080', 42, 'person');
}, 120_000);
afterAll(() => t?.close());

let next = 0;
const fresh = () => people[next++]!;
const call = (m: SignedInMember, method: 'GET' | 'POST' | 'PUT', url: string, address: string, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: address, headers: m.headers, ...(payload ? { payload } : {}) });
const setCart = (m: SignedInMember, address: string, lines: [string, number][]) =>
  call(m, 'PUT', '/v1/update/user/shopping_cart', address, { shopingCartItemList: lines.map(([itemVariantId, quantity]) => ({ itemVariantId, offerId: 'concert', quantity })) });
const openCheckout = (m: SignedInMember, address: string) => call(m, 'POST', '/v1/payment/checkout', address, { testMode: true });
const expire = (m: SignedInMember, address: string, id: string) => call(m, 'POST', '/v1/expire/checkout', address, { stripeCheckoutSessionId: id, testMode: true });
const join = (m: SignedInMember, address: string, itemVariantId: string) => call(m, 'POST', '/v1/join/waiting_list', address, { itemVariantId });
const heldFor = async (itemVariantId: string, kind: 'checkout' | 'waiting_list') =>
  (await t.db.select().from(stockHolds).where(and(eq(stockHolds.brandId, brandId), eq(stockHolds.itemVariantId, itemVariantId), eq(stockHolds.kind, kind)))).filter(
    (h) => h.expiresAt.getTime() > Date.now(),
  );

describe('the squatting attack', () => {
  it('one member and six puppets from one address cannot keep an evening off sale: two places are held, for hours at most, the rest is back on sale', async () => {
    const squatter = fresh();
    await setCart(squatter, attacker, [['six', 6]]);
    const session = (await openCheckout(squatter, attacker)).json();
    expect(session).toMatchObject({ id: expect.stringMatching(/^cs_/) });
    const stranger = fresh();
    expect((await availability(t, 'concert', stranger.headers)).six).toBe(0);

    const puppets = Array.from({ length: 6 }, fresh);
    const joined = [];
    for (const puppet of puppets) joined.push((await join(puppet, attacker, 'six')).json());
    // The brand's setting is absent: two places per address and evening.
    expect(joined.slice(0, 2)).toEqual([expect.objectContaining({ status: 'waiting', place: 1 }), expect.objectContaining({ status: 'waiting', place: 2 })]);
    for (const refused of joined.slice(2)) expect(refused).toMatchObject({ status: 409, code: 'waiting_list/address_limit' });

    expect((await expire(squatter, attacker, session.id)).json()).toMatchObject({ status: 'expired' });
    // Two units are offered to the two places, each for the default 2 hours (the evening is a month away)...
    const offered = await heldFor('six', 'waiting_list');
    expect(offered).toHaveLength(2);
    for (const hold of offered) expect(hold.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(2 * hour);
    // ...and the other four are on public sale at once.
    expect((await availability(t, 'concert', stranger.headers)).six).toBe(4);
    await setCart(stranger, '203.0.113.20', [['six', 4]]);
    expect((await openCheckout(stranger, '203.0.113.20')).statusCode).toBe(200);
  });

  it('an offered place lasts the brand\'s hold hours, never more than a quarter of the time left before the evening, and at least 15 minutes', () => {
    const now = Date.now();
    expect(offeredPlaceLifetimeMs(2, now + 30 * 24 * hour, now)).toBe(2 * hour);
    // Twelve hours asked, the evening tomorrow (24 h away): six hours.
    expect(offeredPlaceLifetimeMs(12, now + 24 * hour, now)).toBe(6 * hour);
    expect(offeredPlaceLifetimeMs(2, now + 4 * hour, now)).toBe(hour);
    expect(offeredPlaceLifetimeMs(2, now + 20 * 60_000, now)).toBe(minimumOfferMs);
    // Merchandise has no evening: the brand's hours.
    expect(offeredPlaceLifetimeMs(3, null, now)).toBe(3 * hour);
  });

  it('an evening starting in four hours offers its freed unit for one hour, even with 12 hold hours', async () => {
    const [row] = await t.db.select().from(brands).where(eq(brands.id, brandId));
    await t.db.update(brands).set({ settings: { ...row!.settings, waitingListHoldHours: 12 } }).where(eq(brands.id, brandId));
    try {
      const start = new Date(Date.now() + 4 * hour);
      await makeVariant(t.db, brandId, 'concert', 'tonight', { stock: 1, priceCurrent: 20_000, priceOriginal: 20_000, dateStart: start, dateEnd: new Date(start.getTime() + 3 * hour) });
      const [holder, waiting] = [fresh(), fresh()];
      await setCart(holder, '203.0.113.30', [['tonight', 1]]);
      const session = (await openCheckout(holder, '203.0.113.30')).json();
      expect((await join(waiting, '203.0.113.31', 'tonight')).json()).toMatchObject({ status: 'waiting' });
      await expire(holder, '203.0.113.30', session.id);
      const [offer] = await heldFor('tonight', 'waiting_list');
      const lasts = offer!.expiresAt.getTime() - Date.now();
      expect(lasts).toBeLessThanOrEqual(hour);
      expect(lasts).toBeGreaterThan(hour - 5 * 60_000);
    } finally {
      await t.db.update(brands).set({ settings: row!.settings }).where(eq(brands.id, brandId));
    }
  });
});

describe('one checkout per member', () => {
  it("a member's second checkout frees the first one's holds in the same step", async () => {
    const member = fresh();
    const address = '203.0.113.40';
    await setCart(member, address, [['pair', 2]]);
    const first = (await openCheckout(member, address)).json();
    expect(await heldFor('pair', 'checkout')).toEqual([expect.objectContaining({ userId: member.uid, quantity: 2 })]);
    await setCart(member, address, [['other', 1]]);
    const second = (await openCheckout(member, address)).json();
    expect(second.id).not.toBe(first.id);
    expect(await heldFor('pair', 'checkout')).toEqual([]);
    const rows = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, member.uid));
    expect(rows.map((r) => [r.providerSessionId, r.status]).sort()).toEqual([[first.id, 'expired'], [second.id, 'open']].sort());
    // The replaced session cannot be paid any more at the provider either.
    expect((await t.payments.stripe.checkout.sessions.retrieve(first.id)).status).toBe('expired');
    expect((await availability(t, 'concert', fresh().headers)).pair).toBe(2);
  });
});

describe('limits counted in the step that admits', () => {
  it('a member opens at most the limit of checkouts per window, with the error shape and Retry-After', async () => {
    const member = fresh();
    const address = '203.0.113.50';
    await setCart(member, address, [['other', 1]]);
    for (let i = 0; i < 4; i++) expect((await openCheckout(member, address)).statusCode).toBe(200);
    const refused = await openCheckout(member, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 429, code: 'checkout/too-many-checkouts', message: expect.stringMatching(/try again in \d+ seconds/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an opening refused for the stock leaves nothing behind: no session, and it does not count against the limit', async () => {
    await makeVariant(t.db, brandId, 'concert', 'last-one', { stock: 1, priceCurrent: 10_000, priceOriginal: 10_000 });
    const [holder, member] = [fresh(), fresh()];
    const address = '203.0.113.55';
    await setCart(holder, '203.0.113.56', [['last-one', 1]]);
    await setCart(member, address, [['last-one', 1]]);
    const held = (await openCheckout(holder, '203.0.113.56')).json();
    // Six refusals, more than the member's four openings per window.
    for (let i = 0; i < 6; i++) expect((await openCheckout(member, address)).json()).toMatchObject({ status: 409, code: 'checkout/sold-out' });
    const sessions = await t.db.select().from(checkoutSessions).where(and(eq(checkoutSessions.brandId, brandId), eq(checkoutSessions.userId, member.uid)));
    expect(sessions).toEqual([]);
    expect((await expire(holder, '203.0.113.56', held.id)).statusCode).toBe(200);
    expect((await openCheckout(member, address)).json()).toMatchObject({ id: expect.stringMatching(/^cs_/) });
  });

  it('one address opens at most the limit of checkouts per window, however many members race from it', async () => {
    const address = '203.0.113.60';
    const racers = Array.from({ length: 20 }, fresh);
    for (const racer of racers) await setCart(racer, address, [['other', 1]]);
    const answers = await Promise.all(racers.map((racer) => openCheckout(racer, address)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(12);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().code))).toEqual(new Set(['checkout/too-many-checkouts']));
  });

  it('places per address and evening hold when puppets join in parallel, and joins per address are counted', async () => {
    const address = '198.51.100.99';
    await makeVariant(t.db, brandId, 'concert', 'gone', { stock: 0, priceCurrent: 10_000, priceOriginal: 10_000 });
    await makeVariant(t.db, brandId, 'concert', 'gone-too', { stock: 0, priceCurrent: 10_000, priceOriginal: 10_000 });
    const puppets = people.slice(next, next + 5);
    next += 5;
    const answers = await Promise.all(puppets.map((p) => join(p, address, 'gone')));
    expect(answers.filter((a) => a.json().status === 'waiting')).toHaveLength(2);
    const places = await t.db.select().from(waitingListEntries).where(and(eq(waitingListEntries.itemVariantId, 'gone'), eq(waitingListEntries.clientAddress, address)));
    expect(places).toHaveLength(2);
    // Five joins per window from one address: two taken above, two more on another evening, then refused.
    expect((await join(puppets[2]!, address, 'gone-too')).json()).toMatchObject({ status: 'waiting' });
    expect((await join(puppets[3]!, address, 'gone-too')).json()).toMatchObject({ status: 'waiting' });
    await makeVariant(t.db, brandId, 'concert', 'gone-three', { stock: 0, priceCurrent: 10_000, priceOriginal: 10_000 });
    expect((await join(puppets[4]!, address, 'gone-three')).json()).toMatchObject({ status: 'waiting' });
    const refused = await join(fresh(), address, 'gone-three');
    expect(refused.json()).toMatchObject({ status: 429, code: 'waiting_list/too-many-joins' });
  });
});
