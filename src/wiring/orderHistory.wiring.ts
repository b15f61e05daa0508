import { fromPromise } from 'xstate';
import { orderHistoryMachine } from '../../machines/orderHistory.machine.ts';
import { getOrderHistory } from '../api/orders.ts';
import { OrderHistoryScreen } from '../screens/orders/OrderHistoryScreen.tsx';
import { wired, type WiringDeps } from './wired.tsx';
import { calendarPlatformOf, wireCalendar } from './calendar.wiring.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';

/** /more/orderHistory: the member's orders from the API; their events go to the device's calendar. */
export function wireOrderHistory({ api, container }: WiringDeps) {
  return {
    logic: orderHistoryMachine.provide({ actors: { loadOrders: fromPromise(() => getOrderHistory(api)), addToCalendar: wireCalendar({ container }), retryWhenOnline } }),
    calendarPlatform: calendarPlatformOf(container),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/orderHistory first shows. */
export const WiredOrderHistoryScreen = wired(OrderHistoryScreen, wireOrderHistory);
