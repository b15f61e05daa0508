import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/database.ts';
import { checkoutSessions, orderLines, orders, paymentRefunds, stockHolds, tickets, users } from '../db/schema/index.ts';
import { ApiError } from '../errors.ts';
import type { MailSender } from '../mail/mail.ts';
import { orderConfirmationMail, refundMail, type MailLanguage } from '../mail/orderMail.ts';
import { availabilityOf, findVariantsWithOffers, freeUnitsOf, loadStockUse } from '../repositories/itemVariants.repository.ts';
import { lockCart, readCart, writeCart } from '../repositories/shoppingCart.repository.ts';
import {
  findOrderOfCheckout,
  lapsedCheckouts,
  lockCheckout,
  lockVariants,
  memberTakenUnits,
  refundsNeeded,
  releaseHolds,
  setCheckoutStatus,
  toOrder,
  type CheckoutRow,
} from '../repositories/checkout.repository.ts';
import { enrichCart } from '../routes/shoppingCart.ts';
import type { CheckoutOutcome, CheckoutSession, OrderItem } from '../../contract/checkout.ts';
import type { Payments } from './index.ts';
import { loadOrCreateTicketKey, signTicket, type TicketKey } from '../tickets/ticketCodes.ts';
import { closePlacesOfOrder, mailOfferedPlaces, returnPlacesOfCheckout, takeOfferedPlaces, type OfferedPlace } from '../waitingList/waitingList.ts';

/** How long a session (and its stock hold) lives: Stripe's minimum of 30 minutes, plus a margin for clock differences. */
export const checkoutLifetimeMs = 31 * 60_000;

export interface CheckoutDeps {
  db: Database;
  payments: Payments;
  mail: MailSender;
  now: () => number;
  log: FastifyBaseLogger;
  /** The brand's name, for mails. */
  brandName: (brandId: string) => Promise<string>;
}

const refusal = (code: string, message: string) => new ApiError(409, code, message);
export const checkoutRefusals = {
  empty: () => refusal('user/shopping-cart-empty', 'The shopping cart is empty'),
  capReached: () => refusal('checkout/purchase-cap-reached', 'The number of maximum purchases per user has been reached.'),
  soldOut: () => refusal('checkout/sold-out', 'Unfortunately the item for this offer are sold out.'),
  offerEnded: () => refusal('checkout/offer-ended', 'The offer is no longer relevant'),
  notOpen: () => refusal('checkout/session-not-open', 'The checkout session is no longer open'),
};
export const sessionNotFound = () => new ApiError(404, 'checkout/session-not-found', 'There is no such checkout session');

/** The API's outcome of a stored session. */
export async function outcomeOf(db: Executor, row: CheckoutRow): Promise<CheckoutOutcome> {
  if (row.status === 'complete') return { status: 'complete', orderId: (await findOrderOfCheckout(db, row.brandId, row.id))?.id ?? null };
  if (row.status === 'refunded') return { status: 'refunded', orderId: null };
  if (row.status === 'expired' || row.status === 'failed') return { status: 'expired', orderId: null };
  return { status: 'open', orderId: null };
}

