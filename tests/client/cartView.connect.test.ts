import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cartMachine } from '../../machines/cart.machine.ts';
import type { CartItemView, CartUpdateBody, ItemVariant, ShoppingCart, TaxRate } from '../../contract/commerce.ts';
import { connectCart } from '../../src/screens/cart/cart.connect.ts';
import { steadyLanguage } from '../machines/languageFakes.ts';

const image = (n: string) => ({ jpeg: { medium: `/${n}.jpg` }, webp: { medium: `/${n}.webp` } });
const vat6: TaxRate = { id: 'vat6', percentage: 6, display_name: 'VAT 6%' };
const vat25: TaxRate = { id: 'vat25', percentage: 25, display_name: 'VAT 25%' };

const ticket: ItemVariant = {
  id: 'standing', title: 'Standing', description: '', images: [], price: { current: 39_500, original: 45_000 }, currency: 'SEK',
  customFeeIdList: ['service'], taxRates: [vat6], purchaseCap: 8, date: { start: Date.UTC(2030, 11, 12, 18), end: null },
  location: { address: 'Hötorget 8', zipCode: '111 57', city: 'Stockholm', mapUrl: '' },
};
const shirt: ItemVariant = {
  id: 'shirt-m', title: 'Size M', description: '', images: [image('shirt')], price: { current: 24_900, original: 24_900 }, currency: 'SEK',
  customFeeIdList: [], taxRates: [vat25], purchaseCap: 5, date: { start: null, end: null }, location: null,
};
const fees = { service: { price: { current: 2_500, original: 2_500 }, taxRates: [vat25] } };

function item(variant: ItemVariant, offerId: string, quantity: number, type: 'ticket' | 'other'): CartItemView {
  const feeRecord = type === 'ticket' ? fees : {};
  const unit = variant.price.current + (type === 'ticket' ? 2_500 : 0);
  return {
    itemVariantId: variant.id, offerId, quantity, offerType: 'live', offerTitle: `Offer ${offerId}`, offerPuffImage: image('puff'),
    itemVariantType: type, itemVariantCustomFeeBuildRecord: feeRecord, itemVariant: variant, unitPrice: unit, linePrice: unit * quantity,
  };
}

const serverCart: ShoppingCart = {
  itemList: [item(ticket, 'concert', 2, 'ticket'), item(shirt, 'merch', 1, 'other')],
  totalPrice: 2 * 42_000 + 24_900, totalCustomFeePrice: 5_000, totalQuantity: 3, taxList: [], currency: 'SEK', version: 1,
};

/** A cart over an API that loads `loaded` (`serverCart` unless given) and never answers a save (so changes stay pending). */
function startCart(loaded: ShoppingCart = serverCart) {
  const saves: CartUpdateBody[] = [];
  const actor = createActor(
    cartMachine.provide({
      actors: {
        whenLanguageChanges: steadyLanguage,
        loadCart: fromPromise(async () => loaded),
        saveCart: fromPromise<ShoppingCart, CartUpdateBody>(({ input }) => {
          saves.push(input);
          return new Promise(() => undefined);
        }),
      },
    }),
  ).start();
  return { actor, saves };
}

