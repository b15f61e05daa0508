import { Type } from 'typebox';
import type { OperatorGuard } from '../plugins/operatorOnly.ts';
import type { App, RouteDeps } from './types.ts';

const CancelBody = Type.Object({
  brandId: Type.String({ minLength: 1, maxLength: 200 }),
  orderId: Type.String({ minLength: 1, maxLength: 200 }),
});

/**
 * POST /admin/orders/cancel: `npm run order:cancel` through a server (it holds the payment
 * provider for the refund), behind the operator guard (plugins/operatorOnly.ts).
 */
export async function adminOrderRoutes(app: App, { operator, orderCancellation }: { operator: OperatorGuard; orderCancellation: NonNullable<RouteDeps['orderCancellation']> }) {
  app.post('/admin/orders/cancel', { onRequest: operator.onRequest, onResponse: operator.onResponse, schema: { hide: true, body: CancelBody } }, async (request) => {
    const { order, ...result } = await orderCancellation.cancel(request.body.brandId, request.body.orderId);
    return { orderId: order.id, status: order.status, amount: order.amount, currency: order.currency, ...result };
  });
}
