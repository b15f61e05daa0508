import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ordersMachine } from '../../../machines/orders.machine.ts';
import type { CalendarRequest } from '../../../machines/addToCalendar.machine.ts';

export type OrdersRef = ActorRefFrom<typeof ordersMachine>;
type OrdersSnapshot = SnapshotFrom<typeof ordersMachine>;

export type OrdersStatus = 'loading' | 'empty' | 'listed' | 'failed';

function statusOf(snapshot: OrdersSnapshot): OrdersStatus {
  if (snapshot.matches({ loaded: 'listed' })) return 'listed';
  if (snapshot.matches('loaded')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

export function connectOrders(snapshot: OrdersSnapshot, ref: OrdersRef) {
  return {
    status: statusOf(snapshot),
    orders: snapshot.context.orders,
    openOrderIds: snapshot.context.openOrderIds,
    errorCode: snapshot.context.errorCode,
    toggle: (orderId: string) => ref.send({ type: 'orders.toggle', orderId }),
    retry: () => ref.send({ type: 'orders.retry' }),
    addToCalendar: (request: CalendarRequest) => snapshot.children.calendar?.send({ type: 'calendar.add', ...request }),
  };
}
