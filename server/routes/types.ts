import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from '../db/database.ts';
import type { IdentityProvider } from '../identity/identity.ts';
import type { Brands } from '../plugins/memberContext.ts';
import type { MailSender } from '../mail/mail.ts';
import type { AccountRateLimits } from '../plugins/rateLimit.ts';
import type { CheckoutDeps, CommerceDeps } from '../commerce/context.ts';
import type { GoogleMapsConfig } from '../config.ts';

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
  /**
   * Hooks of the routes a signed-out visitor may also read (feeds, search, billboard, categories,
   * offer detail): set `request.reader`, and make a visitor's answers cacheable.
   */
  readerHooks: { preHandler: preHandlerAsyncHookHandler; onSend: onSendAsyncHookHandler<unknown> };
  /** Milliseconds since epoch (tests move time with it). */
  now?: () => number;
  /** Outgoing mail (outbox table, or SMTP). */
  mail: MailSender;
  /** Per-address limits of the unauthenticated account writes. */
  accountLimits: AccountRateLimits;
  /** The selling code's dependencies (server/commerce). */
  commerce: CommerceDeps;
  /** With card payments configured; the checkout calls answer 503 without. */
  checkout?: CheckoutDeps;
  /** The deployment's Google Maps key and map id, for brands that set none. */
  googleMaps: GoogleMapsConfig;
}
