import { fromPromise } from 'xstate';
import { orderHistoryMachine } from '../../machines/orderHistory.machine.ts';
import { getOrderHistory } from '../api/orders.ts';
import { OrderHistoryScreen } from '../screens/orders/OrderHistoryScreen.tsx';
import { wired, type WiringDeps } from './wired.tsx';

/** /more/orderHistory: the member's orders from the API. */
export function wireOrderHistory({ api }: WiringDeps) {
  return {
    logic: orderHistoryMachine.provide({ actors: { loadOrders: fromPromise(() => getOrderHistory(api)) } }),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/orderHistory first shows. */
export const WiredOrderHistoryScreen = wired(OrderHistoryScreen, wireOrderHistory);
