import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
import type { Order } from '../contract/checkout.ts';
import { addToCalendarMachine } from './addToCalendar.machine.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import { whenLanguageChanges } from './whenLanguageChanges.ts';

export interface OrdersContext {
  orders: Order[];
  /** The orders whose panels are open; several may be. */
  openOrderIds: string[];
  /** Why the list did not load; the view tells the code's text. */
  errorCode: string | null;
}

export type OrdersEvent =
  | { type: 'orders.toggle'; orderId: string }
  | { type: 'orders.retry' }
  /** The app shows another language: the orders' names come from the server in it, so they load again (open panels stay open). */
  | { type: 'orders.languageChanged' };

/**
 * The member's orders at /more/orderHistory (spec 2.3): loading, then expandable panels (or the
 * no-orders state), or a failure the member can retry. Beside it runs "Add to calendar" for the
 * orders' events.
 */
export const ordersMachine = setup({
  types: {
    context: {} as OrdersContext,
    events: {} as OrdersEvent,
    children: {} as { calendar: 'addToCalendar' },
  },
  actors: {
    /** "Add to calendar" of the orders' events. */
    addToCalendar: addToCalendarMachine,
    /** GET /v1/get_list/order_history. */
    loadOrders: fromPromise<Order[]>(async () => notProvided('loadOrders')),
    /** Sends the retry when the browser is back online (provided by the wiring). */
    retryWhenOnline,
    /** Sends `orders.languageChanged` once the app shows another language (provided by the wiring). */
    whenLanguageChanges,
  },
  guards: {
    hasNone: ({ context }) => context.orders.length === 0,
  },
}).createMachine({
  id: 'orders',
  context: { orders: [], openOrderIds: [], errorCode: null },
  invoke: [
    { id: 'calendar', src: 'addToCalendar' },
    { src: 'whenLanguageChanges', input: { tell: { type: 'orders.languageChanged' } } },
  ],
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ errorCode: null }),
      // An answer on its way was asked for in the language before.
      on: { 'orders.languageChanged': { target: 'loading', reenter: true } },
      invoke: {
        src: 'loadOrders',
        onDone: { target: 'loaded', actions: assign({ orders: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
      },
    },
    loaded: {
      on: { 'orders.languageChanged': 'loading' },
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasNone', target: 'empty' }, { target: 'listed' }] },
        empty: {},
        listed: {
          on: {
            'orders.toggle': {
              actions: assign({
                openOrderIds: ({ context, event }) =>
                  context.openOrderIds.includes(event.orderId)
                    ? context.openOrderIds.filter((id) => id !== event.orderId)
                    : [...context.openOrderIds, event.orderId],
              }),
            },
          },
        },
      },
    },
    /** Tried again on request, and by itself once the browser is back online (a failure for want of a network). */
    failed: {
      invoke: { src: 'retryWhenOnline', input: { retry: { type: 'orders.retry' } } },
      on: { 'orders.retry': 'loading', 'orders.languageChanged': 'loading' },
    },
  },
});
