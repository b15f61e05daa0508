import { createJobClaims } from '../../server/jobs/jobClaims.ts';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../server/db/database.ts';
import { checkoutSessions, identityAccounts, orders, paymentRefunds, shoppingCartLines, shoppingCarts, users, brandRoles } from '../../server/db/schema/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutRow } from '../../server/repositories/checkoutSessions.repository.ts';
import { reserveCheckout } from '../../server/commerce/checkout.ts';
import type { CheckoutDeps } from '../../server/commerce/context.ts';
import { defaultCommerceLimits } from '../../server/commerce/limits.ts';
import { createMailQueue } from '../../server/mail/queue.ts';
import { createOutboxMailer } from '../../server/mail/outbox.ts';
import { stripePayments, type Payments } from '../../server/payments/index.ts';
import { roomyCommerceLimits } from './support/testApp.ts';
import type { TestApp } from './support/testApp.ts';
import { makeOffer } from './support/factories.ts';
import { makeCustomFee, makeTaxRate, makeVariant, type VariantFields } from './support/commerceFactories.ts';

/** A Stripe-shaped session object as the provider sends it in its events. */
export function providerSession(row: Pick<CheckoutRow, 'providerSessionId' | 'amountTotal' | 'id'>, status: 'open' | 'complete' | 'expired', paid = status === 'complete'): Stripe.Checkout.Session {
  return {
    id: row.providerSessionId!,
    object: 'checkout.session',
    status,
    payment_status: paid ? 'paid' : 'unpaid',
    payment_intent: paid ? `pi_${row.id.replace(/-/g, '').slice(0, 24)}` : null,
    amount_total: row.amountTotal,
    currency: 'sek',
    client_reference_id: row.id,
  } as unknown as Stripe.Checkout.Session;
}

/**
 * Stripe payments whose provider cannot be reached (nothing listens on its port): tests make the
 * provider's answers and events themselves, and a refund call fails at once.
 */
export function offlinePayments(webhookSecret: string) {
  const payments = { ...stripePayments({ secretKey: 'sk_test_offline', publishableKey: 'pk_test_offline', webhookSecret }) };
  Object.assign(payments, { stripe: new Stripe('sk_test_offline', { host: '127.0.0.1', port: 9, protocol: 'http', maxNetworkRetries: 0 }) });
  return payments;
}

/** A signed event as the provider delivers it to /v1/payment/webhook. */
export function signedEvent(
  secret: string,
  type: 'checkout.session.completed' | 'checkout.session.expired' | 'charge.refunded',
  session: Stripe.Checkout.Session | Stripe.Charge,
) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } };
}

/** Members with profiles only (no identity sign-in): enough for the database steps of checkout. */
export async function plainMembers(db: Database, brand: { id: string; authTenantId: string }, count: number, prefix: string) {
  const people = Array.from({ length: count }, (_, i) => ({ uid: `${prefix}-${i}`, email: `${prefix}-${i}@${brand.id}.test` }));
  await db.insert(identityAccounts).values(people.map((p) => ({ uid: p.uid, tenantId: brand.authTenantId, email: p.email })));
  await db.insert(users).values(people.map((p) => ({ brandId: brand.id, id: p.uid, email: p.email, firstName: 'Buy', lastName: 'Er', completedOnboarding: true })));
  await db.insert(brandRoles).values(people.map((p) => ({ brandId: brand.id, id: `role-${p.uid}`, userId: p.uid, brandRoleId: 'member', name: 'Member', active: true })));
  return people.map((p) => p.uid);
}

/** Puts `lines` in the member's cart directly. */
export async function fillCart(db: Database, brandId: string, userId: string, lines: { itemVariantId: string; offerId: string; quantity: number }[]) {
  await db.insert(shoppingCarts).values({ brandId, userId }).onConflictDoNothing();
  await db.delete(shoppingCartLines).where(and(eq(shoppingCartLines.brandId, brandId), eq(shoppingCartLines.userId, userId)));
  for (const line of lines) await db.insert(shoppingCartLines).values({ brandId, userId, ...line });
}

/** The selling code's dependencies on a test database: mail to the outbox table, the given provider and clock, limits out of the way. */
export function commerceDeps(db: Database, options: { payments?: Payments; now?: () => number; log?: FastifyBaseLogger } = {}): CheckoutDeps {
  const now = options.now ?? Date.now;
  const log = options.log ?? silentLog;
  return {
    db,
    payments: options.payments ?? offlinePayments('whsec_test'),
    mail: createMailQueue({ db, sender: createOutboxMailer(db), now, log }),
    now,
    log,
    limits: { ...defaultCommerceLimits, ...roomyCommerceLimits },
    jobs: createJobClaims({ db, now }),
  };
}

const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** Step 1 of a checkout (holds) plus what the provider step would store: an open session with a provider id. */
export async function reserveOpen(db: Database, brandId: string, userId: string, now: number, language: 'en' | 'sv' | 'nb' = 'en') {
  const reserved = await reserveCheckout(commerceDeps(db), { brandId, userId, language, clientAddress: '192.0.2.1' }, now);
  const providerSessionId = `cs_test_${reserved.id.replace(/-/g, '')}`;
  // As the server does: only a session still pending opens (one the member's next checkout ended stays ended).
  await db
    .update(checkoutSessions)
    .set({ providerSessionId, status: 'open' })
    .where(and(eq(checkoutSessions.brandId, brandId), eq(checkoutSessions.id, reserved.id), eq(checkoutSessions.status, 'pending')));
  await db.update(checkoutSessions).set({ providerSessionId }).where(and(eq(checkoutSessions.brandId, brandId), eq(checkoutSessions.id, reserved.id)));
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, providerSessionId));
  return row!;
}

export async function ordersOf(db: Database, brandId: string, checkoutId?: string) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.brandId, brandId), ...(checkoutId ? [eq(orders.checkoutSessionId, checkoutId)] : [])));
}

export async function refundsOf(db: Database, brandId: string) {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.brandId, brandId));
}

export async function availability(t: TestApp, offerId: string, headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: `/v1/get/offer?id=${offerId}&getAvailability=true`, headers });
  return response.json().itemVariantAvailability as Record<string, number>;
}

const hour = 3_600_000;

/**
 * The checkout tests' event: the 'concert' offer (Nordlys live) a month ahead in Stockholm, a
 * 6 % ticket price of 349 kr with a 25 kr service fee at 25 %, one standing evening per
 * `[variant id, stock]`. Answers the ticket fields, for variants a test adds with its own twists.
 */
export async function makeConcert(db: Database, brandId: string, evenings: readonly (readonly [string, number])[], fields: VariantFields = {}) {
  const future = new Date(Date.now() + 30 * 24 * hour);
  await makeTaxRate(db, brandId, 'vat6', 6);
  await makeTaxRate(db, brandId, 'vat25', 25);
  await makeCustomFee(db, brandId, 'service', 2_500, ['vat25']);
  await makeOffer(db, brandId, 'concert', { type: 'live', itemVariantType: 'ticket', title: 'Nordlys live' });
  const ticket: VariantFields = {
    priceCurrent: 34_900, priceOriginal: 34_900, taxRateIds: ['vat6'], customFeeIds: ['service'],
    dateStart: future, dateEnd: new Date(future.getTime() + 3 * hour),
    locationAddress: 'Sveavägen 1', locationZipCode: '111 57', locationCity: 'Stockholm',
    ...fields,
  };
  for (const [id, stock] of evenings) await makeVariant(db, brandId, 'concert', id, { ...ticket, stock, title: `Evening ${id}` });
  return ticket;
}
