import { ApiErrorBody } from '../../contract/common.ts';
import { TicketKeysQuery, TicketPublicKeys, VoidTickets } from '../../contract/tickets.ts';
import { brandOfAppUrl } from './brand.ts';
import type { App, RouteDeps } from './types.ts';

/** The brand's ticket public keys and void tickets, for door scanners to check codes offline; public, like the brand itself. */
export async function ticketRoutes(app: App, { tickets, brands }: RouteDeps) {
  app.get(
    '/v1/get/tickets/public_keys',
    { schema: { querystring: TicketKeysQuery, response: { 200: TicketPublicKeys, '4xx': ApiErrorBody } } },
    async (request, reply) => {
      const brand = await brandOfAppUrl(brands, request.query.appUrl);
      const keys = await tickets.publicKeys(brand.id);
      reply.header('cache-control', 'public, max-age=300');
      return keys as TicketPublicKeys;
    },
  );

  app.get(
    '/v1/get/tickets/void',
    { schema: { querystring: TicketKeysQuery, response: { 200: VoidTickets, '4xx': ApiErrorBody } } },
    async (request, reply) => {
      const brand = await brandOfAppUrl(brands, request.query.appUrl);
      reply.header('cache-control', 'public, max-age=60');
      return { ticketIds: await tickets.voidTicketIds(brand.id) };
    },
  );
}
