import { randomUUID } from 'node:crypto';
import type { OrderItem } from '../../contract/checkout.ts';
import type { Language } from '../../domain/language.ts';
import { firstRefusalOf } from '../../domain/saleRules.ts';
import { ApiError } from '../errors.ts';
import { holdWindowMs } from '../../domain/holdCeiling.ts';
import { readCheckoutFacts } from '../repositories/checkoutFacts.repository.ts';
import { lockCheckout } from '../repositories/checkoutSessions.repository.ts';
import { pricingOf, variantTextsIn } from '../repositories/itemVariants.repository.ts';
import { textIn } from '../language.ts';
import { openCheckoutWithHold } from '../repositories/stock.repository.ts';
import { enrichCartWith } from './cart.ts';
import { checkoutRefusals } from './checkoutRefusals.ts';
import { stepOf, type CheckoutDeps, type Member } from './context.ts';
import { holdTimeFor } from './holdCeiling.ts';
import { checkoutLimits, tooManyCheckouts } from './limits.ts';
import { requireSaleAdmission } from './saleQueue.ts';
import { saleTermsOf } from './saleTerms.ts';
import { returnPlacesOfCheckout } from './stock.ts';

/** Reserving a checkout: the session and its stock hold (docs/checkout.md, "Holds, and why nothing is sold twice"). */

/** How long a session (and its stock hold) lives: Stripe's minimum of 30 minutes, plus a margin for clock differences. */
export const checkoutLifetimeMs = 31 * 60_000;

/** Who opens a checkout: the member, the language of their mails, the address they call from (its limits) and their brand's hold ceiling. */
export type Buyer = Member & { language: Language; clientAddress: string; holdCeilingMinutes?: number };

/**
 * Step 1 of openCheckout, in two statements (docs/checkout.md, "The open in two statements"):
 *  1. one read (`readCheckoutFacts`) of the member, their cart, its variants with their pricing,
 *     what they bought and held; checked here (ended, purchase cap over orders, the sale queue,
 *     the hold ceiling) and made into the session;
 *  2. one call (`openCheckoutWithHold`) that counts the opening against the member's and the
 *     address's limits, writes the 'pending' session and holds its stock: availability and the
 *     cap checked and units held under the variants' row locks, held only while that statement
 *     runs, so members buying one hot variant queue there for a fraction of a millisecond each.
 *     Only when it holds does it replace the member's other checkouts (a member holds stock
 *     through one checkout at a time, and one who finds the stock gone keeps what they held); a
 *     refused hold leaves neither session nor count behind.
 * The session holds what the cart was at the read: an edit racing the opening lands after it.
 */
export async function reserveCheckout(deps: CheckoutDeps, buyer: Buyer, createdAt: number) {
  const { brandId, userId } = buyer;
  const facts = await readCheckoutFacts(deps.db, buyer, createdAt, holdWindowMs);
  if (facts.email === null) throw new ApiError(404, 'user_not_found', 'The user was not found');
  const variants = new Map(facts.variants.map((row) => [row.variant.id, row]));
  const enriched = enrichCartWith(facts.cart, variants, pricingOf(facts.taxRates, facts.fees));
  if (enriched.itemList.length === 0) throw checkoutRefusals.empty();
  // An evening with an on-sale time sells from it on, to members the sale queue admitted.
  const timed = [...variants.values()].map(({ variant }) => ({ id: variant.id, onSaleAt: variant.onSaleAt }));
  if (timed.some((v) => v.onSaleAt !== null)) await deps.db.transaction((tx) => requireSaleAdmission(tx, buyer, timed, createdAt));
  // What the member bought (their live checkout, if any, is replaced by this one). The hold checks
  // the cap again, and availability, under the variants' locks.
  const refused = firstRefusalOf(
    enriched.itemList.map((line) => {
      const { variant, offer } = variants.get(line.itemVariantId)!;
      return { terms: saleTermsOf(variant, offer.active), taken: facts.bought.get(variant.id) ?? 0, quantity: line.quantity, available: Number.POSITIVE_INFINITY };
    }),
    createdAt,
  );
  if (refused) throw checkoutRefusals.sale(refused);
  const variantIds = enriched.itemList.map((l) => l.itemVariantId);
  const { holdMs, holdAgainAt } = holdTimeFor(facts.holdIntervals, buyer.holdCeilingMinutes, variantIds, createdAt, checkoutLifetimeMs);
  const lines: OrderItem[] = enriched.itemList.map(({ offerType: _type, itemVariantCustomFeeBuildRecord: _fees, ...item }) => item);
  const id = randomUUID();
  const expiresAt = createdAt + holdMs;
  const opening = await openCheckoutWithHold(
    deps.db,
    checkoutLimits(deps.limits, buyer),
    {
      brandId,
      id,
      userId,
      amountTotal: enriched.totalPrice,
      currency: enriched.currency,
      lines,
      feeRecord: Object.assign({}, ...enriched.itemList.map((l) => l.itemVariantCustomFeeBuildRecord)),
      taxList: enriched.taxList,
      email: facts.email,
      language: buyer.language,
      expiresAt: new Date(expiresAt),
      createdAt: new Date(createdAt),
      holdAgainAt: holdAgainAt === null ? null : new Date(holdAgainAt),
    },
    lines.map((l) => ({ itemVariantId: l.itemVariantId, quantity: l.quantity, purchaseCap: variants.get(l.itemVariantId)!.variant.purchaseCap })),
  );
  switch (opening.outcome) {
    case 'held':
      break;
    case 'rateLimited':
      throw tooManyCheckouts(opening.answer.retryAfterMs);
    case 'notPending':
      throw checkoutRefusals.notOpen();
    default:
      // A sold-out or capped evening does not use up the member's checkouts.
      throw checkoutRefusals.sale(opening.outcome);
  }
  if (opening.followUp) await returnPlacesOfReplaced(deps, brandId, opening.replacedIds, createdAt);
  // The provider's page names each line in the member's language; the session keeps the English
  // names, which an order falls back to.
  const languages = { language: buyer.language, fallback: buyer.language };
  const providerLineNames = lines.map((line) => {
    const { variant, offer } = variants.get(line.itemVariantId)!;
    return `${textIn(offer.localized?.title, languages, offer.title)}: ${variantTextsIn(variant, languages).title}`;
  });
  return { id, expiresAt, replacedProviderIds: opening.replacedProviderIds, lines, providerLineNames, amountTotal: enriched.totalPrice, currency: enriched.currency, email: facts.email };
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

