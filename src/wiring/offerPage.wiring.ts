import { fromPromise } from 'xstate';
import { offerPageMachine } from '../../machines/offerPage.machine.ts';
import { promoClaimMachine } from '../../machines/promoClaim.machine.ts';
import { commonPromoMachine } from '../../machines/commonPromo.machine.ts';
import { getCategories, getOffer } from '../api/offers.ts';
import { claimCommonPromoCode, claimPromoCode } from '../api/promoCodes.ts';
import type { WiringDeps } from './wired.tsx';
import { wireClipboard } from './clipboard.wiring.ts';

type OfferInput = { input: { offerId: string } };

/** An offer page: the offer, the category names and the promo claims come from the API. */
export function wireOfferPage({ api }: WiringDeps) {
  return {
    logic: offerPageMachine.provide({
      actors: {
        loadOffer: fromPromise(({ input: { id } }: { input: { id: string } }) => getOffer(api, id)),
        loadCategories: fromPromise(() => getCategories(api)),
        promoClaim: promoClaimMachine.provide({
          actors: { claimCode: fromPromise(({ input }: OfferInput) => claimPromoCode(api, input.offerId)) },
        }),
        commonPromo: commonPromoMachine.provide({
          actors: { claimCommonCode: fromPromise(({ input }: OfferInput) => claimCommonPromoCode(api, input.offerId)) },
        }),
        clipboard: wireClipboard(),
      },
    }),
    /** The API's base, whose links count as in-app links. */
    apiBase: api.baseUrl,
  };
}
