import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor as waitForDom, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cartMachine } from '../../machines/cart.machine.ts';
import type { CartItemView, CartUpdateBody, ItemVariant, ShoppingCart } from '../../contract/commerce.ts';
import { CartView } from '../../src/screens/cart/CartView.tsx';
import { steadyLanguage } from '../machines/languageFakes.ts';

/**
 * Issue 39: the cart tells the member's purchase cap where it is met ("At most 8 tickets per
 * member for this evening; you have 8."), counting what they bought before, and its + button
 * is disabled there with that text as its description.
 */
const image = { jpeg: { medium: '/puff.jpg' }, webp: { medium: '/puff.webp' } };
const evening: ItemVariant = {
  id: 'standing', title: 'Standing', description: '', images: [], price: { current: 39_500, original: 39_500 }, currency: 'SEK',
  customFeeIdList: [], taxRates: [], purchaseCap: 8, date: { start: Date.UTC(2030, 11, 12, 18), end: null }, location: null,
};
const cap: ItemVariant = { ...evening, id: 'cap', title: 'Cap', purchaseCap: 2, date: { start: null, end: null } };

function line(variant: ItemVariant, offerTitle: string, quantity: number, boughtQuantity: number, type: 'ticket' | 'other'): CartItemView {
  return {
    itemVariantId: variant.id, offerId: `offer-${variant.id}`, quantity, offerType: 'live', offerTitle, offerPuffImage: image, itemVariantType: type,
    itemVariantCustomFeeBuildRecord: {}, itemVariant: variant, unitPrice: variant.price.current, linePrice: variant.price.current * quantity, boughtQuantity,
  };
}

/** The drawer's content over a cart whose saves the server accepts as asked. */
async function renderCart(itemList: CartItemView[]) {
  let cart: ShoppingCart = { itemList, totalPrice: 0, totalCustomFeePrice: 0, totalQuantity: 0, taxList: [], currency: 'SEK', version: 1 };
  const actor = createActor(
    cartMachine.provide({
      actors: {
        whenLanguageChanges: steadyLanguage,
        loadCart: fromPromise(async () => cart),
        saveCart: fromPromise<ShoppingCart, CartUpdateBody>(async ({ input }) => {
          const [change] = input.shopingCartItemList;
          cart = { ...cart, itemList: cart.itemList.map((l) => (l.itemVariantId === change!.itemVariantId ? { ...l, quantity: change!.quantity } : l)) };
          return cart;
        }),
      },
    }),
  ).start();
  await waitFor(actor, (s) => s.matches('ready'));
  render(
    <I18nProvider i18n={i18n}>
      <CartView cartRef={actor} onCheckout={() => undefined} />
    </I18nProvider>,
  );
  return actor;
}

const lineNamed = (name: string) => screen.getByRole('listitem', { name });
const plus = (name: string) => within(lineNamed(name)).getByRole('button', { name: `Increase Quantity of ${name}` });

describe('the purchase cap in the cart', () => {
  it('tells the cap of an evening once a press of + meets it, and disables + with that reason', async () => {
    await renderCart([line(evening, 'Nordlys live', 4, 3, 'ticket')]);
    const name = 'Nordlys live, Standing';
    expect(within(lineNamed(name)).getByRole('status').textContent).toBe('');
    expect(plus(name).hasAttribute('disabled')).toBe(false);
    fireEvent.click(plus(name));
    const note = 'At most 8 tickets per member for this evening; you have 8. You bought 3 of them earlier.';
    await within(lineNamed(name)).findByText(note);
    expect(within(lineNamed(name)).getByRole('status').textContent).toBe(note);
    expect(plus(name).hasAttribute('disabled')).toBe(true);
    // A screen reader reads why with the button.
    expect(document.getElementById(plus(name).getAttribute('aria-describedby')!)?.textContent).toBe(note);
    // Fewer again: the cap is no longer met.
    fireEvent.click(within(lineNamed(name)).getByRole('button', { name: `Decrease Quantity of ${name}` }));
    await waitForDom(() => expect(within(lineNamed(name)).getByRole('status').textContent).toBe(''));
    expect(plus(name).hasAttribute('disabled')).toBe(false);
    expect(plus(name).hasAttribute('aria-describedby')).toBe(false);
  });

  it('words it without an evening for an item without a date, and without what was bought when nothing was', async () => {
    await renderCart([line(cap, 'Tour merch', 2, 0, 'other'), line({ ...evening, purchaseCap: 1 }, 'Jazz', 1, 0, 'ticket')]);
    expect(within(lineNamed('Tour merch, Cap')).getByRole('status').textContent).toBe('At most 2 per member; you have 2.');
    expect(within(lineNamed('Jazz, Standing')).getByRole('status').textContent).toBe('At most 1 ticket per member for this evening; you have 1.');
  });
});