/** Step 1 of openCheckout: checks the member's cart under the locks and writes the 'pending' session with its holds. */
export async function reserveCheckout(
  db: Database,
  member: { brandId: string; userId: string; language: MailLanguage },
  createdAt: number,
): Promise<{ id: string; expiresAt: number; lines: OrderItem[]; amountTotal: number; currency: string; email: string }> {
  const { brandId, userId } = member;
  const id = randomUUID();
  const expiresAt = createdAt + checkoutLifetimeMs;
  const snapshot = await db.transaction(async (tx) => {
    const version = await lockCart(tx, brandId, userId);
    if (version === null) throw new ApiError(404, 'user_not_found', 'The user was not found');
    const cart = await readCart(tx, brandId, userId);
    if (cart.lines.length === 0) throw checkoutRefusals.empty();
    const variantIds = cart.lines.map((l) => l.itemVariantId);
    await lockVariants(tx, brandId, variantIds);
    const variants = new Map((await findVariantsWithOffers(tx, brandId, variantIds)).map((r) => [r.variant.id, r]));
    const enriched = await enrichCart(tx, brandId, cart, variants);
    if (enriched.itemList.length === 0) throw checkoutRefusals.empty();
    const [use, taken] = await Promise.all([
      loadStockUse(tx, brandId, variantIds, createdAt, userId),
      memberTakenUnits(tx, brandId, userId, variantIds, createdAt),
    ]);
    for (const line of enriched.itemList) {
      const { variant, offer } = variants.get(line.itemVariantId)!;
      if (!offer.active || (variant.dateEnd !== null && variant.dateEnd.getTime() <= createdAt)) throw checkoutRefusals.offerEnded();
    }
    for (const line of enriched.itemList) {
      const { variant } = variants.get(line.itemVariantId)!;
      if (variant.purchaseCap !== null && (taken.get(variant.id) ?? 0) + line.quantity > variant.purchaseCap) throw checkoutRefusals.capReached();
    }
    for (const line of enriched.itemList) {
      const { variant } = variants.get(line.itemVariantId)!;
      if (line.quantity > availabilityOf(variant, use)) throw checkoutRefusals.soldOut();
    }
    const [profile] = await tx.select({ email: users.email }).from(users).where(and(eq(users.brandId, brandId), eq(users.id, userId)));
    const lines: OrderItem[] = enriched.itemList.map(({ offerType: _type, itemVariantCustomFeeBuildRecord: _fees, ...item }) => item);
    const feeRecord = Object.assign({}, ...enriched.itemList.map((l) => l.itemVariantCustomFeeBuildRecord));
    await tx.insert(checkoutSessions).values({
      brandId,
      id,
      userId,
      status: 'pending',
      amountTotal: enriched.totalPrice,
      currency: enriched.currency,
      lines,
      feeRecord,
      taxList: enriched.taxList,
      email: profile!.email,
      language: member.language,
      expiresAt: new Date(expiresAt),
      createdAt: new Date(createdAt),
    });
    await tx.insert(stockHolds).values(
      lines.map((line) => ({
        brandId,
        itemVariantId: line.itemVariantId,
        kind: 'checkout' as const,
        checkoutSessionId: id,
        userId,
        quantity: line.quantity,
        expiresAt: new Date(expiresAt),
      })),
    );
    // A place the waiting list offered this member is now held by this checkout instead.
    await takeOfferedPlaces(tx, member, variantIds, id, createdAt);
    return { lines, amountTotal: enriched.totalPrice, currency: enriched.currency, email: profile!.email };
  });

  return { id, expiresAt, ...snapshot };
}

/**
 * POST /v1/payment/checkout. Holds first, then the provider's session:
 *  1. one transaction under the member's cart lock and the variants' row locks (id order)
 *     checks every line (ended, purchaseCap over orders and open sessions, availability) and
 *     writes the session row ('pending') with the line snapshot and its holds, expiring at the
 *     session's expiry;
 *  2. the provider's session is created with our session id as idempotency key and the same expiry;
 *  3. the row becomes 'open' with the provider's id.
 * If the provider call fails the holds are deleted at once; if the process dies between 1 and 3
 * the holds lapse at their expiry by themselves (availability never counts an expired hold), and
 * nobody can pay a session whose client secret was never handed out.
 */
export async function openCheckout(
  deps: CheckoutDeps,
  member: { brandId: string; userId: string; language: MailLanguage },
  /** Where the app shows the checkout: the provider's return URL (used only for payment methods that redirect). */
  appOrigin: string,
): Promise<CheckoutSession> {
  const { db, payments, now } = deps;
  const { brandId, userId } = member;
  const { id, expiresAt, ...snapshot } = await reserveCheckout(db, member, now());
  let session: Stripe.Checkout.Session;
  try {
    session = await payments.stripe.checkout.sessions.create(
      {
        ui_mode: 'embedded_page',
        mode: 'payment',
        redirect_on_completion: 'if_required',
        return_url: `${appOrigin}/checkout?session_id={CHECKOUT_SESSION_ID}`,
        line_items: snapshot.lines.map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: snapshot.currency.toLowerCase(),
            // Variant price plus its fees, VAT included: what the cart showed for one unit.
            unit_amount: line.unitPrice,
            product_data: { name: `${line.offerTitle}: ${line.itemVariant.title}`.slice(0, 250) },
          },
        })),
        customer_email: snapshot.email,
        client_reference_id: id,
        metadata: { brandId, checkoutId: id, userId },
        payment_intent_data: { metadata: { brandId, checkoutId: id } },
        expires_at: Math.floor(expiresAt / 1000),
      },
      { idempotencyKey: `checkout-create-${id}` },
    );
  } catch (error) {
    await endUnpaid(deps, { brandId, id, lines: snapshot.lines }, 'failed');
    deps.log.error({ err: error instanceof Error ? { name: error.name, message: error.message } : undefined }, 'payments provider refused to create a checkout session');
    throw new ApiError(502, 'checkout/provider-unavailable', 'The payment provider could not be reached; try again');
  }
  if (session.amount_total !== null && session.amount_total !== snapshot.amountTotal) {
    // Never charge another amount than the member was shown.
    await payments.stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    await endUnpaid(deps, { brandId, id, lines: snapshot.lines }, 'failed');
    throw new ApiError(502, 'checkout/provider-unavailable', 'The payment provider answered another amount');
  }
  await db
    .update(checkoutSessions)
    .set({ providerSessionId: session.id, status: 'open' })
    .where(and(eq(checkoutSessions.brandId, brandId), eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'pending')));
  return {
    id: session.id,
    clientSecret: session.client_secret ?? '',
    amountTotal: snapshot.amountTotal,
    currency: snapshot.currency,
    expiresAt: (session.expires_at ?? Math.floor(expiresAt / 1000)) * 1000,
  };
}

