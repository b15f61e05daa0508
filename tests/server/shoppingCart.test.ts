import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { brandRoles, orderLines, orders, shoppingCartLines, shoppingCarts, users } from '../../server/db/schema/index.ts';
import type { ShoppingCart } from '../../contract/commerce.ts';
import type { OrderItem } from '../../contract/checkout.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember, makeOffer } from './support/factories.ts';
import { makeCustomFee, makeTaxRate, makeVariant } from './support/commerceFactories.ts';

let t: TestApp;
let headers: Record<string, string>;
let uid: string;
const hour = 3_600_000;
const future = new Date(Date.now() + 30 * 24 * hour);

beforeAll(async () => {
  t = await createTestApp();
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  await makeTaxRate(t.db, 'aurora', 'vat25', 25);
  await makeTaxRate(t.db, 'aurora', 'vat6', 6);
  await makeCustomFee(t.db, 'aurora', 'service', 2_500, ['vat25']);
  await makeCustomFee(t.db, 'aurora', 'booking', 1_000, ['vat25'], 1_500);
  await makeOffer(t.db, 'aurora', 'concert', { type: 'live', itemVariantType: 'ticket', title: 'Nordlys live' });
  await makeOffer(t.db, 'aurora', 'shirt', { itemVariantType: 'other', title: 'Tour shirt' });
  await makeOffer(t.db, 'aurora', 'gone', { itemVariantType: 'other', active: false });
  await makeOffer(t.db, 'borealis', 'b-offer', { itemVariantType: 'other' });
  await makeVariant(t.db, 'aurora', 'concert', 'stockholm', {
    title: 'Stockholm, standing', priceCurrent: 34_900, priceOriginal: 39_900, taxRateIds: ['vat6'],
    customFeeIds: ['service', 'booking'], purchaseCap: 4, dateStart: future, dateEnd: new Date(future.getTime() + 3 * hour),
    locationAddress: 'Sveavägen 1', locationZipCode: '111 57', locationCity: 'Stockholm', locationMapUrl: 'https://maps.example/1',
  });
  await makeVariant(t.db, 'aurora', 'concert', 'malmo', { priceCurrent: 1_052, taxRateIds: ['vat6'], locationCity: 'Malmö', dateEnd: future });
  await makeVariant(t.db, 'aurora', 'concert', 'lund', { priceCurrent: 1_052, taxRateIds: ['vat6'], locationCity: 'Lund', dateEnd: future });
  await makeVariant(t.db, 'aurora', 'concert', 'soldout', { stock: 0 });
  await makeVariant(t.db, 'aurora', 'concert', 'past', { dateEnd: new Date(Date.now() - hour) });
  await makeVariant(t.db, 'aurora', 'shirt', 'shirt-m', { title: 'M', priceCurrent: 24_900, priceOriginal: 24_900, taxRateIds: ['vat25'] });
  await makeVariant(t.db, 'aurora', 'shirt', 'shirt-l', { title: 'L', priceCurrent: 24_900, taxRateIds: ['vat25'] });
  await makeVariant(t.db, 'aurora', 'gone', 'gone-v');
  await makeVariant(t.db, 'borealis', 'b-offer', 'b-variant');
  uid = await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  headers = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
}, 60_000);
afterAll(() => t?.close());

beforeEach(async () => {
  await t.db.delete(shoppingCarts).where(and(eq(shoppingCarts.brandId, 'aurora'), eq(shoppingCarts.userId, uid)));
});

const line = (itemVariantId: string, offerId: string, quantity: number) => ({ itemVariantId, offerId, quantity });
const getCart = () => t.app.inject({ method: 'GET', url: '/v1/get/user/shopping_cart', headers });
const putCart = (payload: object) => t.app.inject({ method: 'PUT', url: '/v1/update/user/shopping_cart', headers, payload });
const cartOf = async () => (await getCart()).json() as ShoppingCart;
const linesOf = (cart: ShoppingCart) => cart.itemList.map((l) => [l.itemVariantId, l.quantity]);

describe('GET /v1/get/user/shopping_cart', () => {
  it('answers an empty cart before the first write', async () => {
    const response = await getCart();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ itemList: [], totalPrice: 0, totalCustomFeePrice: 0, totalQuantity: 0, taxList: [], currency: 'SEK', version: 0 });
  });

  it('needs a signed-in member', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/get/user/shopping_cart', headers: { 'x-app-url': 'http://localhost:8080' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401 });
  });
});

