import type Stripe from 'stripe';
import type { CheckoutOutcome, CheckoutSession, LocalCardPaymentBody } from '../../contract/checkout.ts';
import { ApiError } from '../errors.ts';
import { isUnknownToProvider, PaymentsUnavailable } from '../payments/cardPayment.ts';
import {
  findCheckoutByProviderId,
  lockCheckout,
  markCheckoutOpen,
  type CheckoutRow,
} from '../repositories/checkoutSessions.repository.ts';
import { stepOf, type CheckoutDeps, type Member } from './context.ts';
import { settleCheckout } from './fulfilment.ts';
import { outcomeOf } from './outcome.ts';
import { endUnpaid, lapseReasonOf } from './unpaid.ts';

/** How long a session (and its stock hold) lives: Stripe's minimum of 30 minutes, plus a margin for clock differences. */
export { checkoutLifetimeMs, reserveCheckout } from './reservation.ts';
import { checkoutLifetimeMs, reserveCheckout, type Buyer } from './reservation.ts';
const stripeMinimumLifetimeMs = checkoutLifetimeMs;

import { checkoutRefusals } from './checkoutRefusals.ts';
export const sessionNotFound = () => new ApiError(404, 'checkout/session-not-found', 'There is no such checkout session');
export const providerUnavailable = (message = 'The payment provider could not be reached; try again') => new ApiError(502, 'checkout/provider-unavailable', message);
const notConfigured = () => new ApiError(503, 'checkout/unavailable', 'Card payments are not configured on this server');

/**
 * POST /v1/payment/checkout. Holds first, then the provider's session:
 *  1. `reserveCheckout` (one transaction) checks the cart and writes the 'pending' session with
 *     its holds, expiring at the session's expiry;
 *  2. the provider's session is created with our session id as idempotency key and the same expiry;
 *  3. the row becomes 'open' with the provider's id.
 * If the provider call fails the holds are released at once; if the process dies between 1 and 3
 * the holds lapse at their expiry by themselves, and nobody can pay a session whose client secret
 * was never handed out. Replaced sessions are expired at the provider afterwards (best effort: one
 * paid anyway is settled like any late payment).
 */
export async function openCheckout(deps: CheckoutDeps | undefined, buyer: Buyer, appOrigin: string): Promise<CheckoutSession> {
  if (!deps) throw notConfigured();
  const { payments, now } = deps;
  const { id, expiresAt, replacedProviderIds, ...snapshot } = await reserveCheckout(deps, buyer, now());
  // Replaced sessions are ours no more (a card payment of one is refused); the provider is told
  // beside this request, not before its answer.
  for (const providerId of replacedProviderIds) void payments.stripe.checkout.sessions.expire(providerId).catch(() => undefined);
  let session: Stripe.Checkout.Session;
  try {
    session = await payments.stripe.checkout.sessions.create(
      {
        ui_mode: 'embedded_page',
        mode: 'payment',
        redirect_on_completion: 'if_required',
        return_url: `${appOrigin}/checkout?session_id={CHECKOUT_SESSION_ID}`,
        // The provider's own page in the member's language ('sv', 'nb' and 'en' are Stripe locales).
        locale: buyer.language,
        line_items: snapshot.lines.map((line, index) => ({
          quantity: line.quantity,
          price_data: {
            currency: snapshot.currency.toLowerCase(),
            // Variant price plus its fees, VAT included: what the cart showed for one unit.
            unit_amount: line.unitPrice,
            product_data: { name: snapshot.providerLineNames[index]!.slice(0, 250) },
          },
        })),
        customer_email: snapshot.email,
        client_reference_id: id,
        metadata: { brandId: buyer.brandId, checkoutId: id, userId: buyer.userId },
        payment_intent_data: { metadata: { brandId: buyer.brandId, checkoutId: id } },
        // Stripe's minimum is 30 minutes: a hold the ceiling cut shorter ends ours first (the sweep expires the provider's then).
        expires_at: Math.floor(Math.max(expiresAt, deps.now() + stripeMinimumLifetimeMs) / 1000),
      },
      { idempotencyKey: `checkout-create-${id}` },
    );
  } catch (error) {
    await endUnpaidNow(deps, { brandId: buyer.brandId, id }, 'failed');
    deps.log.error({ err: error instanceof Error ? { name: error.name, message: error.message } : undefined }, 'payments provider refused to create a checkout session');
    throw providerUnavailable();
  }
  if (session.amount_total !== null && session.amount_total !== snapshot.amountTotal) {
    // Never charge another amount than the member was shown.
    await payments.stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    await endUnpaidNow(deps, { brandId: buyer.brandId, id }, 'failed');
    throw providerUnavailable('The payment provider answered another amount');
  }
  if (!(await markCheckoutOpen(deps.db, { brandId: buyer.brandId, id }, session.id))) {
    // The member opened another checkout meanwhile, which ended this one: nobody may pay it.
    await payments.stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    throw checkoutRefusals.notOpen();
  }
  return {
    id: session.id,
    clientSecret: session.client_secret ?? '',
    amountTotal: snapshot.amountTotal,
    currency: snapshot.currency,
    // Our hold's end: the provider's session may outlive it (a hold cut short by the ceiling).
    expiresAt,
  };
}

/**
 * Ends our session unpaid in its own transaction, under its row lock, when it is still open or
 * pending: holds released, places it took returned, freed units offered (mails queued with it).
 */
