import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { CheckoutOutcome, OrderItem } from '../../contract/checkout.ts';
import type { Executor } from '../db/database.ts';
import { orderConfirmationMail, refundMail } from '../mail/orderMail.ts';
import { findCheckoutByProviderId, lockCheckout, setCheckoutStatus, type CheckoutRow } from '../repositories/checkoutSessions.repository.ts';
import { findVariantsWithOffers, type VariantWithOffer } from '../repositories/itemVariants.repository.ts';
import type { OrderLineTranslations } from '../db/schema/index.ts';
import { insertOrder, insertRefund, itemIn, toOrder } from '../repositories/orders.repository.ts';
import { lockCart, readCart, writeCart } from '../repositories/shoppingCart.repository.ts';
import { insertTickets } from '../repositories/tickets.repository.ts';
import { paymentIntentIdOf } from '../payments/index.ts';
import { loadOrCreateTicketKey, signTicket, type TicketKey } from '../tickets/ticketCodes.ts';
import { stepOf, type CheckoutDeps, type Member, type Step } from './context.ts';
import { mailBrandOf, mailTextLanguages, memberMailLanguage } from './mailFacts.ts';
import { newOrderReference } from './orderReference.ts';
import { outcomeOf as storedOutcome } from './outcome.ts';
import { refundPayment } from './refunds.ts';
import { closeSalePlacesOfOrder } from './saleQueue.ts';
import { availabilityOf, closePlacesOfOrder, freeUnitsOf, loadStockUse, lockVariants, releaseCheckoutHolds, returnPlacesOfCheckout } from './stock.ts';
import { endUnpaid, lapseReasonOf } from './unpaid.ts';
import { memberBoughtUnits } from '../repositories/orders.repository.ts';

const isPaid = (session: Stripe.Checkout.Session) =>
  session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');

type Settlement = { outcome: CheckoutOutcome; refund?: CheckoutRow };

/**
 * Settles our session from the provider's view of it (a webhook event's object, or a session
 * retrieved just now): a paid, complete session becomes one order, whatever the replays and the
 * order of arrival (the session row is locked and its status decides; the order is unique per
 * session); an expired one releases its holds. A payment that completes after its hold lapsed
 * becomes an order when the stock is still there, otherwise a refund (record, provider refund and
 * mail): never left in between. Mails are queued in the same transaction (a crash loses none).
 */
export async function settleCheckout(deps: CheckoutDeps, session: Stripe.Checkout.Session, owner?: Member): Promise<CheckoutOutcome | null> {
  const found = await findCheckoutByProviderId(deps.db, session.id, owner);
  if (!found) return null;
  // The provider's word that a session we already ended (replaced, expired) expired: nothing to do.
  if (session.status === 'expired' && found.status === 'expired') return { status: 'expired', orderId: null };
  // Signing keys are made outside the settling transaction (their creation takes its own lock).
  const ticketKey = isPaid(session) ? await loadOrCreateTicketKey(deps.db, found.brandId) : null;
  const settlement = await deps.db.transaction(async (tx): Promise<Settlement> => {
    const row = (await lockCheckout(tx, found.brandId, found.id))!;
    const step = stepOf(deps, tx, deps.now());
    if (row.status === 'complete' || row.status === 'refunded') return { outcome: await storedOutcome(tx, row) };
    if (session.status === 'expired') {
      if (row.status !== 'expired') await endUnpaid(step, row, 'expired', lapseReasonOf(row, step.at));
      return { outcome: { status: 'expired', orderId: null } };
    }
    if (!isPaid(session) || !ticketKey) return { outcome: await storedOutcome(tx, row) };
    return fulfil(step, row, session, ticketKey);
  });
  void deps.mail.dispatch();
  if (settlement.refund) await refundPayment(deps, settlement.refund.brandId, settlement.refund.id);
  return settlement.outcome;
}

