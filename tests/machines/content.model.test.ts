import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, setup, type AnyActorRef, type AnyEventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { contentMachine } from '../../machines/content.machine.ts';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import { cartMachine } from '../../machines/cart.machine.ts';
import { navigatorMachine } from '../../machines/navigator.machine.ts';
import { pushTokenMachine } from '../../machines/pushToken.machine.ts';
import type { ShoppingCart } from '../../contract/commerce.ts';
import type { Billboard, FeedOffer } from '../../contract/offer.ts';
import type { User } from '../../contract/user.ts';
import { testBrand, testMember, testNavigation, testOffers } from './fixtures.ts';
import { steadyLanguage } from './languageFakes.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The content child (machines/content.machine.ts) over fakes that count their loads, under a
 * parent that records what it is told. The model: the mixed feed, search and the navigator start
 * with it; a member's cart starts only once the app says a member is in; a reload (another
 * language, the network back) asks the mixed feed again, not the cart (it hears a new language
 * itself); new favourites reach the mixed feed; the push token's saved user reaches the app.
 */
interface World {
  member: boolean;
  feedLoads: number;
  cartLoads: number;
  favourites: string;
  userTold: boolean;
}

function next(w: World, event: string): World | null {
  if (w.feedLoads >= 3) return null;
  switch (event) {
    case 'MEMBER_IN':
      return w.member ? null : { ...w, member: true, cartLoads: 1 };
    case 'RELOAD':
      return { ...w, feedLoads: w.feedLoads + 1 };
    case 'FAVOURITES_CHANGE':
      return w.favourites === '' ? { ...w, favourites: 'food' } : null;
    case 'PUSH_TOKEN_SAVES_USER':
      return w.member && !w.userTold ? { ...w, userTold: true } : null;
    default:
      return null;
  }
}

const events = ['MEMBER_IN', 'RELOAD', 'FAVOURITES_CHANGE', 'PUSH_TOKEN_SAVES_USER'];
const name = (w: World) => JSON.stringify(w);
const start: World = { member: false, feedLoads: 1, cartLoads: 0, favourites: '', userTold: false };
const model = createTestModel(createMachine({ id: 'contentWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

const emptyCart = { itemList: [] } as unknown as ShoppingCart;

function startUnderParent() {
  const counts = { feedLoads: 0, cartLoads: 0 };
  const feedAsked: string[][] = [];
  const told: AnyEventObject[] = [];
  const content = contentMachine.provide({
    actors: {
      feed: feedMachine.provide({
        actors: {
          loadBillboard: fromPromise<Billboard | null>(async () => null),
          loadPage: fromPromise<FeedOffer[], PageRequest>(async ({ input }) => (counts.feedLoads++, feedAsked.push(input.categoryIds), testOffers(2))),
        },
      }),
      cart: cartMachine.provide({ actors: { whenLanguageChanges: steadyLanguage, loadCart: fromPromise<ShoppingCart>(async () => (counts.cartLoads++, emptyCart)) } }),
      navigator: navigatorMachine.provide({ actors: { browserHistory: fromCallback(() => undefined) }, actions: { applyHistory: () => undefined, saveNavigation: () => undefined } }),
      // Never reaches its 10 s: the test tells the app of a saved user the way it would.
      pushToken: pushTokenMachine.provide({ delays: { pushSendDelay: 3_600_000 } }),
    },
  });
  const navigation = testNavigation().navigation!(testBrand(), null, 'mobile');
  const parent = setup({ actors: { content } }).createMachine({
    invoke: { src: 'content', id: 'content', input: { navigation, favouriteIds: [] } },
    on: { '*': { actions: ({ event }) => void told.push(event) } },
  });
  const actor = createActor(parent).start();
  const child = () => actor.getSnapshot().children.content as AnyActorRef;
  return { counts, feedAsked, told, child };
}

describe('the content child, generated paths over counting fakes', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    it(path.steps.map((s) => s.event.type).join(' → ') || 'starts the mixed feed, search and the navigator', async () => {
      const content = startUnderParent();
      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = JSON.parse(String(state.value)) as World;
            const children = () => Object.keys(content.child().getSnapshot().children).sort();
            expect(children()).toEqual(w.member ? ['cart', 'feed.mixed', 'navigator', 'pushToken', 'search'] : ['feed.mixed', 'navigator', 'search']);
            await vi.waitFor(() => expect(content.counts).toEqual({ feedLoads: w.feedLoads, cartLoads: w.cartLoads }));
            if (w.favourites) expect(content.child().getSnapshot().children['feed.mixed'].getSnapshot().context.favouriteIds).toEqual(['food']);
            expect(content.told.filter((e) => e.type === 'app.userUpdated')).toHaveLength(w.userTold ? 1 : 0);
          },
        },
        events: {
          MEMBER_IN: () => content.child().send({ type: 'content.memberIn', pushToken: { brandId: 'aurora', storedToken: null } }),
          RELOAD: () => content.child().send({ type: 'content.reload' }),
          FAVOURITES_CHANGE: () => content.child().send({ type: 'content.favouritesChanged', categoryIds: ['food'] }),
          PUSH_TOKEN_SAVES_USER: () => content.child().send({ type: 'app.userUpdated', user: testMember().user satisfies User }),
        },
      });
    });
  }
});
