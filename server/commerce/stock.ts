import type { Executor } from '../db/database.ts';
import { localityOf } from '../../domain/format.ts';
import type { ItemVariantRow } from '../repositories/itemVariants.repository.ts';
import { findBrandById } from '../repositories/brands.repository.ts';
import {
  anyoneWaiting,
  deleteCheckoutHolds,
  deleteOfferedPlaceHold,
  insertOfferedPlaceHold,
  lockVariants,
  noStockUse,
  type StockUseByVariant,
} from '../repositories/stock.repository.ts';
import { loadStockUse } from '../repositories/stock.repository.ts';
import { findVariantRows } from '../repositories/itemVariants.repository.ts';
import {
  closeMemberPlaces,
  detachEntryFromCheckout,
  firstWaiting,
  markEntryOffered,
  offeredPlaceMailFacts,
  placesHeldByCheckout,
  setEntryStatus,
  type EntryKey,
} from '../repositories/waitingList.repository.ts';
import { waitingListOfferMail } from '../mail/waitingListMail.ts';
import type { Member, Step } from './context.ts';
import { textIn } from '../language.ts';
import { mailTextLanguages, memberMailLanguage } from './mailFacts.ts';

/**
 * Stock: who holds which units of a variant (docs/checkout.md, docs/waiting-list.md). Available
 * = stock − sold − live checkout holds − units offered to the waiting list, computed from rows
 * (never a counter that can drift), always under the variants' row locks (`lockVariants`).
 */
export { lockVariants, loadStockUse, type StockUseByVariant };

/** Units not sold and not held by anyone: what the waiting list is offered first. Never below 0. */
export const freeUnitsOf = (row: Pick<ItemVariantRow, 'id' | 'stock'>, use: StockUseByVariant): number => {
  const taken = use.get(row.id) ?? noStockUse;
  return Math.max(0, row.stock - taken.sold - taken.held - taken.waitingListHeld);
};

/**
 * How many of a variant the member the use was loaded for can buy: the free units beyond one per
 * member waiting in line (nobody jumps the queue), plus any place the waiting list offered them.
 */
export const availabilityOf = (row: Pick<ItemVariantRow, 'id' | 'stock'>, use: StockUseByVariant): number => {
  const taken = use.get(row.id) ?? noStockUse;
  return Math.max(0, freeUnitsOf(row, use) - taken.queued) + taken.ownWaitingListHeld;
};

/** Hold hours of an offered place when the brand sets none. */
export const defaultHoldHours = 2;
/** An offered place lasts at least this long, so a member has time to pay. */
export const minimumOfferMs = 15 * 60_000;

/**
 * How long a freed unit is kept for the member it is offered to: the brand's hold hours, but
 * never more than a quarter of the time left before the evening starts (an evening tomorrow is
 * not held for 12 hours), and at least `minimumOfferMs`.
 */
export function offeredPlaceLifetimeMs(holdHours: number, eventStart: number | null, now: number): number {
  const share = eventStart === null ? Number.POSITIVE_INFINITY : (eventStart - now) / 4;
  return Math.max(minimumOfferMs, Math.min(holdHours * 3_600_000, share));
}

/** The checkout's holds go (it was paid: its units are order lines now; or it ended). */
export const releaseCheckoutHolds = (tx: Executor, checkout: { brandId: string; id: string }) => deleteCheckoutHolds(tx, checkout);

/** A place just offered to a member of the waiting list. */
export interface OfferedPlace extends EntryKey {
  offeredUntil: number;
}

/**
 * Offers the free units of the variants to the first members waiting, one unit each, with a
 * `waiting_list` hold and the offer mail queued in the same transaction. Call it after whatever
 * freed the units; when anyone waits it takes the variants' row locks (again, harmlessly, if the
 * caller holds them).
 */