type Settlement = { offered?: OfferedPlace[] } & (
  | { kind: 'none'; outcome: CheckoutOutcome }
  | { kind: 'ordered'; outcome: CheckoutOutcome; row: CheckoutRow; order: ReturnType<typeof toOrder> }
  | { kind: 'refund'; outcome: CheckoutOutcome; row: CheckoutRow }
);

/**
 * Ends a checkout that was not paid, under its row's lock when the caller holds one: its holds go,
 * places it took from the waiting list go back (or expire), and freed units are offered in line.
 */
async function releaseUnpaid(tx: Executor, row: Pick<CheckoutRow, 'brandId' | 'id' | 'lines'>, status: 'expired' | 'failed', now: number): Promise<OfferedPlace[]> {
  // Under the variants' locks, like everything that holds or offers their units.
  await lockVariants(tx, row.brandId, row.lines.map((l) => l.itemVariantId));
  await releaseHolds(tx, row);
  await setCheckoutStatus(tx, row, status, new Date(now));
  return returnPlacesOfCheckout(tx, row.brandId, row.id, row.lines.map((l) => l.itemVariantId), now);
}

async function endUnpaid(deps: CheckoutDeps, row: Pick<CheckoutRow, 'brandId' | 'id' | 'lines'>, status: 'expired' | 'failed') {
  const offered = await deps.db.transaction((tx) => releaseUnpaid(tx, row, status, deps.now()));
  await mailOfferedPlaces(deps, offered);
}

const paymentIdOf = (session: Stripe.Checkout.Session): string | null =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

/**
 * Settles our session from the provider's view of it (a webhook event's object, or a session
 * retrieved just now): a paid, complete session becomes one order, whatever the replays and
 * the order of arrival (the session row is locked and its status decides; the order is unique
 * per session); an expired one releases its holds. A payment that completes after its hold
 * lapsed becomes an order when the stock is still there, otherwise a refund (record, provider
 * refund and mail): never left in between.
 */
