import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, preHandlerAsyncHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database.ts';
import type { IdentityProvider } from '../identity/identity.ts';
import type { Brands } from '../plugins/memberContext.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What every route module is built from. */
export interface RouteDeps {
  db: Database;
  identity: IdentityProvider;
  brands: Brands;
  /** preHandler of member-only routes; sets `request.member`. */
  requireMember: preHandlerAsyncHookHandler;
  /** Milliseconds since epoch (tests move time with it). */
  now?: () => number;
}
