import { fromPromise } from 'xstate';
import { offerPageMachine, type CartAddition } from '../../machines/offerPage.machine.ts';
import { getCategories, getOffer } from '../api/offers.ts';
import type { WiringDeps } from './wired.tsx';

/** An offer page: the offer and the category names come from the API; purchases go to the app's cart. */
export function wireOfferPage({ api, app }: WiringDeps) {
  return {
    logic: offerPageMachine.provide({
      actors: {
        loadOffer: fromPromise(({ input: { id } }: { input: { id: string } }) => getOffer(api, id)),
        loadCategories: fromPromise(() => getCategories(api)),
      },
      actions: {
        addToCart: (_, addition: CartAddition) => {
          const cart = app.system.get('cart');
          if (!cart) throw new Error('The cart runs in the content phase; an offer page outside it cannot add to it');
          cart.send({ type: 'cart.add', ...addition });
        },
      },
    }),
    /** The API's base, whose links count as in-app links. */
    apiBase: api.baseUrl,
  };
}
