import { randomUUID } from 'node:crypto';
import type { OrderItem } from '../../contract/checkout.ts';
import type { Language } from '../../domain/language.ts';
import { firstRefusalOf } from '../../domain/saleRules.ts';
import { ApiError } from '../errors.ts';
import { deleteUnheldCheckout, insertCheckout, lockCheckout } from '../repositories/checkoutSessions.repository.ts';
import { findVariantsWithOffers } from '../repositories/itemVariants.repository.ts';
import { memberBoughtUnits } from '../repositories/orders.repository.ts';
import { lockCart, readCart } from '../repositories/shoppingCart.repository.ts';
import { holdCheckoutStock } from '../repositories/stock.repository.ts';
import { findUser } from '../repositories/users.repository.ts';
import { enrichCart } from './cart.ts';
import { checkoutRefusals } from './checkoutRefusals.ts';
import { stepOf, type CheckoutDeps, type Member } from './context.ts';
import { holdTimeFor } from './holdCeiling.ts';
import { countCheckout, uncountCheckout } from './limits.ts';
import { requireSaleAdmission } from './saleQueue.ts';
import { saleTermsOf } from './saleTerms.ts';
import { returnPlacesOfCheckout } from './stock.ts';

/** Reserving a checkout: the session and its stock hold (docs/checkout.md, "Holds, and why nothing is sold twice"). */

/** How long a session (and its stock hold) lives: Stripe's minimum of 30 minutes, plus a margin for clock differences. */
export const checkoutLifetimeMs = 31 * 60_000;

/** Who opens a checkout: the member, the language of their mails, the address they call from (its limits) and their brand's hold ceiling. */
export type Buyer = Member & { language: Language; clientAddress: string; holdCeilingMinutes?: number };

/**
 * Step 1 of openCheckout. First one transaction that holds no variant lock: counts the checkout
 * against the member's and the address's limits (which also makes one member's openings wait for
 * each other), checks the cart under its lock (ended, purchase cap over orders, the sale queue,
 * the hold ceiling) and writes the 'pending' session. Then the hold itself, in one statement of
 * its own (`holdCheckoutStock`): availability and the cap checked and units held under the
 * variants' row locks, held only while that statement runs, so members buying one hot variant
 * queue there for a fraction of a millisecond each; only when it holds does it replace the
 * member's other checkouts (a member holds stock through one checkout at a time, and one who
 * finds the stock gone keeps what they held). A refused hold undoes the session and its count.
 */