export async function settleCheckout(deps: CheckoutDeps, session: Stripe.Checkout.Session, owner?: { brandId: string; userId: string }): Promise<CheckoutOutcome | null> {
  const { db, now } = deps;
  const [found] = await db
    .select({ brandId: checkoutSessions.brandId, id: checkoutSessions.id, userId: checkoutSessions.userId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSessionId, session.id));
  if (!found || (owner && (found.brandId !== owner.brandId || found.userId !== owner.userId))) return null;
  const paid = session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  // Signing keys are made outside the settling transaction (their creation takes its own lock).
  const ticketKey = paid ? await loadOrCreateTicketKey(db, found.brandId) : null;
  const settlement = await db.transaction(async (tx): Promise<Settlement> => {
    const row = (await lockCheckout(tx, found.brandId, found.id))!;
    const settledAt = new Date(now());
    if (row.status === 'complete' || row.status === 'refunded') return { kind: 'none', outcome: await outcomeOf(tx, row) };
    if (session.status === 'expired') {
      if (row.status === 'expired') return { kind: 'none', outcome: { status: 'expired', orderId: null } };
      const offered = await releaseUnpaid(tx, row, 'expired', settledAt.getTime());
      return { kind: 'none', outcome: { status: 'expired', orderId: null }, offered };
    }
    if (!paid) return { kind: 'none', outcome: await outcomeOf(tx, row) };

    // Same lock order as checkout: the member's cart, then the variants in id order.
    await lockCart(tx, row.brandId, row.userId);
    const variantIds = row.lines.map((l) => l.itemVariantId);
    await lockVariants(tx, row.brandId, variantIds);
    await releaseHolds(tx, row);
    const [use, variants] = await Promise.all([
      loadStockUse(tx, row.brandId, variantIds, settledAt.getTime()),
      findVariantsWithOffers(tx, row.brandId, variantIds),
    ]);
    const byId = new Map(variants.map((v) => [v.variant.id, v.variant]));
    // While its hold ran, the units were kept for this session (free units count them once its
    // holds are gone); a payment after the hold lapsed gets only what is on sale, behind the waiting list.
    const holdRan = row.expiresAt.getTime() > settledAt.getTime();
    const unitsFor = holdRan ? freeUnitsOf : availabilityOf;
    const fits = row.lines.every((line) => byId.has(line.itemVariantId) && line.quantity <= unitsFor(byId.get(line.itemVariantId)!, use));
    if (!fits) {
      await setCheckoutStatus(tx, row, 'refunded', settledAt);
      await tx
        .insert(paymentRefunds)
        .values({
          brandId: row.brandId,
          checkoutSessionId: row.id,
          userId: row.userId,
          amount: session.amount_total ?? row.amountTotal,
          currency: row.currency,
          providerPaymentId: paymentIdOf(session),
          reason: 'stock_released',
          createdAt: settledAt,
        })
        .onConflictDoNothing();
      const offered = await returnPlacesOfCheckout(tx, row.brandId, row.id, variantIds, settledAt.getTime());
      return { kind: 'refund', outcome: { status: 'refunded', orderId: null }, row, offered };
    }
    const orderId = randomUUID();
    const [order] = await tx
      .insert(orders)
      .values({
        brandId: row.brandId,
        id: orderId,
        userId: row.userId,
        checkoutSessionId: row.id,
        paymentMethod: 'card',
        amount: row.amountTotal,
        currency: row.currency,
        feeRecord: row.feeRecord,
        taxList: row.taxList,
        providerPaymentId: paymentIdOf(session),
        createdAt: settledAt,
      })
      .returning();
    const lines = await tx
      .insert(orderLines)
      .values(
        row.lines.map((line, i) => ({
          brandId: row.brandId,
          orderId,
          lineNo: i + 1,
          itemVariantId: line.itemVariantId,
          offerId: line.offerId,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          linePrice: line.linePrice,
          item: line,
        })),
      )
      .returning();
    const madeTickets = await issueTickets(tx, ticketKey!, row.brandId, orderId, row.lines);
    await setCheckoutStatus(tx, row, 'complete', settledAt);
    await removeFromCart(tx, row);
    const offered = await closePlacesOfOrder(tx, row, variantIds, settledAt.getTime());
    return { kind: 'ordered', outcome: { status: 'complete', orderId }, row, order: toOrder(order!, lines, madeTickets), offered };
  });

  if (settlement.offered?.length) await mailOfferedPlaces(deps, settlement.offered);
  if (settlement.kind === 'ordered') {
    const { row, order } = settlement;
    await deps
      .mail.send({ brandId: row.brandId, to: row.email, ...orderConfirmationMail(order, await deps.brandName(row.brandId), row.language as MailLanguage) })
      .catch((error: unknown) => deps.log.error({ err: error instanceof Error ? error.message : 'unknown' }, 'order mail not sent'));
  }
  if (settlement.kind === 'refund') {
    const { row } = settlement;
    await refundPayment(deps, row.brandId, row.id);
    await deps
      .mail.send({ brandId: row.brandId, to: row.email, ...refundMail(row, await deps.brandName(row.brandId), row.language as MailLanguage) })
      .catch((error: unknown) => deps.log.error({ err: error instanceof Error ? error.message : 'unknown' }, 'refund mail not sent'));
  }
  return settlement.outcome;
}

/** One ticket per unit of each ticket line, each with its signed code (docs/tickets.md). */
async function issueTickets(tx: Executor, key: TicketKey, brandId: string, orderId: string, lines: readonly OrderItem[]) {
  const units = lines.flatMap((line, i) =>
    line.itemVariantType === 'ticket' ? Array.from({ length: line.quantity }, (_, u) => ({ line, lineNo: i + 1, unitNo: u + 1 })) : [],
  );
  if (units.length === 0) return [];
  const rows = await Promise.all(
    units.map(async ({ line, lineNo, unitNo }) => {
      const id = randomUUID();
      const code = await signTicket(key, { ticketId: id, orderId, offerId: line.offerId, itemVariantId: line.itemVariantId, brandId });
      return { brandId, id, orderId, lineNo, unitNo, offerId: line.offerId, itemVariantId: line.itemVariantId, code };
    }),
  );
  return tx.insert(tickets).values(rows).returning();
}

