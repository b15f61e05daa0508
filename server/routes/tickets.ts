import { ApiError, badRequest } from '../errors.ts';
import { appUrlHost } from '../repositories/brands.repository.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import { TicketKeysQuery, TicketPublicKeys, VoidTickets } from '../../contract/tickets.ts';
import { loadOrCreateTicketKey, ticketPublicKeys } from '../tickets/ticketCodes.ts';
import { voidTicketIds } from '../repositories/tickets.repository.ts';
import type { App, RouteDeps } from './types.ts';

/** The brand's ticket public keys and void tickets, for door scanners to check codes offline; public, like the brand itself. */
export async function ticketRoutes(app: App, { db, brands }: RouteDeps) {
  const brandOf = async (appUrl: string) => {
    const host = appUrlHost(appUrl);
    if (!host) throw badRequest('invalid_app_url', 'appUrl must be a URL');
    const brand = await brands.byHost(host);
    if (!brand) throw new ApiError(404, 'brand_not_found', `No brand is registered for ${host}`);
    return brand;
  };

  app.get(
    '/v1/get/tickets/public_keys',
    { schema: { querystring: TicketKeysQuery, response: { 200: TicketPublicKeys, '4xx': ApiErrorBody } } },
    async (request, reply) => {
      const brand = await brandOf(request.query.appUrl);
      // A scanner set up before the first ticket still gets a key to check with.
      await loadOrCreateTicketKey(db, brand.id);
      reply.header('cache-control', 'public, max-age=300');
      return (await ticketPublicKeys(db, brand.id)) as TicketPublicKeys;
    },
  );

  app.get(
    '/v1/get/tickets/void',
    { schema: { querystring: TicketKeysQuery, response: { 200: VoidTickets, '4xx': ApiErrorBody } } },
    async (request, reply) => {
      const brand = await brandOf(request.query.appUrl);
      reply.header('cache-control', 'public, max-age=60');
      return { ticketIds: await voidTicketIds(db, brand.id) };
    },
  );
}