describe('the cart drawer view', () => {
  it('shows lines with fees in the price, the original struck when it differs, ticket date and place, VAT per rate', async () => {
    const { actor } = startCart();
    await waitFor(actor, (s) => s.matches('ready'));
    const view = connectCart(actor.getSnapshot(), actor);
    expect(view.status).toBe('ready');
    expect(view.lines.map((l) => [l.variantTitle, l.quantity, l.unitPrice, l.unitOriginalPrice, l.linePrice])).toEqual([
      ['Standing', 2, 42_000, 47_500, 84_000],
      ['Size M', 1, 24_900, 24_900, 24_900],
    ]);
    expect(view.lines[0]).toMatchObject({ date: ticket.date.start, location: ticket.location, maxQuantity: 8, image: image('puff') });
    // Merchandise shows its variant's picture and no date or place.
    expect(view.lines[1]).toMatchObject({ date: null, location: null, image: image('shirt') });
    expect(view.totalPrice).toBe(108_900);
    expect(view.totalCustomFeePrice).toBe(5_000);
    // Prices include VAT: 2 × 395 kr at 6 % contains 790 × 6/106 = 44,72 kr;
    // (2 × 25 kr fees + 249 kr) at 25 % contains 299 × 25/125 = 59,80 kr.
    expect(view.taxList.map((t) => [t.taxRateId, t.amount])).toEqual([['vat6', 4_472], ['vat25', 5_980]]);
  });

  it('shows a changed quantity and its totals at once, clamps it to the purchase cap, and removes a line', async () => {
    const { actor, saves } = startCart();
    await waitFor(actor, (s) => s.matches('ready'));
    connectCart(actor.getSnapshot(), actor).setQuantity('standing', 'concert', 99);
    let view = connectCart(actor.getSnapshot(), actor);
    expect(view.lines[0]!.quantity).toBe(8);
    expect(saves[0]).toMatchObject({ action: 'replace', shopingCartItemList: [{ itemVariantId: 'standing', offerId: 'concert', quantity: 8 }] });
    expect(view.totalPrice).toBe(8 * 42_000 + 24_900);
    view.setQuantity('shirt-m', 'merch', 'abc');
    expect(connectCart(actor.getSnapshot(), actor).lines[1]!.quantity).toBe(1);
    view.remove('shirt-m');
    view = connectCart(actor.getSnapshot(), actor);
    expect(view.lines.map((l) => l.itemVariantId)).toEqual(['standing']);
    expect(view.taxList.map((t) => t.taxRateId)).toEqual(['vat6', 'vat25']);
    expect(view.totalQuantity).toBe(8);
  });

  describe("the member's purchase cap (issue 39)", () => {
    const withBought = (quantity: number, bought: number): ShoppingCart => ({
      ...serverCart,
      itemList: [{ ...item(ticket, 'concert', quantity, 'ticket'), boughtQuantity: bought }, { ...item(shirt, 'merch', 1, 'other'), boughtQuantity: 0 }],
    });

    it('tells the cap where quantity and what was bought reach it, and lets the picker go no further', async () => {
      const { actor, saves } = startCart(withBought(5, 3));
      await waitFor(actor, (s) => s.matches('ready'));
      let view = connectCart(actor.getSnapshot(), actor);
      expect(view.lines[0]).toMatchObject({ maxQuantity: 5, cap: { limit: 8, have: 8, bought: 3, evening: true } });
      // The shirt (cap 5) is far from it.
      expect(view.lines[1]).toMatchObject({ maxQuantity: 5, cap: null });
      view.setQuantity('standing', 'concert', 99);
      expect(saves[0]).toMatchObject({ shopingCartItemList: [{ itemVariantId: 'standing', quantity: 5 }] });
      view.setQuantity('standing', 'concert', 4);
      view = connectCart(actor.getSnapshot(), actor);
      expect(view.lines[0]!.cap).toBeNull();
    });

    it('tells an item without a date its cap without an evening, and a line kept after buying the cap stays shown', async () => {
      const cart = withBought(2, 8);
      cart.itemList[1] = { ...item({ ...shirt, purchaseCap: 2 }, 'merch', 2, 'other'), boughtQuantity: 0 };
      const { actor } = startCart(cart);
      await waitFor(actor, (s) => s.matches('ready'));
      const view = connectCart(actor.getSnapshot(), actor);
      expect(view.lines[0]).toMatchObject({ quantity: 2, maxQuantity: 1, cap: { limit: 8, have: 10, bought: 8, evening: true } });
      expect(view.lines[1]).toMatchObject({ maxQuantity: 2, cap: { limit: 2, have: 2, bought: 0, evening: false } });
    });
  });
});
