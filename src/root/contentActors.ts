import { fromCallback, fromPromise } from 'xstate';
import { navigatorMachine, type NavigatorEvent } from '../../machines/navigator.machine.ts';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import { searchMachine, type SearchRequest } from '../../machines/search.machine.ts';
import { categoriesMachine } from '../../machines/categories.machine.ts';
import { typeFeedsMachine } from '../../machines/typeFeeds.machine.ts';
import { contentMachine } from '../../machines/content.machine.ts';
import { cartMachine } from '../../machines/cart.machine.ts';
import { getBillboard, getCategories, getOfferList, searchOffers } from '../api/offers.ts';
import { getShoppingCart, updateShoppingCart, type CartUpdateBody } from '../api/cart.ts';
import { updateUser } from '../api/profile.ts';
import { applyHistoryEffect, observePopstate, saveNavigation } from '../services/browserHistory.ts';
import { cachedCategories, rememberUser } from '../services/memberCache.ts';
import { cachedBillboard, cachedFirstPage } from '../services/offerCache.ts';
import { i18n } from '../i18n/i18n.ts';
import { nextTask } from '../wiring/nextTask.ts';
import { wirePushToken } from '../wiring/pushToken.wiring.ts';
import { whenLanguageChanges } from '../wiring/whenLanguageChanges.ts';
import type { AppServices } from './appServices.ts';

/** The content phase's children (machines/content.machine.ts) and the per-type feeds with their categories (machines/typeFeeds.machine.ts). */
export function contentActors({ api, analytics, container }: AppServices) {
  // The feeds' and the categories' loads start in tasks of their own (`nextTask`): the app enters
  // content with all of them at once, and their cache reads and fetches made that one long task.
  const feed = feedMachine.provide({
    actors: {
      loadBillboard: fromPromise(async () => {
        await nextTask();
        return cachedBillboard(i18n.locale, () => getBillboard(api));
      }),
      loadPage: fromPromise(async ({ input }: { input: PageRequest }) => {
        await nextTask();
        // Spec 7: extending the offer list is an interaction event with its type, offset and categories.
        if (input.offset > 0) analytics.track('extend_offer_list', { type: input.type ?? null, offset: input.offset, categoryId: input.categoryIds.join(',') || null });
        const load = () => getOfferList(api, { type: input.type, offset: input.offset, categoryIds: input.categoryIds });
        // Only the first page is cached (spec 4): later pages follow whatever the member scrolled to.
        return input.offset === 0 ? cachedFirstPage(input, i18n.locale, load) : load();
      }),
    },
  });
  const categories = categoriesMachine.provide({
    actors: {
      loadCategories: fromPromise(async () => {
        await nextTask();
        return cachedCategories(() => getCategories(api));
      }),
    },
  });
  const content = contentMachine.provide({
    actors: {
      feed,
      navigator: navigatorMachine.provide({
        actors: { browserHistory: fromCallback<NavigatorEvent>(({ sendBack }) => observePopstate(sendBack)) },
        actions: {
          applyHistory: (_, effect) => applyHistoryEffect(effect),
          saveNavigation: (_, saved) => saveNavigation(saved),
        },
      }),
      search: searchMachine.provide({
        actors: { searchOffers: fromPromise(({ input }: { input: SearchRequest }) => searchOffers(api, input)) },
      }),
      cart: cartMachine.provide({
        actors: {
          loadCart: fromPromise(() => getShoppingCart(api)),
          saveCart: fromPromise(({ input }: { input: CartUpdateBody }) => updateShoppingCart(api, input)),
          whenLanguageChanges,
        },
      }),
      pushToken: wirePushToken({
        container,
        save: async (token) => {
          const user = await updateUser(api, { pushNotificationToken: token });
          rememberUser(user);
          return user;
        },
      }),
    },
  });
  return { content, typeFeeds: typeFeedsMachine.provide({ actors: { feed, categories } }) };
}