export async function reserveCheckout(deps: CheckoutDeps, buyer: Buyer, createdAt: number) {
  const { brandId, userId } = buyer;
  const id = randomUUID();
  const reserved = await deps.db.transaction(async (tx) => {
    await countCheckout(tx, deps.limits, buyer, createdAt);
    const version = await lockCart(tx, brandId, userId);
    if (version === null) throw new ApiError(404, 'user_not_found', 'The user was not found');
    const cart = await readCart(tx, brandId, userId);
    if (cart.lines.length === 0) throw checkoutRefusals.empty();
    const variantIds = cart.lines.map((l) => l.itemVariantId);
    const variants = new Map((await findVariantsWithOffers(tx, brandId, variantIds)).map((r) => [r.variant.id, r]));
    const enriched = await enrichCart(tx, brandId, cart, variants);
    if (enriched.itemList.length === 0) throw checkoutRefusals.empty();
    // An evening with an on-sale time sells from it on, to members the sale queue admitted.
    await requireSaleAdmission(tx, buyer, [...variants.values()].map(({ variant }) => ({ id: variant.id, onSaleAt: variant.onSaleAt })), createdAt);
    // What the member bought (their live checkout, if any, is replaced by this one). The hold checks
    // the cap again, and availability, under the variants' locks (below).
    const bought = await memberBoughtUnits(tx, brandId, userId, variantIds);
    const refused = firstRefusalOf(
      enriched.itemList.map((line) => {
        const { variant, offer } = variants.get(line.itemVariantId)!;
        return { terms: saleTermsOf(variant, offer.active), taken: bought.get(variant.id) ?? 0, quantity: line.quantity, available: Number.POSITIVE_INFINITY };
      }),
      createdAt,
    );
    if (refused) throw checkoutRefusals.sale(refused);
    const { holdMs, holdAgainAt } = await holdTimeFor(tx, buyer, buyer.holdCeilingMinutes, enriched.itemList.map((l) => l.itemVariantId), createdAt, checkoutLifetimeMs);
    const profile = await findUser(tx, brandId, userId);
    const lines: OrderItem[] = enriched.itemList.map(({ offerType: _type, itemVariantCustomFeeBuildRecord: _fees, ...item }) => item);
    const checkout = { brandId, id, userId, expiresAt: new Date(createdAt + holdMs) };
    await insertCheckout(tx, {
      ...checkout,
      status: 'pending',
      amountTotal: enriched.totalPrice,
      currency: enriched.currency,
      lines,
      feeRecord: Object.assign({}, ...enriched.itemList.map((l) => l.itemVariantCustomFeeBuildRecord)),
      taxList: enriched.taxList,
      email: profile!.email,
      language: buyer.language,
      createdAt: new Date(createdAt),
      holdAgainAt: holdAgainAt === null ? null : new Date(holdAgainAt),
    });
    const caps = new Map([...variants.values()].map(({ variant }) => [variant.id, variant.purchaseCap]));
    return { checkout, lines, caps, amountTotal: enriched.totalPrice, currency: enriched.currency, email: profile!.email };
  });
  const { checkout, caps, ...snapshot } = reserved;
  const wanted = snapshot.lines.map((l) => ({ itemVariantId: l.itemVariantId, quantity: l.quantity, purchaseCap: caps.get(l.itemVariantId) ?? null }));
  const hold = await holdCheckoutStock(deps.db, checkout, wanted, createdAt).catch(async (error: unknown) => {
    await undoReservation(deps, buyer, checkout, createdAt);
    throw error;
  });
  if (hold.outcome !== 'held') {
    // A sold-out or capped evening does not use up the member's checkouts; their own racing openings do.
    await undoReservation(deps, buyer, checkout, hold.outcome === 'notPending' ? null : createdAt);
    // 'notPending': the member's other opening, racing this one, replaced it before it held.
    throw hold.outcome === 'notPending' ? checkoutRefusals.notOpen() : checkoutRefusals.sale(hold.outcome);
  }
  if (hold.followUp) await returnPlacesOfReplaced(deps, brandId, hold.replacedIds, createdAt);
  return { id, expiresAt: checkout.expiresAt.getTime(), replacedProviderIds: hold.replacedProviderIds, ...snapshot };
}

/** A reservation whose hold was refused or failed: its pending session goes, and (given when it was counted) it no longer counts against the limits. */
async function undoReservation(deps: CheckoutDeps, buyer: Buyer, checkout: { brandId: string; id: string }, countedAt: number | null) {
  await deleteUnheldCheckout(deps.db, checkout);
  if (countedAt !== null) await uncountCheckout(deps.db, buyer, countedAt);
}

/**
 * The hold replaced the member's other checkouts (their holds are gone): places of the waiting
 * list they held go back to their members while the offer runs, and freed units go to whoever
 * waits, as when a checkout ends unpaid.
 */
async function returnPlacesOfReplaced(deps: CheckoutDeps, brandId: string, replacedIds: readonly string[], at: number) {
  await deps.db.transaction(async (tx) => {
    for (const replacedId of replacedIds) {
      const row = await lockCheckout(tx, brandId, replacedId);
      if (row) await returnPlacesOfCheckout(stepOf(deps, tx, at), brandId, row.id, row.lines.map((l) => l.itemVariantId));
    }
  });
  void deps.mail.dispatch();
}