describe('PUT /v1/update/user/shopping_cart', () => {
  it('stores the whole list and answers it enriched with totals and VAT per tax rate', async () => {
    const response = await putCart({ shopingCartItemList: [line('stockholm', 'concert', 3), line('shirt-m', 'shirt', 2)] });
    expect(response.statusCode).toBe(200);
    const cart = response.json() as ShoppingCart;
    // Ticket: 349 kr + 25 kr + 10 kr fees = 384 kr a unit; shirt 249 kr.
    expect(cart).toMatchObject({ totalPrice: 3 * 38_400 + 2 * 24_900, totalCustomFeePrice: 3 * 3_500, totalQuantity: 5, currency: 'SEK', version: 1 });
    // Prices include VAT: 3 × 349 kr hold 6/106 of it, 59,26 kr; 3 × 35 kr fees + 2 × 249 kr hold 25/125 of it, 120,60 kr.
    expect(cart.taxList).toEqual([
      { taxRateId: 'vat6', percentage: 6, display_name: 'VAT 6%', amount: 5_926 },
      { taxRateId: 'vat25', percentage: 25, display_name: 'VAT 25%', amount: 12_060 },
    ]);
    const [ticket, shirt] = cart.itemList;
    expect(ticket).toEqual({
      itemVariantId: 'stockholm', offerId: 'concert', quantity: 3, offerType: 'live', offerTitle: 'Nordlys live',
      offerPuffImage: expect.any(Object), itemVariantType: 'ticket', unitPrice: 38_400, linePrice: 115_200, boughtQuantity: 0,
      itemVariantCustomFeeBuildRecord: {
        service: { id: 'service', title: 'Fee service', price: { current: 2_500, original: 2_500 }, taxRates: [{ id: 'vat25', percentage: 25, display_name: 'VAT 25%' }] },
        booking: { id: 'booking', title: 'Fee booking', price: { current: 1_000, original: 1_500 }, taxRates: [{ id: 'vat25', percentage: 25, display_name: 'VAT 25%' }] },
      },
      itemVariant: {
        id: 'stockholm', title: 'Stockholm, standing', description: '', images: [], price: { current: 34_900, original: 39_900 },
        currency: 'SEK', customFeeIdList: ['service', 'booking'], taxRates: [{ id: 'vat6', percentage: 6, display_name: 'VAT 6%' }],
        purchaseCap: 4, onSaleAt: null, date: { start: future.getTime(), end: future.getTime() + 3 * hour },
        location: { address: 'Sveavägen 1', zipCode: '111 57', city: 'Stockholm', mapUrl: 'https://maps.example/1' },
      },
    });
    expect(shirt).toMatchObject({ itemVariantId: 'shirt-m', itemVariantType: 'other', unitPrice: 24_900, linePrice: 49_800, itemVariantCustomFeeBuildRecord: {} });
    expect(shirt!.itemVariant).toMatchObject({ date: { start: null, end: null }, location: null, purchaseCap: null });
    expect(await cartOf()).toEqual(cart);
  });

  it('rounds each tax rate once over the whole cart, half up', async () => {
    // 10,52 kr holds 0,5955 kr of 6 % VAT on each line: 1,19 kr together, not 0,60 + 0,60.
    const cart = (await putCart({ shopingCartItemList: [line('malmo', 'concert', 1), line('lund', 'concert', 1)] })).json() as ShoppingCart;
    expect(cart.taxList).toEqual([{ taxRateId: 'vat6', percentage: 6, display_name: 'VAT 6%', amount: 119 }]);
    const one = (await putCart({ shopingCartItemList: [line('malmo', 'concert', 1)] })).json() as ShoppingCart;
    expect(one.taxList[0]!.amount).toBe(60);
  });

  it("applies 'add' and 'replace' line by line and appends new variants", async () => {
    await putCart({ shopingCartItemList: [line('stockholm', 'concert', 1), line('shirt-m', 'shirt', 1)] });
    const added = (await putCart({ action: 'add', shopingCartItemList: [line('stockholm', 'concert', 2), line('shirt-l', 'shirt', 1)] })).json();
    expect(linesOf(added)).toEqual([['stockholm', 3], ['shirt-m', 1], ['shirt-l', 1]]);
    const replaced = (await putCart({ action: 'replace', shopingCartItemList: [line('shirt-m', 'shirt', 5)] })).json();
    expect(linesOf(replaced)).toEqual([['stockholm', 3], ['shirt-m', 5], ['shirt-l', 1]]);
    const set = (await putCart({ shopingCartItemList: [line('shirt-l', 'shirt', 2)] })).json();
    expect(linesOf(set)).toEqual([['shirt-l', 2]]);
    expect(set.version).toBe(4);
    const emptied = (await putCart({ shopingCartItemList: [] })).json();
    expect(emptied).toMatchObject({ itemList: [], totalPrice: 0, totalQuantity: 0, version: 5 });
  });

  it('writes a whole list only on the version it was made from', async () => {
    const first = (await putCart({ shopingCartItemList: [line('shirt-m', 'shirt', 1)] })).json();
    await putCart({ action: 'add', shopingCartItemList: [line('shirt-l', 'shirt', 1)] });
    const stale = await putCart({ version: first.version, shopingCartItemList: [line('shirt-m', 'shirt', 2)] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: 409, code: 'user/shopping-cart-version-conflict', message: 'The cart has changed meanwhile; reload it and try again' });
    const fresh = await cartOf();
    expect(linesOf(fresh)).toEqual([['shirt-m', 1], ['shirt-l', 1]]);
    const ok = await putCart({ version: fresh.version, shopingCartItemList: [line('shirt-m', 'shirt', 2)] });
    expect(ok.statusCode).toBe(200);
    expect(linesOf(ok.json())).toEqual([['shirt-m', 2]]);
  });

  const refusals: [string, object, number, string, string][] = [
    ['an unknown variant', { shopingCartItemList: [line('nope', 'concert', 1)] }, 404, 'user/shopping-cart-item-not-found', 'The item was not found'],
    ["another brand's variant", { shopingCartItemList: [line('b-variant', 'b-offer', 1)] }, 404, 'user/shopping-cart-item-not-found', 'The item was not found'],
    ['a variant of another offer', { shopingCartItemList: [line('shirt-m', 'concert', 1)] }, 400, 'user/shopping-cart-offer-mismatch', 'The item does not belong to that offer'],
    ['quantity 0', { shopingCartItemList: [line('shirt-m', 'shirt', 0)] }, 400, 'user/shopping-cart-quantity-invalid', 'The quantity must be a whole number from 1 to 999'],
    ['a negative quantity', { action: 'add', shopingCartItemList: [line('shirt-m', 'shirt', -1)] }, 400, 'user/shopping-cart-quantity-invalid', 'The quantity must be a whole number from 1 to 999'],
    ['a fractional quantity', { shopingCartItemList: [line('shirt-m', 'shirt', 1.5)] }, 400, 'user/shopping-cart-quantity-invalid', 'The quantity must be a whole number from 1 to 999'],
    ['a huge quantity', { shopingCartItemList: [line('shirt-m', 'shirt', 1e12)] }, 400, 'user/shopping-cart-quantity-invalid', 'The quantity must be a whole number from 1 to 999'],
    ['more than the purchase cap', { shopingCartItemList: [line('stockholm', 'concert', 5)] }, 400, 'user/shopping-cart-purchase-cap-reached', 'The number of maximum purchases per user has been reached.'],
    ['an add past the purchase cap', { action: 'add', shopingCartItemList: [line('stockholm', 'concert', 3)] }, 400, 'user/shopping-cart-purchase-cap-reached', 'The number of maximum purchases per user has been reached.'],
    ['the same variant twice', { shopingCartItemList: [line('shirt-l', 'shirt', 1), line('shirt-l', 'shirt', 1)] }, 400, 'user/shopping-cart-duplicate-item', 'Each item may appear only once in the list'],
    ['a sold-out variant', { action: 'add', shopingCartItemList: [line('soldout', 'concert', 1)] }, 409, 'user/shopping-cart-sold-out', 'Unfortunately the item for this offer is sold out.'],
    ['a variant past its end date', { action: 'add', shopingCartItemList: [line('past', 'concert', 1)] }, 410, 'offer_not_relevant', 'The offer is no longer relevant'],
    ['a variant of an inactive offer', { action: 'replace', shopingCartItemList: [line('gone-v', 'gone', 1)] }, 410, 'offer_not_relevant', 'The offer is no longer relevant'],
  ];

  it.each(refusals)('refuses %s and stores nothing of the request', async (_name, payload, status, code, message) => {
    const before = (await putCart({ shopingCartItemList: [line('stockholm', 'concert', 2), line('shirt-m', 'shirt', 1)] })).json();
    // A valid line first: it must not be kept either.
    const body = payload as { shopingCartItemList: object[] };
    const response = await putCart({ ...payload, shopingCartItemList: [line('malmo', 'concert', 1), ...body.shopingCartItemList] });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ status, code, message });
    expect(await cartOf()).toEqual(before);
  });

  it('refuses malformed bodies with the error shape', async () => {
    for (const payload of [{}, { shopingCartItemList: [{ itemVariantId: 'shirt-m', offerId: 'shirt', quantity: 'two' }] }, { shopingCartItemList: [], action: 'merge' }]) {
      const response = await putCart(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, code: 'invalid_request' });
    }
    expect((await cartOf()).version).toBe(0);
  });

  it('keeps a line already in the cart when its variant sells out, and lets it shrink', async () => {
    await putCart({ shopingCartItemList: [line('malmo', 'concert', 3)] });
    const { itemVariants } = await import('../../server/db/schema/index.ts');
    await t.db.update(itemVariants).set({ stock: 0 }).where(and(eq(itemVariants.brandId, 'aurora'), eq(itemVariants.id, 'malmo')));
    try {
      expect((await putCart({ action: 'add', shopingCartItemList: [line('malmo', 'concert', 1)] })).statusCode).toBe(409);
      const shrunk = await putCart({ action: 'replace', shopingCartItemList: [line('malmo', 'concert', 1)] });
      expect(shrunk.statusCode).toBe(200);
      expect(linesOf(shrunk.json())).toEqual([['malmo', 1]]);
    } finally {
      await t.db.update(itemVariants).set({ stock: 100 }).where(and(eq(itemVariants.brandId, 'aurora'), eq(itemVariants.id, 'malmo')));
    }
  });
});

