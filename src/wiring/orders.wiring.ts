import { fromPromise } from 'xstate';
import { ordersMachine } from '../../machines/orders.machine.ts';
import { getOrderHistory } from '../api/orders.ts';
import { OrdersScreen } from '../screens/orders/OrdersScreen.tsx';
import { wired, type WiringDeps } from './wired.tsx';
import { calendarPlatformOf, wireCalendar } from './calendar.wiring.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import { whenLanguageChanges } from './whenLanguageChanges.ts';

/** /more/orderHistory: the member's orders from the API; their events go to the device's calendar. */
export function wireOrders({ api, container }: WiringDeps) {
  return {
    logic: ordersMachine.provide({ actors: { loadOrders: fromPromise(() => getOrderHistory(api)), addToCalendar: wireCalendar({ container }), retryWhenOnline, whenLanguageChanges } }),
    calendarPlatform: calendarPlatformOf(container),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/orderHistory first shows. */
export const WiredOrdersScreen = wired(OrdersScreen, wireOrders);
