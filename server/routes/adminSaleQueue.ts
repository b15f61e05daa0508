import { Type } from 'typebox';
import { parseOnSaleTime } from '../commerce/onSaleTime.ts';
import type { OperatorGuard } from '../plugins/operatorOnly.ts';
import type { App, RouteDeps } from './types.ts';

const OnSaleBody = Type.Object({
  brandId: Type.String({ minLength: 1, maxLength: 200 }),
  itemVariantId: Type.String({ minLength: 1, maxLength: 200 }),
  /** An ISO date-time with its zone, `+10m` from now, or `none`. */
  at: Type.String({ minLength: 1, maxLength: 100 }),
});

/**
 * POST /admin/offers/on-sale: `npm run offer:on-sale` through a server (the one holding the
 * embedded database, or any instance of a deployment), behind the operator guard: sets when a
 * variant goes on sale, and so when its sale queue opens (docs/checkout.md "The sale queue").
 */
export async function adminSaleQueueRoutes(app: App, { saleTimes, now = Date.now, operator }: RouteDeps & { operator: OperatorGuard }) {
  app.post('/admin/offers/on-sale', { onRequest: operator.onRequest, onResponse: operator.onResponse, schema: { hide: true, body: OnSaleBody } }, async (request) => {
    const { brandId, itemVariantId, at } = request.body;
    return saleTimes.set(brandId, itemVariantId, parseOnSaleTime(at, now()));
  });
}
