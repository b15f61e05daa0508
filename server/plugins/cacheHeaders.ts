import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A brand and its FAQ, About and contact content (`/v1/get/brand`, `/v1/get/brand/content`): the
 * same for everyone who asks with the same `appUrl` and language, and changed rarely (each instance
 * keeps a brand 30 s itself): a cache may keep them 30 s, then serve them stale while it asks again.
 */
export const brandCacheControl = 'public, max-age=30, stale-while-revalidate=300';

/** A public answer of a route: cacheable as `value` says (errors and refusals stay no-store). */
export function publicAnswer(reply: FastifyReply, value: string) {
  reply.header('cache-control', value);
}

/**
 * Every answer says whether a cache may keep it: one whose route set no Cache-Control (errors, the
 * health checks, the identity protocol, member calls, …) is `no-store`. Files served from disk set
 * theirs on the raw response (immutable assets, `no-cache` for the service worker), which stays.
 */
export function registerDefaultNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