describe("the purchase cap counts what the member bought (issue 39)", () => {
  // 'stockholm' has a purchase cap of 4.
  let orderNo = 0;
  async function bought(itemVariantId: string, offerId: string, quantity: number, status: 'paid' | 'cancelled' | 'refunded' = 'paid') {
    const id = `order-cap-${++orderNo}-${Math.random().toString(36).slice(2)}`;
    await t.db.insert(orders).values({
      brandId: 'aurora', id, userId: uid, checkoutSessionId: `cs-${id}`, amount: 0, currency: 'SEK', feeRecord: {}, taxList: [], status, createdAt: new Date(),
    });
    await t.db.insert(orderLines).values({ brandId: 'aurora', orderId: id, lineNo: 1, itemVariantId, offerId, quantity, unitPrice: 0, linePrice: 0, item: {} as OrderItem });
  }
  beforeEach(async () => {
    await t.db.delete(orders).where(and(eq(orders.brandId, 'aurora'), eq(orders.userId, uid)));
  });
  const boughtOf = (cart: ShoppingCart) => cart.itemList.map((l) => [l.itemVariantId, l.quantity, l.boughtQuantity]);

  it('tells on each line how many the member bought, and refuses what would pass the cap with them', async () => {
    await bought('stockholm', 'concert', 3);
    const refused = await putCart({ shopingCartItemList: [line('stockholm', 'concert', 2)] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      status: 400,
      code: 'user/shopping-cart-purchase-cap-reached',
      message: 'The number of maximum purchases per user has been reached.',
    });
    const taken = await putCart({ shopingCartItemList: [line('stockholm', 'concert', 1), line('shirt-m', 'shirt', 2)] });
    expect(taken.statusCode).toBe(200);
    expect(boughtOf(taken.json())).toEqual([['stockholm', 1, 3], ['shirt-m', 2, 0]]);
    expect(boughtOf(await cartOf())).toEqual([['stockholm', 1, 3], ['shirt-m', 2, 0]]);
    const more = await putCart({ action: 'add', shopingCartItemList: [line('stockholm', 'concert', 1)] });
    expect(more.json()).toMatchObject({ code: 'user/shopping-cart-purchase-cap-reached' });
    expect(linesOf(await cartOf())).toEqual([['stockholm', 1], ['shirt-m', 2]]);
  });

  it('counts paid orders only: cancelled and refunded ones gave their units back', async () => {
    await bought('stockholm', 'concert', 4, 'cancelled');
    await bought('stockholm', 'concert', 4, 'refunded');
    const response = await putCart({ shopingCartItemList: [line('stockholm', 'concert', 4)] });
    expect(response.statusCode).toBe(200);
    expect(boughtOf(response.json())).toEqual([['stockholm', 4, 0]]);
  });

  it('lets a line the member bought past since it was added shrink, but not grow', async () => {
    await putCart({ shopingCartItemList: [line('stockholm', 'concert', 4)] });
    await bought('stockholm', 'concert', 3);
    expect(boughtOf(await cartOf())).toEqual([['stockholm', 4, 3]]);
    const shrunk = await putCart({ action: 'replace', shopingCartItemList: [line('stockholm', 'concert', 2)] });
    expect(shrunk.statusCode).toBe(200);
    expect(boughtOf(shrunk.json())).toEqual([['stockholm', 2, 3]]);
    expect((await putCart({ action: 'replace', shopingCartItemList: [line('stockholm', 'concert', 3)] })).statusCode).toBe(400);
    // Other lines may still change around it.
    expect((await putCart({ action: 'add', shopingCartItemList: [line('shirt-m', 'shirt', 1)] })).statusCode).toBe(200);
  });
});