export async function offerFreedUnits(step: Step, brandId: string, variantIds: readonly string[]): Promise<OfferedPlace[]> {
  const ids = [...new Set(variantIds)].sort();
  const { tx, at } = step;
  // Most ends free units nobody waits for: then no variant lock is taken (a hot variant's lock
  // is what every checkout of it queues for). Whoever joins after this look finds the units free.
  if (!(await anyoneWaiting(tx, brandId, ids))) return [];
  await lockVariants(tx, brandId, ids);
  const rows = await findVariantRows(tx, brandId, ids);
  const use = await loadStockUse(tx, brandId, ids, at);
  let brand: Awaited<ReturnType<typeof findBrandById>> | undefined;
  const offered: OfferedPlace[] = [];
  for (const variant of rows) {
    const free = freeUnitsOf(variant, use);
    if (free === 0) continue;
    const next = await firstWaiting(tx, brandId, variant.id, free);
    if (next.length === 0) continue;
    brand ??= await findBrandById(tx, brandId);
    const holdHours = brand?.settings.waitingListHoldHours ?? defaultHoldHours;
    const offeredUntil = new Date(at + offeredPlaceLifetimeMs(holdHours, variant.dateStart?.getTime() ?? null, at));
    for (const entry of next) {
      await markEntryOffered(tx, entry, new Date(at), offeredUntil);
      await insertOfferedPlaceHold(tx, entry, offeredUntil);
      const place = { brandId, itemVariantId: variant.id, userId: entry.userId, offeredUntil: offeredUntil.getTime() };
      await queueOfferMail(step, place, brand?.name ?? brandId, localityOf(brand?.settings ?? {}));
      offered.push(place);
    }
  }
  return offered;
}

async function queueOfferMail(step: Step, place: OfferedPlace, brandName: string, locality: ReturnType<typeof localityOf>) {
  const facts = await offeredPlaceMailFacts(step.tx, place);
  if (!facts) return;
  const language = await memberMailLanguage(step.tx, place.brandId, place.userId, facts.entry.language);
  const names = mailTextLanguages(language);
  const mail = waitingListOfferMail(
    {
      brandName,
      offerTitle: textIn(facts.offerTexts.title, names, facts.offerTitle),
      variantTitle: textIn(facts.variantTexts.title, names, facts.variantTitle),
      eventStart: facts.dateStart?.getTime() ?? null,
      offeredUntil: place.offeredUntil,
      link: `${facts.entry.appOrigin}/${facts.offerType}/${encodeURIComponent(facts.offerId)}`,
    },
    language,
    locality,
  );
  await step.mail.queue(step.tx, { brandId: place.brandId, to: facts.email ?? facts.entry.email, ...mail }, `waiting-list-offer:${place.brandId}:${place.itemVariantId}:${place.userId}:${place.offeredUntil}`);
}

/** An order was made: the member's places on its variants are done (any unused offered unit goes to the next in line). */
export async function closePlacesOfOrder(step: Step, member: Member, variantIds: readonly string[]): Promise<OfferedPlace[]> {
  const closed = await closeMemberPlaces(step.tx, member, variantIds);
  for (const entry of closed) await deleteOfferedPlaceHold(step.tx, entry);
  return offerFreedUnits(step, member.brandId, closed.map((e) => e.itemVariantId));
}

/**
 * A checkout ended unpaid (expired, replaced, failed): places it took go back to their members
 * while their offer still runs, else they expire; then the freed units are offered in order.
 */
export async function returnPlacesOfCheckout(step: Step, brandId: string, checkoutId: string, variantIds: readonly string[]): Promise<OfferedPlace[]> {
  const places = await placesHeldByCheckout(step.tx, brandId, checkoutId);
  // Variants before places, as the waiting list's own steps take them (no two wait in a circle).
  if (places.length > 0) await lockVariants(step.tx, brandId, places.map((p) => p.itemVariantId));
  for (const entry of places) {
    if (entry.offeredUntil !== null && entry.offeredUntil.getTime() > step.at) {
      // Only while it is still this checkout's offered place (not left or bought meanwhile).
      if (await detachEntryFromCheckout(step.tx, entry, checkoutId)) await insertOfferedPlaceHold(step.tx, entry, entry.offeredUntil);
    } else {
      await setEntryStatus(step.tx, entry, 'expired');
    }
  }
  return offerFreedUnits(step, brandId, variantIds);
}

/** A member leaves a line: their place and any unit held for them go (the caller offers the unit on). */
export async function dropPlace(tx: Executor, entry: EntryKey, status: 'left' | 'expired'): Promise<void> {
  await setEntryStatus(tx, entry, status);
  await deleteOfferedPlaceHold(tx, entry);
}