export async function endUnpaidNow(deps: CheckoutDeps, checkout: { brandId: string; id: string }, status: 'expired' | 'failed'): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockCheckout(tx, checkout.brandId, checkout.id);
    if (locked?.status !== 'open' && locked?.status !== 'pending') return;
    const at = deps.now();
    await endUnpaid(stepOf(deps, tx, at), locked, status, status === 'expired' ? lapseReasonOf(locked, at) : undefined);
  });
  void deps.mail.dispatch();
}

/** The member's own session by the provider's id, or 404. */
async function memberCheckout(deps: CheckoutDeps | undefined, owner: Member, providerSessionId: string) {
  if (!deps) throw notConfigured();
  const row = await findCheckoutByProviderId(deps.db, providerSessionId, owner);
  if (!row || !row.providerSessionId) throw sessionNotFound();
  return { deps, row, providerSessionId: row.providerSessionId };
}

/**
 * A provider call about one of our sessions. A session the provider does not know (a restart of
 * the stand-in, a purged test session) can never be paid: it ends here at once, holds released,
 * and the member gets our outcome, never the provider's text; any other provider failure is 502.
 */
async function aboutSession(deps: CheckoutDeps, row: CheckoutRow, call: () => Promise<Stripe.Checkout.Session>): Promise<Stripe.Checkout.Session | 'unknown'> {
  try {
    return await call();
  } catch (error) {
    if (isUnknownToProvider(error)) {
      await endUnpaidNow(deps, row, 'expired');
      return 'unknown';
    }
    deps.log.warn({ checkoutId: row.id, err: error instanceof Error ? error.message : 'unknown' }, 'payments provider failed');
    throw providerUnavailable();
  }
}

/** POST /v1/expire/checkout: expires the member's own open session at the provider and releases its holds. */
export async function expireCheckout(maybeDeps: CheckoutDeps | undefined, owner: Member, providerSessionId: string): Promise<CheckoutOutcome> {
  const { deps, row } = await memberCheckout(maybeDeps, owner, providerSessionId);
  if (row.status !== 'open' && row.status !== 'pending') return outcomeOf(deps.db, row);
  const stripe = deps.payments.stripe;
  const session = await aboutSession(deps, row, () =>
    // Not open any more at the provider (paid or expired meanwhile): settle from what it says.
    stripe.checkout.sessions.expire(providerSessionId).catch((error: unknown) => {
      if (isUnknownToProvider(error)) throw error;
      return stripe.checkout.sessions.retrieve(providerSessionId);
    }),
  );
  if (session === 'unknown') return { status: 'expired', orderId: null };
  return (await settleCheckout(deps, session)) ?? outcomeOf(deps.db, row);
}

/** POST /v1/payment/checkout/complete: settles the member's session now from the provider's view of it. */
export async function completeCheckout(maybeDeps: CheckoutDeps | undefined, owner: Member, providerSessionId: string): Promise<CheckoutOutcome> {
  const { deps, row } = await memberCheckout(maybeDeps, owner, providerSessionId);
  if (row.status === 'complete' || row.status === 'refunded') return outcomeOf(deps.db, row);
  // Also when we saw it expire: a payment the provider took late is settled (order or refund) now.
  const session = await aboutSession(deps, row, () => deps.payments.stripe.checkout.sessions.retrieve(providerSessionId));
  if (session === 'unknown') return outcomeOf(deps.db, (await findCheckoutByProviderId(deps.db, providerSessionId, owner)) ?? row);
  return (await settleCheckout(deps, session, owner)) ?? outcomeOf(deps.db, row);
}

/** POST /v1/payment/local/confirm: pays the member's open session with our card form (the stand-in only). */
export async function payByCard(maybeDeps: CheckoutDeps | undefined, owner: Member, body: LocalCardPaymentBody): Promise<CheckoutOutcome> {
  if (!maybeDeps) throw notConfigured();
  const payWithCard = maybeDeps.payments.payWithCard;
  if (!payWithCard) throw new ApiError(404, 'not_found', 'The card form is only served with the embedded payments provider');
  const row = await findCheckoutByProviderId(maybeDeps.db, body.stripeCheckoutSessionId, owner);
  if (row?.endReason === 'replaced') throw checkoutRefusals.replaced();
  if (!row || !row.providerSessionId || row.status !== 'open' || row.expiresAt.getTime() <= maybeDeps.now()) throw checkoutRefusals.notOpen();
  const { stripeCheckoutSessionId: _id, ...card } = body;
  const result = await payWithCard(row.providerSessionId, card).catch((error: unknown) => {
    if (error instanceof PaymentsUnavailable) throw providerUnavailable();
    throw error;
  });
  if (result.kind === 'refused') throw new ApiError(402, result.code, result.message);
  if (result.kind === 'unknownSession') {
    // The payment page answers a wrong client secret as it answers a session it lost: only the
    // provider's own API (our key) tells which. A session it lost ends here at once.
    const session = await aboutSession(maybeDeps, row, () => maybeDeps.payments.stripe.checkout.sessions.retrieve(row.providerSessionId!));
    if (session !== 'unknown' && session.status === 'complete') return (await settleCheckout(maybeDeps, session, owner)) ?? outcomeOf(maybeDeps.db, row);
    throw checkoutRefusals.notOpen();
  }
  if (result.kind === 'notOpen') throw checkoutRefusals.notOpen();
  return (await settleCheckout(maybeDeps, result.session, owner)) ?? outcomeOf(maybeDeps.db, row);
}
