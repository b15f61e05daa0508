import { fromCallback, fromPromise } from 'xstate';
import { isVisitor } from '../screens/visitor/visitor.connect.ts';
import { offerMachine } from '../../machines/offer.machine.ts';
import type { CartAddition } from '../../machines/offer.rules.ts';
import { promoClaimMachine } from '../../machines/promoClaim.machine.ts';
import { commonPromoMachine } from '../../machines/commonPromo.machine.ts';
import { getCategories, getOffer } from '../api/offers.ts';
import { claimCommonPromoCode, claimPromoCode, getClaimedPromoCodes } from '../api/promoCodes.ts';
import { uniqueCodesOf } from '../domain/claimedCodes.ts';
import { wired, type WiringDeps } from './wired.tsx';
import { OfferScreen } from '../screens/offer/OfferScreen.tsx';
import { appChild } from '../appActor.ts';
import { cachedCategories } from '../services/memberCache.ts';
import { wireClipboard } from './clipboard.wiring.ts';
import { calendarPlatformOf, wireCalendar } from './calendar.wiring.ts';
import { waitingListMachine } from '../../machines/waitingList.machine.ts';
import { getWaitingListPlaces, joinWaitingList, leaveWaitingList } from '../api/waitingList.ts';
import { getPurchasesOf } from '../api/orders.ts';
import { saleQueueMachine, type PlaceKeeperEvent } from '../../machines/saleQueue.machine.ts';
import { leaveSaleQueue, leaveSaleQueueInThisWindow, takeSalePlace } from '../api/saleQueue.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import { whenLanguageChanges } from './whenLanguageChanges.ts';

type OfferIdInput = { input: { offerId: string } };

type VariantInput = { input: { itemVariantId: string } };

/**
 * An offer page: the offer, the category names, the promo claims, the waiting list, the sale
 * queue and what the member bought come from the API; purchases go to the app's cart; calendar entries to the device.
 */
export function wireOffer({ api, app, container, analytics }: WiringDeps) {
  // A visitor's member actions open the sign-in dialog over the page instead of calling the API.
  const visitorGate = {
    guards: { isVisitor: () => isVisitor(app.getSnapshot()) },
    actions: { askToSignIn: () => app.send({ type: 'app.signInWanted' }) },
  };
  // The page's offer, once loaded: opened once per page, whatever reloads it (a sign-in).
  let offerId: string | null = null;
  const tracked = (name: 'promo_claimed' | 'waiting_list_joined', about: string | null) => <T>(result: T) => {
    analytics.track(name, { offerId: about });
    return result;
  };
  return {
    logic: offerMachine.provide({
      guards: visitorGate.guards,
      actors: {
        watchApp: fromCallback(({ sendBack }) => {
          let wasVisitor = isVisitor(app.getSnapshot());
          const subscription = app.subscribe((snapshot) => {
            const member = snapshot.matches({ content: 'member' });
            if (wasVisitor && member) sendBack({ type: 'offer.signedIn' });
            wasVisitor = isVisitor(snapshot) || (wasVisitor && !member);
          });
          return () => subscription.unsubscribe();
        }),
        loadOffer: fromPromise(async ({ input: { id } }: { input: { id: string } }) => {
          const offer = await getOffer(api, id);
          if (offerId !== id) analytics.track('offer_opened', { offerId: (offerId = id) });
          return offer;
        }),
        loadCategories: fromPromise(() => cachedCategories(() => getCategories(api))),
        retryWhenOnline,
        // The page stays mounted in its stack: once another language is active, the offer is read again in it.
        whenLanguageChanges,
        promoClaim: promoClaimMachine.provide({
          ...visitorGate,
          actors: {
            claimCode: fromPromise(({ input }: OfferIdInput) => claimPromoCode(api, input.offerId).then(tracked('promo_claimed', input.offerId))),
            loadEarlierCodes: fromPromise(async ({ input }: OfferIdInput) => uniqueCodesOf(await getClaimedPromoCodes(api), input.offerId)),
          },
        }),
        commonPromo: commonPromoMachine.provide({
          ...visitorGate,
          actors: { claimCommonCode: fromPromise(({ input }: OfferIdInput) => claimCommonPromoCode(api, input.offerId).then(tracked('promo_claimed', input.offerId))) },
        }),
        clipboard: wireClipboard(),
        waitingList: waitingListMachine.provide({
          ...visitorGate,
          actors: {
            // A visitor holds no places: nothing to ask the API.
            loadPlaces: fromPromise(async ({ input }: { input: { offerId: string } }) =>
              isVisitor(app.getSnapshot()) ? [] : getWaitingListPlaces(api, input.offerId),
            ),
            joinWaitingList: fromPromise(({ input }: VariantInput) => joinWaitingList(api, input.itemVariantId).then(tracked('waiting_list_joined', offerId))),
            leaveWaitingList: fromPromise(({ input }: VariantInput) => leaveWaitingList(api, input.itemVariantId)),
          },
        }),
        saleQueue: saleQueueMachine.provide({
          ...visitorGate,
          actors: {
            takePlace: fromPromise(({ input }: VariantInput) => takeSalePlace(api, input.itemVariantId)),
            leavePlace: fromPromise(({ input }: VariantInput) => leaveSaleQueue(api, input.itemVariantId)),
            placeKeeper: fromCallback<PlaceKeeperEvent, { itemVariantId: string }>(({ input, receive }) => {
              let armed = false;
              receive((event) => void (armed = event.type === 'keeper.arm'));
              return () => {
                // The member left the page (or the evening) while waiting: unless another of their windows
                // still waits, the place goes to the next at once.
                if (armed) leaveSaleQueueInThisWindow(api, input.itemVariantId).catch((error: unknown) => console.warn('Could not leave the sale queue', error));
              };
            }),
          },
        }),
        addToCalendar: wireCalendar({ container }),
        loadPurchases: fromPromise(async ({ input }: { input: { offerId: string; sellsTickets: boolean } }) =>
          input.sellsTickets && !isVisitor(app.getSnapshot()) ? getPurchasesOf(api, input.offerId) : [],
        ),
      },
      actions: {
        ...visitorGate.actions,
        addToCart: (_, addition: CartAddition) => {
          const cart = appChild(app.getSnapshot(), 'cart');
          if (!cart) throw new Error('The cart runs in the content phase; an offer page outside it cannot add to it');
          cart.send({ type: 'cart.add', ...addition });
          analytics.track('added_to_cart', { offerId: addition.offerId, quantity: addition.quantity });
        },
      },
    }),
    /** The API's base, whose links count as in-app links. */
    apiBase: api.baseUrl,
    calendarPlatform: calendarPlatformOf(container),
  };
}

/** The offer page with its wiring: one lazy chunk, loaded when an offer first opens. */
export const WiredOfferScreen = wired(OfferScreen, wireOffer);
