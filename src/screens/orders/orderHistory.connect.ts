import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { orderHistoryMachine } from '../../../machines/orderHistory.machine.ts';
import type { CalendarRequest } from '../../../machines/addToCalendar.machine.ts';

export type OrderHistoryRef = ActorRefFrom<typeof orderHistoryMachine>;
type OrderHistorySnapshot = SnapshotFrom<typeof orderHistoryMachine>;

export type OrderHistoryStatus = 'loading' | 'empty' | 'listed' | 'failed';

function statusOf(snapshot: OrderHistorySnapshot): OrderHistoryStatus {
  if (snapshot.matches({ loaded: 'listed' })) return 'listed';
  if (snapshot.matches('loaded')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

export function connectOrderHistory(snapshot: OrderHistorySnapshot, ref: OrderHistoryRef) {
  return {
    status: statusOf(snapshot),
    orders: snapshot.context.orders,
    openOrderIds: snapshot.context.openOrderIds,
    errorCode: snapshot.context.errorCode,
    toggle: (orderId: string) => ref.send({ type: 'orderHistory.toggle', orderId }),
    retry: () => ref.send({ type: 'orderHistory.retry' }),
    showLanguage: () => ref.send({ type: 'orderHistory.languageChanged' }),
    addToCalendar: (request: CalendarRequest) => snapshot.children.calendar?.send({ type: 'calendar.add', ...request }),
  };
}