/** A paid session under its row lock: an order with its tickets when the units are still there, else a refund. */
async function fulfil(step: Step, row: CheckoutRow, session: Stripe.Checkout.Session, ticketKey: TicketKey): Promise<Settlement> {
  const { tx, at } = step;
  // Same lock order as checkout: the session row (held), the member's cart, then the variants in id order.
  await lockCart(tx, row.brandId, row.userId);
  const variantIds = row.lines.map((l) => l.itemVariantId);
  await lockVariants(tx, row.brandId, variantIds);
  await releaseCheckoutHolds(tx, row);
  const use = await loadStockUse(tx, row.brandId, variantIds, at);
  const variants = await findVariantsWithOffers(tx, row.brandId, variantIds);
  const byId = new Map(variants.map((v) => [v.variant.id, v.variant]));
  // While its hold ran, the units were kept for this session (free units count them once its
  // holds are gone); a payment after the hold lapsed or after the member replaced the session gets
  // only what is on sale, behind the waiting list, and only within the member's purchase cap.
  const heldForIt = (row.status === 'open' || row.status === 'pending') && row.expiresAt.getTime() > at;
  const unitsFor = heldForIt ? freeUnitsOf : availabilityOf;
  const bought = heldForIt ? new Map<string, number>() : await memberBoughtUnits(tx, row.brandId, row.userId, variantIds);
  const fits = row.lines.every((line) => {
    const variant = byId.get(line.itemVariantId);
    if (!variant || line.quantity > unitsFor(variant, use)) return false;
    return variant.purchaseCap === null || (bought.get(variant.id) ?? 0) + line.quantity <= variant.purchaseCap;
  });
  const brand = await mailBrandOf(tx, row.brandId);
  const language = await memberMailLanguage(tx, row.brandId, row.userId, row.language);
  if (!fits) {
    await setCheckoutStatus(tx, row, 'refunded', new Date(at));
    await insertRefund(tx, {
      brandId: row.brandId,
      checkoutSessionId: row.id,
      userId: row.userId,
      amount: session.amount_total ?? row.amountTotal,
      currency: row.currency,
      providerPaymentId: paymentIntentIdOf(session),
      reason: 'stock_released',
      createdAt: new Date(at),
    });
    const names = translationsOf(row.lines, variants);
    const named = { ...row, lines: row.lines.map((line, i) => itemIn(line, names[i]!, mailTextLanguages(language))) };
    await step.mail.queue(tx, { brandId: row.brandId, to: row.email, ...refundMail(named, brand, language) }, `refund:${row.brandId}:${row.id}`);
    await returnPlacesOfCheckout(step, row.brandId, row.id, variantIds);
    return { outcome: { status: 'refunded', orderId: null }, refund: row };
  }
  const orderId = randomUUID();
  const { order, lines } = await insertOrder(
    tx,
    {
      brandId: row.brandId,
      id: orderId,
      reference: newOrderReference(),
      userId: row.userId,
      checkoutSessionId: row.id,
      paymentMethod: 'card',
      amount: row.amountTotal,
      currency: row.currency,
      feeRecord: row.feeRecord,
      taxList: row.taxList,
      providerPaymentId: paymentIntentIdOf(session),
      createdAt: new Date(at),
    },
    row.lines,
    translationsOf(row.lines, variants),
  );
  const madeTickets = await issueTickets(tx, ticketKey, row.brandId, orderId, row.lines);
  await setCheckoutStatus(tx, row, 'complete', new Date(at));
  await removeFromCart(tx, row);
  await closePlacesOfOrder(step, row, variantIds);
  await closeSalePlacesOfOrder(tx, row, variantIds);
  const made = toOrder(order, lines, madeTickets, mailTextLanguages(language));
  await step.mail.queue(tx, { brandId: row.brandId, to: row.email, ...orderConfirmationMail(made, brand, language) }, `order:${row.brandId}:${orderId}`);
  return { outcome: { status: 'complete', orderId, orderReference: order.reference } };
}

/**
 * Each line's names in every language the brand wrote them in, as they are when the order is made:
 * the order keeps them (docs: order_line.localized), so it reads as sold after the offer changes.
 */
function translationsOf(lines: readonly OrderItem[], variants: readonly VariantWithOffer[]): OrderLineTranslations[] {
  const byId = new Map(variants.map((v) => [v.variant.id, v]));
  return lines.map((line) => {
    const found = byId.get(line.itemVariantId);
    if (!found) return {};
    return { offerTitle: found.offer.localized.title, variantTitle: found.variant.localized.title, variantDescription: found.variant.localized.description };
  });
}

/** One ticket per unit of each ticket line, each with its signed code (docs/tickets.md). */
async function issueTickets(tx: Executor, key: TicketKey, brandId: string, orderId: string, lines: readonly OrderItem[]) {
  const units = lines.flatMap((line, i) =>
    line.itemVariantType === 'ticket' ? Array.from({ length: line.quantity }, (_, u) => ({ line, lineNo: i + 1, unitNo: u + 1 })) : [],
  );
  const rows = await Promise.all(
    units.map(async ({ line, lineNo, unitNo }) => {
      const id = randomUUID();
      const code = await signTicket(key, { ticketId: id, orderId, offerId: line.offerId, itemVariantId: line.itemVariantId, brandId });
      return { brandId, id, orderId, lineNo, unitNo, offerId: line.offerId, itemVariantId: line.itemVariantId, code };
    }),
  );
  return insertTickets(tx, rows);
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
