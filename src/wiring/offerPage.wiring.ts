import { fromPromise } from 'xstate';
import { offerPageMachine, type CartAddition } from '../../machines/offerPage.machine.ts';
import { promoClaimMachine } from '../../machines/promoClaim.machine.ts';
import { commonPromoMachine } from '../../machines/commonPromo.machine.ts';
import { getCategories, getOffer } from '../api/offers.ts';
import { claimCommonPromoCode, claimPromoCode, getClaimedPromoCodes } from '../api/promoCodes.ts';
import { uniqueCodesOf } from '../domain/claimedCodes.ts';
import type { WiringDeps } from './wired.tsx';
import { appChild } from '../appActor.ts';
import { cachedCategories } from '../services/memberCache.ts';
import { wireClipboard } from './clipboard.wiring.ts';
import { calendarPlatformOf, wireCalendar } from './calendar.wiring.ts';
import { waitingListMachine } from '../../machines/waitingList.machine.ts';
import { getWaitingListPlaces, joinWaitingList, leaveWaitingList } from '../api/waitingList.ts';
import { getPurchasesOf } from '../api/orders.ts';

type OfferInput = { input: { offerId: string } };

type VariantInput = { input: { itemVariantId: string } };

/**
 * An offer page: the offer, the category names, the promo claims, the waiting list and what the
 * member bought come from the API; purchases go to the app's cart; calendar entries to the device.
 */
export function wireOfferPage({ api, app, container }: WiringDeps) {
  return {
    logic: offerPageMachine.provide({
      actors: {
        loadOffer: fromPromise(({ input: { id } }: { input: { id: string } }) => getOffer(api, id)),
        loadCategories: fromPromise(() => cachedCategories(() => getCategories(api))),
        promoClaim: promoClaimMachine.provide({
          actors: {
            claimCode: fromPromise(({ input }: OfferInput) => claimPromoCode(api, input.offerId)),
            loadEarlierCodes: fromPromise(async ({ input }: OfferInput) => uniqueCodesOf(await getClaimedPromoCodes(api), input.offerId)),
          },
        }),
        commonPromo: commonPromoMachine.provide({
          actors: { claimCommonCode: fromPromise(({ input }: OfferInput) => claimCommonPromoCode(api, input.offerId)) },
        }),
        clipboard: wireClipboard(),
        waitingList: waitingListMachine.provide({
          actors: {
            loadPlaces: fromPromise(({ input }: { input: { offerId: string } }) => getWaitingListPlaces(api, input.offerId)),
            joinWaitingList: fromPromise(({ input }: VariantInput) => joinWaitingList(api, input.itemVariantId)),
            leaveWaitingList: fromPromise(({ input }: VariantInput) => leaveWaitingList(api, input.itemVariantId)),
          },
        }),
        addToCalendar: wireCalendar({ container }),
        loadPurchases: fromPromise(async ({ input }: { input: { offerId: string; sellsTickets: boolean } }) =>
          input.sellsTickets ? getPurchasesOf(api, input.offerId) : [],
        ),
      },
      actions: {
        addToCart: (_, addition: CartAddition) => {
          const cart = appChild(app.getSnapshot(), 'cart');
          if (!cart) throw new Error('The cart runs in the content phase; an offer page outside it cannot add to it');
          cart.send({ type: 'cart.add', ...addition });
        },
      },
    }),
    /** The API's base, whose links count as in-app links. */
    apiBase: api.baseUrl,
    calendarPlatform: calendarPlatformOf(container),
  };
}
