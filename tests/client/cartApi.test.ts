import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client.ts';
import { getShoppingCart, updateShoppingCart } from '../../src/api/cart.ts';
import { getOffer } from '../../src/api/offers.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const picture = { jpeg: { medium: '/media/offers/02-medium.jpg' }, webp: { medium: '/media/offers/02-medium.webp' } };
const variant = {
  id: 'v1', title: 'Size M', description: '', images: [picture], price: { current: 24_900, original: 29_900 }, currency: 'SEK',
  customFeeIdList: [], taxRates: [], purchaseCap: 5, date: { start: null, end: null }, location: null,
};
const cart = {
  itemList: [{
    itemVariantId: 'v1', offerId: 'o1', quantity: 2, offerType: 'benefit', offerTitle: 'Shirt', offerPuffImage: picture, itemVariantType: 'other',
    itemVariantCustomFeeBuildRecord: {}, itemVariant: variant, unitPrice: 24_900, linePrice: 49_800,
  }],
  totalPrice: 49_800, totalCustomFeePrice: 0, totalQuantity: 2, taxList: [], currency: 'SEK', version: 3,
};

function apiWith(fetch: typeof globalThis.fetch, baseUrl = 'https://api.example') {
  return createApiClient({ baseUrl, appUrl: 'http://aurora.localhost', getIdToken: async () => 'token-1', fetch });
}

describe('cart API', () => {
  it('reads the cart, its pictures pointed at the API origin', async () => {
    const fetch = vi.fn(async () => json(200, cart));
    const loaded = await getShoppingCart(apiWith(fetch));
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe('https://api.example/v1/get/user/shopping_cart');
    expect(loaded.itemList[0]!.offerPuffImage.jpeg.medium).toBe('https://api.example/media/offers/02-medium.jpg');
    expect(loaded.itemList[0]!.itemVariant.images[0]!.webp.medium).toBe('https://api.example/media/offers/02-medium.webp');
    expect(loaded.version).toBe(3);
  });

  it('sends an update with PUT and the spec spelling, and keeps the API error', async () => {
    const fetch = vi.fn(async (_url: unknown, _init?: RequestInit) => json(200, cart));
    const body = { action: 'add' as const, shopingCartItemList: [{ itemVariantId: 'v1', offerId: 'o1', quantity: 1 }] };
    await updateShoppingCart(apiWith(fetch as typeof globalThis.fetch, ''), body);
    const init = fetch.mock.calls[0]![1]!;
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual(body);
    const refusing = vi.fn(async () => json(409, { status: 409, code: 'user/shopping-cart-version-conflict', message: 'changed' }));
    await expect(updateShoppingCart(apiWith(refusing), { shopingCartItemList: [], version: 1 })).rejects.toMatchObject({ status: 409, code: 'user/shopping-cart-version-conflict' });
  });

  it("points the offer's variant pictures at the API origin", async () => {
    const offer = {
      id: 'o1', type: 'benefit', title: 'Shirt', preamble: '', teaserLine: '', tags: [], readingTime: null, categoryId: null, puffImage: picture,
      requiresSignIn: true, itemVariantType: 'other', itemVariantList: [variant], itemVariantCustomFeeBuildRecord: {}, itemVariantAvailability: { v1: 3 },
      itemVariantIndex: 0, promoExists: false, promoCodeCommon: null, isVoucherCodeSoldOut: false, voucherClaimCap: 0, userVoucherCodeClaimCount: 0,
      callToAction: null, contentBlocks: [],
    };
    const loaded = await getOffer(apiWith(vi.fn(async () => json(200, offer))), 'o1');
    expect(loaded.itemVariantList[0]!.images[0]!.jpeg.medium).toBe('https://api.example/media/offers/02-medium.jpg');
  });
});
