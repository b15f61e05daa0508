import { Type } from 'typebox';
import { ApiErrorBody } from '../../contract/common.ts';
import { SaleQueueBody, SaleQueuePlace } from '../../contract/saleQueue.ts';
import type { App, RouteDeps } from './types.ts';

/** The member's place in a variant's sale queue (issue 39, docs/checkout.md "The sale queue"): take or refresh it, give it up. */
export async function saleQueueRoutes(app: App, deps: RouteDeps) {
  const { requireMember, saleQueue } = deps;
  const member = (request: { member: { brand: { id: string }; token: { uid: string } } }) => ({ brandId: request.member.brand.id, userId: request.member.token.uid });

  app.post(
    '/v1/sale_queue/place',
    { preHandler: requireMember, schema: { body: SaleQueueBody, response: { 200: SaleQueuePlace, '4xx': ApiErrorBody } } },
    async (request) => saleQueue.take(member(request), request.body.itemVariantId, request.body.tabId),
  );

  app.post(
    '/v1/sale_queue/leave',
    { preHandler: requireMember, schema: { body: SaleQueueBody, response: { 204: Type.Null(), '4xx': ApiErrorBody } } },
    async (request, reply) => {
      await saleQueue.leave(member(request), request.body.itemVariantId, request.body.tabId);
      return reply.status(204).send(null);
    },
  );
}
