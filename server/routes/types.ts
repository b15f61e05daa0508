import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Brands } from '../plugins/memberContext.ts';
import type { AccountRateLimits } from '../plugins/rateLimit.ts';
import type { Services } from '../services.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * What every route module is built from: the services it calls (server/services.ts, built once in
 * server/app.ts) and the request hooks. No database: a route parses, calls a service and answers.
 */
export interface RouteDeps extends Services {
  brands: Brands;
  /** preHandler of member-only routes; sets `request.member`. */
  requireMember: preHandlerAsyncHookHandler;
  /**
   * Hooks of the routes a signed-out visitor may also read (feeds, search, billboard, categories,
   * offer detail): set `request.reader`, and make a visitor's answers cacheable.
   */
  readerHooks: { preHandler: preHandlerAsyncHookHandler; onSend: onSendAsyncHookHandler<unknown> };
  /** Milliseconds since epoch (tests move time with it). */
  now?: () => number;
  /** Per-address limits of the unauthenticated account writes. */
  accountLimits: AccountRateLimits;
}
