import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import { whenLanguageChanges } from './whenLanguageChanges.ts';
import type { MemberWaitingListPlace } from '../contract/waitingList.ts';

export interface MyWaitingListsContext {
  places: MemberWaitingListPlace[];
  /** Why the list did not load; the view tells the code's text. */
  errorCode: string | null;
}

export type MyWaitingListsEvent =
  | { type: 'myWaitingLists.retry' }
  /** The app shows another language: the places' offer and seat names come from the server in it, so they load again. */
  | { type: 'myWaitingLists.languageChanged' };

/**
 * "My waiting lists" at /more/waitingLists: loading, then the member's places in line and held
 * places across offers (or none), or a failure the member can retry.
 */
export const myWaitingListsMachine = setup({
  types: {
    context: {} as MyWaitingListsContext,
    events: {} as MyWaitingListsEvent,
  },
  actors: {
    /** GET /v1/get_list/user/waiting_list. */
    loadPlaces: fromPromise<MemberWaitingListPlace[]>(async () => notProvided('loadPlaces')),
    /** Sends the retry when the browser is back online (provided by the wiring). */
    retryWhenOnline,
    /** Sends `myWaitingLists.languageChanged` once the app shows another language (provided by the wiring). */
    whenLanguageChanges,
  },
  guards: {
    hasNone: ({ context }) => context.places.length === 0,
  },
}).createMachine({
  id: 'myWaitingLists',
  context: { places: [], errorCode: null },
  invoke: { src: 'whenLanguageChanges', input: { tell: { type: 'myWaitingLists.languageChanged' } } },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ errorCode: null }),
      // An answer on its way was asked for in the language before.
      on: { 'myWaitingLists.languageChanged': { target: 'loading', reenter: true } },
      invoke: {
        src: 'loadPlaces',
        onDone: { target: 'loaded', actions: assign({ places: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
      },
    },
    loaded: {
      on: { 'myWaitingLists.languageChanged': 'loading' },
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasNone', target: 'empty' }, { target: 'listed' }] },
        empty: {},
        listed: {},
      },
    },
    /** Tried again on request, and by itself once the browser is back online (a failure for want of a network). */
    failed: {
      invoke: { src: 'retryWhenOnline', input: { retry: { type: 'myWaitingLists.retry' } } },
      on: { 'myWaitingLists.retry': 'loading', 'myWaitingLists.languageChanged': 'loading' },
    },
  },
});
