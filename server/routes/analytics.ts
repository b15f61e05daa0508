import type { FastifyRequest } from 'fastify';
import { AnalyticsAnswer, AnalyticsBody, AnalyticsQuery } from '../../contract/analytics.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import { maxEventsPerRequest } from '../../contract/analyticsEvents.ts';
import { appUrlSource } from '../plugins/memberContext.ts';
import { createVisitorLimiter } from '../plugins/visitorContext.ts';
import { brandOfAppUrl } from './brand.ts';
import { addressKey } from '../addresses.ts';
import type { App, RouteDeps } from './types.ts';

/**
 * Requests to POST /v1/a one client address may make per minute, counted like a visitor's reads in
 * each instance's memory (docs/architecture.md, "Analytics"): counting in the database cost as much
 * as storing the events (npm run bench -- --only analytics).
 */
export interface AnalyticsRateLimit {
  perMinute: number;
}

export const defaultAnalyticsRateLimit: AnalyticsRateLimit = { perMinute: 240 };

/** What sendBeacon may send at once (browsers queue at most 64 KiB of beacons). */
const bodyLimit = 64 * 1024;

/**
 * The app URL a beacon names in its `appUrl` query, when that is what decides its brand: a request
 * whose X-App-Url, real Origin or Referer names its app is matched by that (a browser that states
 * the page's origin is believed over the query); the query stands in for the Host only. Firefox
 * sends a beacon from a page under the app's `Referrer-Policy: no-referrer` with `Origin: null`
 * and no Referer (the Fetch standard's rule for a no-cors POST): with the API on another origin
 * (VITE_API_BASE) its Host is the API's, which names no brand (404 brand_not_found without the query).
 */
export function beaconQueryAppUrl(request: FastifyRequest<{ Querystring: { appUrl?: string } }>): string | null {
  return appUrlSource(request) === 'host' ? (request.query.appUrl ?? null) : null;
}

/**
 * POST /v1/a (spec 7, issue 27): the app's analytics events, for visitors and members alike. The
 * brand is the app URL's, never the payload's; a userId is kept only with that member's ID token.
 */
export async function analyticsRoutes(app: App, deps: RouteDeps & { analyticsRateLimit: AnalyticsRateLimit }) {
  const { analytics, brands, now = Date.now } = deps;
  const limiter = createVisitorLimiter(deps.analyticsRateLimit, now);
  app.post(
    '/v1/a',
    {
      bodyLimit,
      // Before the body is read: garbage counts too.
      onRequest: async (request) => limiter.take(addressKey(request.ip)),
      schema: {
        summary: 'Store analytics events (page views, the purchase funnel, interactions)',
        description:
          'The body (Content-Type text/plain, as navigator.sendBeacon sends a string; at most 64 KiB) is base64 of the UTF-8 JSON of one ' +
          `analytics event, or of a batch {events: [event, ...] (1 to ${maxEventsPerRequest}), idToken?: the member's ID token}. ` +
          'No token is needed (visitors count too); userId is stored only when the ID token (in the batch, or an Authorization Bearer header) ' +
          "is that member's and valid for the app URL's brand, else as null. Each event is checked alone: a bad one (400 invalid_event) or one " +
          "naming another brand than the app URL's (403 event_brand_mismatch) is listed in `refused` by its index, the rest are stored. " +
          "Past the brand's ingest ceiling (events a minute) or storage budget, good events are not stored but counted, and `dropped` says how many. " +
          'A body that is not base64 JSON of either shape is 400 invalid_analytics_payload; over the per-address limit 429 too_many_requests (Retry-After). ' +
          "The app adds its app URL (the page's origin) as the `appUrl` query: a beacon with `Origin: null` and no Referer (Firefox's sendBeacon under the app's no-referrer policy) " +
          'is matched by it, else by its Host; a request whose X-App-Url, Origin or Referer names its app is matched by that.',
        consumes: ['text/plain'],
        querystring: AnalyticsQuery,
        security: [{ idToken: [] }, {}],
        body: AnalyticsBody,
        response: { 200: AnalyticsAnswer, '4xx': ApiErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const named = beaconQueryAppUrl(request);
      const brand = named ? await brandOfAppUrl(brands, named) : await brands.forRequest(request);
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      return analytics.ingest({ brand, body: request.body, bearerToken: bearer });
    },
  );
}