/** The ordered quantities leave the member's cart (lines bought out entirely disappear). Runs under the cart lock. */
async function removeFromCart(tx: Executor, row: CheckoutRow) {
  const cart = await readCart(tx, row.brandId, row.userId);
  if (cart.lines.length === 0) return;
  const bought = new Map(row.lines.map((l) => [l.itemVariantId, l.quantity]));
  const next = cart.lines.flatMap((line) => {
    const left = line.quantity - (bought.get(line.itemVariantId) ?? 0);
    return left > 0 ? [{ ...line, quantity: left }] : [];
  });
  await writeCart(tx, row.brandId, row.userId, cart.lines, next);
}

/** Asks the provider to refund a recorded refund-needed payment (idempotent per session); leaves it 'needed' for the sweep on failure. */
export async function refundPayment(deps: CheckoutDeps, brandId: string, checkoutId: string): Promise<boolean> {
  const { db, payments, now } = deps;
  const [refund] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.brandId, brandId), eq(paymentRefunds.checkoutSessionId, checkoutId)));
  if (!refund || refund.status === 'refunded') return true;
  try {
    if (!refund.providerPaymentId) throw new Error('the session names no payment');
    const made = await payments.stripe.refunds.create(
      { payment_intent: refund.providerPaymentId, reason: 'requested_by_customer', metadata: { brandId, checkoutId } },
      { idempotencyKey: `refund-${brandId}-${checkoutId}` },
    );
    await db
      .update(paymentRefunds)
      .set({ status: 'refunded', providerRefundId: made.id, refundedAt: new Date(now()), lastError: null })
      .where(and(eq(paymentRefunds.brandId, brandId), eq(paymentRefunds.checkoutSessionId, checkoutId)));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    await db
      .update(paymentRefunds)
      .set({ lastError: message })
      .where(and(eq(paymentRefunds.brandId, brandId), eq(paymentRefunds.checkoutSessionId, checkoutId)));
    deps.log.error({ checkoutId, err: message }, 'refund not made yet; the sweep retries it');
    return false;
  }
}

/** Expires the member's own open session at the provider and releases its holds. */
export async function expireCheckout(deps: CheckoutDeps, row: CheckoutRow): Promise<CheckoutOutcome> {
  if (!row.providerSessionId || (row.status !== 'open' && row.status !== 'pending')) return outcomeOf(deps.db, row);
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.payments.stripe.checkout.sessions.expire(row.providerSessionId);
  } catch {
    // Not open any more at the provider (paid or expired meanwhile): settle from what it says.
    session = await deps.payments.stripe.checkout.sessions.retrieve(row.providerSessionId);
  }
  return (await settleCheckout(deps, session)) ?? outcomeOf(deps.db, row);
}

/** A lapsed session the provider does not know: expired here, its holds released. */
async function closeUnknownSession(deps: CheckoutDeps, row: CheckoutRow) {
  const offered = await deps.db.transaction(async (tx) => {
    const locked = await lockCheckout(tx, row.brandId, row.id);
    if (locked?.status !== 'open' && locked?.status !== 'pending') return [];
    return releaseUnpaid(tx, locked, 'expired', deps.now());
  });
  await mailOfferedPlaces(deps, offered);
}

/**
 * Settles sessions past their expiry that no event settled (a lost webhook, a crash before the
 * provider answered) and retries refunds still needed. Availability never waits for it: an
 * expired hold counts for nothing anyway.
 */
export async function sweepCheckouts(deps: CheckoutDeps): Promise<{ settled: number; refunded: number }> {
  const { db, now } = deps;
  let settled = 0;
  for (const row of await lapsedCheckouts(db, now())) {
    try {
      if (!row.providerSessionId) {
        const offered = await db.transaction(async (tx) => {
          const locked = await lockCheckout(tx, row.brandId, row.id);
          if (locked?.status !== 'pending') return [];
          return releaseUnpaid(tx, locked, 'failed', now());
        });
        await mailOfferedPlaces(deps, offered);
      } else {
        const session = await deps.payments.stripe.checkout.sessions.retrieve(row.providerSessionId).catch((error: unknown) => {
          // The provider does not know it (another instance's embedded provider, a purged test session): nobody can pay it.
          if ((error as { statusCode?: number }).statusCode === 404) return null;
          throw error;
        });
        if (session === null) await closeUnknownSession(deps, row);
        else await settleCheckout(deps, session.status === 'open' ? await deps.payments.stripe.checkout.sessions.expire(session.id) : session);
      }
      settled++;
    } catch (error) {
      deps.log.warn({ checkoutId: row.id, err: error instanceof Error ? error.message : 'unknown' }, 'lapsed checkout not settled yet');
    }
  }
  let refunded = 0;
  for (const refund of await refundsNeeded(db)) {
    if (await refundPayment(deps, refund.brandId, refund.checkoutSessionId)) refunded++;
  }
  return { settled, refunded };
}
