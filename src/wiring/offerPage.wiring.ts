import { fromPromise } from 'xstate';
import { offerPageMachine } from '../../machines/offerPage.machine.ts';
import { getCategories, getOffer } from '../api/offers.ts';
import type { WiringDeps } from './wired.tsx';

/** An offer page: the offer and the category names come from the API. */
export function wireOfferPage({ api }: WiringDeps) {
  return {
    logic: offerPageMachine.provide({
      actors: {
        loadOffer: fromPromise(({ input: { id } }: { input: { id: string } }) => getOffer(api, id)),
        loadCategories: fromPromise(() => getCategories(api)),
      },
    }),
    /** The API's base, whose links count as in-app links. */
    apiBase: api.baseUrl,
  };
}
