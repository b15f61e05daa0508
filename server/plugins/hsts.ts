import type { FastifyInstance } from 'fastify';

/** Two years, with subdomains, as helmet would send it; only over https (a browser ignores it on http, and local hosts serve plain http). */
const hstsValue = 'max-age=63072000; includeSubDomains';

/** Strict-Transport-Security on answers to https requests (directly or through a trusted proxy's X-Forwarded-Proto). */
export function registerHttpsOnlyHsts(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', hstsValue);
  });
}
