import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../config.ts';
import { payAtStandIn, type CardDetails, type CardPaymentResult } from './cardPayment.ts';
import type { WebhookTargets } from './standIn/webhooks.ts';

/**
 * The card payments provider. The server speaks to it only through the official `stripe` SDK:
 * real Stripe with the configured keys, or the embedded stand-in (server/payments/standIn) that
 * speaks Stripe's protocol on a loopback port, with the SDK pointed at it.
 */
/** The payment a Stripe session or charge names (its payment intent, expanded or not), or null. */
export const paymentIntentIdOf = (object: Pick<Stripe.Checkout.Session, 'payment_intent'> | Pick<Stripe.Charge, 'payment_intent'>): string | null =>
  typeof object.payment_intent === 'string' ? object.payment_intent : (object.payment_intent?.id ?? null);

export interface Payments {
  /** 'stripe' mounts Stripe's embedded Checkout in the client; 'local' shows our own card form. */
  readonly kind: 'stripe' | 'local';
  readonly stripe: Stripe;
  readonly publishableKey: string;
  /** Verifies `Stripe-Signature` of /v1/payment/webhook. */
  readonly webhookSecret: string;
  /** The stand-in's own base URL (loopback), for its card-form extension `/_local/...`; only with 'local'. */
  readonly localBaseUrl?: string;
  /** Pays an open session with our card form; only the stand-in has one (Stripe shows its own form). */
  readonly payWithCard?: (providerSessionId: string, card: CardDetails) => Promise<CardPaymentResult>;
  close(): Promise<void>;
}

/** The SDK client with the options every call shares. */
function stripeClient(secretKey: string, address?: { host: string; port: number; protocol?: 'http' | 'https' }): Stripe {
  return new Stripe(secretKey, {
    ...(address ? { host: address.host, port: address.port, protocol: address.protocol ?? 'http' } : {}),
    // The SDK retries network failures with the same idempotency key, so a retried create is one session.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'klubb' },
  });
}

/** Real Stripe. */
export function stripePayments(options: { secretKey: string; publishableKey: string; webhookSecret: string }): Payments {
  return {
    kind: 'stripe',
    stripe: stripeClient(options.secretKey),
    publishableKey: options.publishableKey,
    webhookSecret: options.webhookSecret,
    close: async () => undefined,
  };
}

/**
 * Starts the embedded stand-in on a loopback port and points the SDK at it. It delivers its
 * signed events to `webhookUrl` (this server's own /v1/payment/webhook on loopback) with a
 * secret made here, for this run only.
 */
export async function localPayments(options: { webhookUrl: WebhookTargets; now?: () => number; port?: number }): Promise<Payments> {
  const { start } = await import('./standIn/index.ts');
  const webhookSecret = `whsec_local_${randomBytes(24).toString('base64url')}`;
  const secretKey = `sk_test_local_${randomBytes(24).toString('hex')}`;
  const standIn = await start({ port: options.port, webhookUrl: options.webhookUrl, webhookSecret, secretKey, now: options.now });
  const localBaseUrl = `http://${standIn.host.includes(':') ? `[${standIn.host}]` : standIn.host}:${standIn.port}`;
  return {
    kind: 'local',
    stripe: stripeClient(secretKey, { host: standIn.host, port: standIn.port }),
    publishableKey: 'pk_test_local',
    webhookSecret,
    localBaseUrl,
    payWithCard: (providerSessionId, card) => payAtStandIn(localBaseUrl, providerSessionId, card),
    close: async () => {
      await standIn.close();
    },
  };
}

/**
 * The stand-in run as its own process (`npm run payments:stand-in`), shared by every instance as
 * Stripe is: any instance can pay, complete or expire a session another opened. It posts its
 * events to the webhook URL it was started with (the load balancer's), not to this instance.
 */
export function sharedStandInPayments(options: { url: string; secretKey: string; webhookSecret: string }): Payments {
  const url = new URL(options.url);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  const baseUrl = url.origin;
  return {
    kind: 'local',
    stripe: stripeClient(options.secretKey, { host: url.hostname.replace(/^\[|\]$/g, ''), port, protocol }),
    publishableKey: 'pk_test_local',
    webhookSecret: options.webhookSecret,
    localBaseUrl: baseUrl,
    payWithCard: (providerSessionId, card) => payAtStandIn(baseUrl, providerSessionId, card),
    close: async () => undefined,
  };
}

/** Stripe when its keys are configured, the shared stand-in when its URL is, else an embedded stand-in. */
export async function createPayments(config: Pick<Config, 'payments'>, options: { webhookUrl: WebhookTargets }): Promise<Payments> {
  if (config.payments.kind === 'stripe') return stripePayments(config.payments);
  if (config.payments.kind === 'standIn') return sharedStandInPayments(config.payments);
  return localPayments({ webhookUrl: options.webhookUrl });
}
