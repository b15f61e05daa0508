import { assign, sendParent, sendTo, setup } from 'xstate';
import type { User } from '../contract/user.ts';
import { feedMachine } from './feed.machine.ts';
import { searchMachine } from './search.machine.ts';
import { navigatorMachine, type NavigatorInput } from './navigator.machine.ts';
import { cartMachine } from './cart.machine.ts';
import { pushTokenMachine, type PushTokenInput } from './pushToken.machine.ts';

export interface ContentInput {
  /** The navigator's start: route table, location, stacked or not (AppInput.navigation). */
  navigation: NavigatorInput;
  /** The member's favourite categories, which order the mixed feed (none for a visitor). */
  favouriteIds: string[];
}

export type ContentEvent =
  /** A member's content (the app loaded them, at start or after a visitor signed in): their cart and push token start. */
  | { type: 'content.memberIn'; pushToken: PushTokenInput }
  | { type: 'content.favouritesChanged'; categoryIds: string[] }
  /** The mixed feed loads again (another language, the network back, a member signed in). */
  | { type: 'content.reload' }
  /** From the push token: the member's record as saved, for the app to keep. */
  | { type: 'app.userUpdated'; user: User };

/**
 * The signed-in frame's children while content shows: the mixed feed (the home), search (its
 * field on the mobile home), the navigator's stacks and, for a member, their cart (the badge
 * counts it on every page) and push token. Started with content, stopped when it ends.
 */
export const contentMachine = setup({
  types: {
    context: {} as ContentInput & { pushToken: PushTokenInput | null },
    input: {} as ContentInput,
    events: {} as ContentEvent,
  },
  actors: { feed: feedMachine, search: searchMachine, navigator: navigatorMachine, cart: cartMachine, pushToken: pushTokenMachine },
}).createMachine({
  id: 'content',
  context: ({ input }) => ({ ...input, pushToken: null }),
  invoke: [
    { src: 'feed', id: 'feed.mixed', systemId: 'feed.mixed', input: ({ context }) => ({ favouriteIds: context.favouriteIds }) },
    { src: 'search', id: 'search', systemId: 'search' },
    { src: 'navigator', id: 'navigator', systemId: 'navigator', input: ({ context }) => context.navigation },
  ],
  on: {
    'content.favouritesChanged': { actions: sendTo('feed.mixed', ({ event }) => ({ type: 'feed.favouritesChanged' as const, categoryIds: event.categoryIds })) },
    'content.reload': { actions: sendTo('feed.mixed', { type: 'feed.reload' }) },
  },
  initial: 'visitor',
  states: {
    visitor: {
      on: { 'content.memberIn': { target: 'member', actions: assign({ pushToken: ({ event }) => event.pushToken }) } },
    },
    member: {
      invoke: [
        { src: 'cart', id: 'cart', systemId: 'cart' },
        // Spec 4: 10 s after the member's content opens, their device's push token goes to their record if it changed.
        { src: 'pushToken', id: 'pushToken', input: ({ context }) => context.pushToken! },
      ],
      on: { 'app.userUpdated': { actions: sendParent(({ event }) => event) } },
    },
  },
});
