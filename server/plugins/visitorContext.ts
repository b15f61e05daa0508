import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { addressKey } from '../addresses.ts';
import { LimitReached, unauthenticated } from '../errors.ts';
import type { BrandRow } from '../repositories/brands.repository.ts';
import { appUrlSource, type Brands, type MemberContext } from './memberContext.ts';
import { etagOf } from './serializedAnswer.ts';

/**
 * Who reads a public-or-member route: a member (the token checked as on every member route), or a
 * signed-out visitor of a brand with `settings.visitorBrowsing`, who sees only the offers that need
 * no sign-in and nothing of any member's own (docs/architecture.md, "Visitors").
 */
export type Reader = { brand: BrandRow; member: MemberContext } | { brand: BrandRow; member: null };

declare module 'fastify' {
  interface FastifyRequest {
    reader: Reader;
  }
}

/** Public answers: a CDN or browser may keep them briefly, then serve them stale while it asks again. */
export const publicCacheControl = 'public, max-age=10, stale-while-revalidate=60';

/**
 * What a public answer varies on: the app URL headers that pick the brand, the language of its
 * texts, and whether a token came (a member's answer is never served from a visitor's copy).
 */
export const readerVary = ['Authorization', 'X-App-Url', 'Origin', 'Accept-Language'];

/**
 * OpenAPI of those routes: a member's ID token, or none (a visitor). Without a token: 401
 * auth/unauthenticated when the brand has visitor browsing off, 429 too_many_requests (Retry-After)
 * over the visitor limit.
 */
export const readerRouteDocs = {
  description:
    'Members (Bearer ID token) and, without a token, signed-out visitors of a brand with visitor browsing, who get only offers that need no sign-in; ' +
    'a visitor gets 401 auth/unauthenticated when the brand has visitor browsing off and 429 too_many_requests (Retry-After) over the per-address limit. ' +
    'Answers carry an ETag of their body (If-None-Match answers 304) and Vary; public answers Cache-Control public, members\' answers no-store.',
  security: [{ idToken: [] }, {}] as { [scheme: string]: string[] }[],
};

export interface VisitorRateLimit {
  /** Requests one client address may make per minute without a token. */
  perMinute: number;
}

export const defaultVisitorRateLimit: VisitorRateLimit = { perMinute: 300 };

/**
 * Anonymous reads per client address, counted in this instance's memory (a database write per
 * read would cost more than the read): a token bucket of `perMinute` that refills evenly. Behind a
 * load balancer each instance allows its own `perMinute`. At most `maxAddresses` buckets are kept;
 * the least recently seen is dropped first (a full bucket is the same as none).
 */
export function createVisitorLimiter(limit: VisitorRateLimit, now: () => number = Date.now, maxAddresses = 100_000) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = limit.perMinute / 60_000;
  return {
    /** Takes one request of `address`; over the limit, throws the 429 with Retry-After. */
    take(address: string): void {
      const at = now();
      const bucket = buckets.get(address);
      const tokens = bucket ? Math.min(limit.perMinute, bucket.tokens + (at - bucket.at) * perMs) : limit.perMinute;
      buckets.delete(address);
      if (buckets.size >= maxAddresses) buckets.delete(buckets.keys().next().value as string);
      if (tokens < 1) {
        buckets.set(address, { tokens, at });
        const seconds = Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
        throw new LimitReached('too_many_requests', `Too many requests from this address; try again in ${seconds} seconds`, seconds);
      }
      buckets.set(address, { tokens: tokens - 1, at });
    },
  };
}

export type VisitorLimiter = ReturnType<typeof createVisitorLimiter>;

function addVary(reply: FastifyReply, names: string[]) {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const known = new Set(current.map((n) => n.toLowerCase()));
  reply.header('vary', [...current, ...names.filter((n) => !known.has(n.toLowerCase()))].join(', '));
}

/**
 * preHandler of the routes anyone may read: with an Authorization header the member guard decides
 * (a bad token is a 401, never a visitor); without one, a visitor of a brand that allows browsing,
 * counted by the visitor limit first (before any lookup a made-up app URL could cause).
 */
export function createReaderGuard(deps: {
  requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  brands: Brands;
  limiter: VisitorLimiter;
}): preHandlerAsyncHookHandler {
  return async function requireMemberOrVisitor(request, reply) {
    addVary(reply, readerVary);
    if (request.headers.authorization !== undefined) {
      await deps.requireMember(request, reply);
      request.reader = { brand: request.member.brand, member: request.member };
      return;
    }
    // Refusals and errors are nobody's to keep; a public 200 gets its cache headers in onSend.
    reply.header('cache-control', 'no-store');
    deps.limiter.take(addressKey(request.ip));
    const brand = await deps.brands.find(request);
    if (!brand?.settings.visitorBrowsing) throw unauthenticated();
    request.reader = { brand, member: null };
  };
}

/** If-None-Match holds the ETag (or `*`); weak and strong forms compare alike. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * onSend of the same routes: a 200 gets an ETag of its whole body (or the one a route kept with a
 * serialised answer), and a request that already holds that body gets 304. A visitor's answer
 * becomes cacheable; a member's stays no-store (no cache keeps it), but a client that keeps the
 * answer itself may still ask with If-None-Match. A brand picked by the Referer (no X-App-Url or
 * Origin) is only for the browser's own cache: a shared cache cannot key on every page's URL.
 */
export const publicAnswerCaching: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
  if (!request.reader || reply.statusCode !== 200) return payload;
  const kept = reply.getHeader('etag');
  const etag = typeof kept === 'string' ? kept : typeof payload === 'string' ? etagOf(payload) : undefined;
  if (etag === undefined) return payload;
  reply.header('etag', etag);
  if (request.reader.member === null) {
    const shared = appUrlSource(request) !== 'referer';
    reply.header('cache-control', shared ? publicCacheControl : publicCacheControl.replace('public', 'private'));
  }
  if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
};