describe('the published API description', () => {
  it("documents the cart write's actions and version", async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const body = spec.paths['/v1/update/user/shopping_cart'].put.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['shopingCartItemList']);
    expect(body.properties.action.anyOf.map((a: { const?: string; enum?: string[] }) => a.const ?? a.enum?.[0])).toEqual(['set', 'add', 'replace']);
    expect(body.properties.action.description).toContain('two tabs');
    expect(body.properties.version.description).toContain('409');
    expect(spec.paths['/v1/get/user/shopping_cart'].get.responses['200']).toBeDefined();
  });
});

describe("one member's cart", () => {
  it('is not seen by another member, and goes with the account', async () => {
    await putCart({ shopingCartItemList: [line('shirt-m', 'shirt', 2)] });
    const aurora = { id: 'aurora', authTenantId: 'aurora-tenant' };
    const otherUid = await makeMember(t.db, t.identity, aurora, { email: 'other@aurora.test' });
    const other = { ...headers, authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'other@aurora.test')}` };
    const theirs = (payload?: object) =>
      t.app.inject({ method: payload ? 'PUT' : 'GET', url: `/v1/${payload ? 'update' : 'get'}/user/shopping_cart`, headers: other, ...(payload ? { payload } : {}) });
    expect((await theirs()).json()).toMatchObject({ itemList: [], version: 0 });
    expect(linesOf((await theirs({ action: 'add', shopingCartItemList: [line('shirt-l', 'shirt', 1)] })).json())).toEqual([['shirt-l', 1]]);
    expect(linesOf(await cartOf())).toEqual([['shirt-m', 2]]);
    await t.db.delete(brandRoles).where(eq(brandRoles.userId, otherUid));
    await t.db.delete(users).where(and(eq(users.brandId, 'aurora'), eq(users.id, otherUid)));
    expect(await t.db.select().from(shoppingCartLines).where(eq(shoppingCartLines.userId, otherUid))).toEqual([]);
    expect(await t.db.select().from(shoppingCarts).where(eq(shoppingCarts.userId, otherUid))).toEqual([]);
  });
});

describe('two tabs at once', () => {
  it("keeps every line of 50 parallel 'add' updates from two tabs and two server instances", async () => {
    const second = await createTestApp({ database: t.database });
    try {
      const tabs = [t.app, second.app];
      const requests = Array.from({ length: 50 }, (_, i) =>
        tabs[i % 2]!.inject({
          method: 'PUT', url: '/v1/update/user/shopping_cart', headers,
          payload: { action: 'add', shopingCartItemList: [i % 2 === 0 ? line('shirt-m', 'shirt', 1) : line('shirt-l', 'shirt', 1)] },
        }),
      );
      const responses = await Promise.all(requests);
      expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      const cart = await cartOf();
      expect(linesOf(cart).sort()).toEqual([['shirt-l', 25], ['shirt-m', 25]]);
      expect(cart.version).toBe(50);
      const stored = await t.db.select().from(shoppingCartLines).where(eq(shoppingCartLines.userId, uid));
      expect(stored.map((l) => l.quantity).sort()).toEqual([25, 25]);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('loses nothing when two tabs write whole lists on their version and retry on a conflict', async () => {
    async function tab(variant: string, times: number) {
      for (let done = 0; done < times; ) {
        const cart = await cartOf();
        const mine = cart.itemList.find((l) => l.itemVariantId === variant);
        const list = cart.itemList.map((l) => line(l.itemVariantId, l.offerId, l.itemVariantId === variant ? l.quantity + 1 : l.quantity));
        if (!mine) list.push(line(variant, 'shirt', 1));
        const response = await putCart({ version: cart.version, shopingCartItemList: list });
        if (response.statusCode === 200) done++;
        else if (response.statusCode !== 409) throw new Error(response.body);
      }
    }
    await Promise.all([tab('shirt-m', 25), tab('shirt-l', 25)]);
    expect(linesOf(await cartOf()).sort()).toEqual([['shirt-l', 25], ['shirt-m', 25]]);
  }, 60_000);
});
