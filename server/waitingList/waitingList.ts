import { and, asc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.ts';
import { brands, itemVariants, offers, stockHolds, users, waitingListEntries, type WaitingListStatus } from '../db/schema/index.ts';
import { ApiError, notFound } from '../errors.ts';
import type { MailSender } from '../mail/mail.ts';
import { waitingListOfferMail } from '../mail/waitingListMail.ts';
import type { MailLanguage } from '../mail/orderMail.ts';
import { availabilityOf, freeUnitsOf, loadStockUse } from '../repositories/itemVariants.repository.ts';
import { lockVariants } from '../repositories/checkout.repository.ts';
import type { WaitingListPlace } from '../../contract/waitingList.ts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The fair waiting list of sold-out variants (spec 5, docs/waiting-list.md). Members line up in
 * `position` order. Whenever units become free (a checkout expires, an offered place lapses or
 * is given up) they are offered, one unit each, to the first members waiting, under the variant's
 * row lock: a `waiting_list` stock hold keeps the unit for that member until the offer lapses
 * (the brand's `waitingListHoldHours`, 12 by default) and a mail tells them. While anyone waits,
 * free units are not on public sale (`availabilityOf` leaves one per member waiting), so nobody
 * jumps the queue between a unit freeing up and its offer.
 */

export interface WaitingListDeps {
  db: Database;
  mail: MailSender;
  now: () => number;
  log: FastifyBaseLogger;
  brandName: (brandId: string) => Promise<string>;
}

export const defaultHoldHours = 12;

/** A place just offered, for its mail (sent once the transaction committed). */
export interface OfferedPlace {
  brandId: string;
  itemVariantId: string;
  userId: string;
  offeredUntil: number;
}

type EntryRow = typeof waitingListEntries.$inferSelect;

export const waitingListRefusals = {
  notSoldOut: () => new ApiError(409, 'waiting_list/not_sold_out', 'The item is not sold out; buy it instead'),
  variantNotFound: () => notFound('waiting_list/item_not_found', 'There is no such item'),
  ended: () => new ApiError(409, 'checkout/offer-ended', 'The offer is no longer relevant'),
};

async function holdHoursOf(tx: Executor, brandId: string): Promise<number> {
  const [row] = await tx.select({ settings: brands.settings }).from(brands).where(eq(brands.id, brandId));
  const hours = row?.settings.waitingListHoldHours;
  return typeof hours === 'number' && hours > 0 ? hours : defaultHoldHours;
}

/**
 * Offers the free units of the variants to the first members waiting, one unit each. Call it
 * inside a transaction after whatever freed the units; it takes the variants' row locks (again,
 * harmlessly, if the caller holds them).
 */
export async function offerFreedUnits(tx: Executor, brandId: string, variantIds: readonly string[], now: number): Promise<OfferedPlace[]> {
  const ids = [...new Set(variantIds)].sort();
  if (ids.length === 0) return [];
  await lockVariants(tx, brandId, ids);
  const rows = await tx.select().from(itemVariants).where(and(eq(itemVariants.brandId, brandId), inArray(itemVariants.id, ids)));
  const use = await loadStockUse(tx, brandId, ids, now);
  let holdMs: number | null = null;
  const offered: OfferedPlace[] = [];
  for (const variant of rows) {
    const free = freeUnitsOf(variant, use);
    if (free === 0) continue;
    const next = await tx
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.brandId, brandId), eq(waitingListEntries.itemVariantId, variant.id), eq(waitingListEntries.status, 'waiting')))
      .orderBy(asc(waitingListEntries.position))
      .limit(free);
    if (next.length === 0) continue;
    holdMs ??= (await holdHoursOf(tx, brandId)) * 3_600_000;
    const offeredUntil = new Date(now + holdMs);
    for (const entry of next) {
      await tx
        .update(waitingListEntries)
        .set({ status: 'offered', offeredAt: new Date(now), offeredUntil, checkoutSessionId: null })
        .where(entryKey(entry));
      await tx.insert(stockHolds).values({ brandId, itemVariantId: variant.id, kind: 'waiting_list', userId: entry.userId, quantity: 1, expiresAt: offeredUntil });
      offered.push({ brandId, itemVariantId: variant.id, userId: entry.userId, offeredUntil: offeredUntil.getTime() });
    }
  }
  return offered;
}

const entryKey = (entry: Pick<EntryRow, 'brandId' | 'itemVariantId' | 'userId'>) =>
  and(eq(waitingListEntries.brandId, entry.brandId), eq(waitingListEntries.itemVariantId, entry.itemVariantId), eq(waitingListEntries.userId, entry.userId));

const dropOwnHold = (tx: Executor, entry: Pick<EntryRow, 'brandId' | 'itemVariantId' | 'userId'>) =>
  tx
    .delete(stockHolds)
    .where(
      and(
        eq(stockHolds.brandId, entry.brandId),
        eq(stockHolds.itemVariantId, entry.itemVariantId),
        eq(stockHolds.userId, entry.userId),
        eq(stockHolds.kind, 'waiting_list'),
      ),
    );

/**
 * A checkout that uses places offered to its member (called as it is opened, under the variant
 * locks): the offer's hold gives way to the checkout's own, and the place remembers the checkout
 * so an unpaid checkout gives it back.
 */
export async function takeOfferedPlaces(tx: Executor, member: { brandId: string; userId: string }, variantIds: readonly string[], checkoutId: string, now: number) {
  const taken = await tx
    .update(waitingListEntries)
    .set({ checkoutSessionId: checkoutId })
    .where(
      and(
        eq(waitingListEntries.brandId, member.brandId),
        eq(waitingListEntries.userId, member.userId),
        inArray(waitingListEntries.itemVariantId, [...variantIds]),
        eq(waitingListEntries.status, 'offered'),
        gt(waitingListEntries.offeredUntil, new Date(now)),
      ),
    )
    .returning();
  for (const entry of taken) await dropOwnHold(tx, entry);
}

/** An order was made: the member's places on its variants are done (any unused offered unit goes to the next in line). */
export async function closePlacesOfOrder(tx: Executor, member: { brandId: string; userId: string }, variantIds: readonly string[], now: number) {
  const closed = await tx
    .update(waitingListEntries)
    .set({ status: 'bought', checkoutSessionId: null })
    .where(
      and(
        eq(waitingListEntries.brandId, member.brandId),
        eq(waitingListEntries.userId, member.userId),
        inArray(waitingListEntries.itemVariantId, [...variantIds]),
        inArray(waitingListEntries.status, ['waiting', 'offered']),
      ),
    )
    .returning();
  for (const entry of closed) await dropOwnHold(tx, entry);
  return offerFreedUnits(tx, member.brandId, closed.map((e) => e.itemVariantId), now);
}

/**
 * A checkout ended unpaid (expired, cancelled, failed): places it took go back to their members
 * while their offer still runs, else they expire; then the freed units are offered in order.
 */
export async function returnPlacesOfCheckout(tx: Executor, brandId: string, checkoutId: string, variantIds: readonly string[], now: number): Promise<OfferedPlace[]> {
  const places = await tx
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.brandId, brandId), eq(waitingListEntries.checkoutSessionId, checkoutId), eq(waitingListEntries.status, 'offered')));
  for (const entry of places) {
    if (entry.offeredUntil !== null && entry.offeredUntil.getTime() > now) {
      await tx.update(waitingListEntries).set({ checkoutSessionId: null }).where(entryKey(entry));
      await tx.insert(stockHolds).values({ brandId, itemVariantId: entry.itemVariantId, kind: 'waiting_list', userId: entry.userId, quantity: 1, expiresAt: entry.offeredUntil });
    } else {
      await tx.update(waitingListEntries).set({ status: 'expired', checkoutSessionId: null }).where(entryKey(entry));
    }
  }
  return offerFreedUnits(tx, brandId, variantIds, now);
}

/** Mails each member their offered place; a failed mail is logged, the place stays offered. */
export async function mailOfferedPlaces(deps: WaitingListDeps, offered: readonly OfferedPlace[]): Promise<void> {
  for (const place of offered) {
    try {
      const [row] = await deps.db
        .select({
          entry: waitingListEntries,
          // The member's address now (they may have changed it since joining).
          email: users.email,
          variantTitle: itemVariants.title,
          dateStart: itemVariants.dateStart,
          offerId: offers.id,
          offerTitle: offers.title,
          offerType: offers.type,
        })
        .from(waitingListEntries)
        .innerJoin(itemVariants, and(eq(itemVariants.brandId, waitingListEntries.brandId), eq(itemVariants.id, waitingListEntries.itemVariantId)))
        .innerJoin(offers, and(eq(offers.brandId, itemVariants.brandId), eq(offers.id, itemVariants.offerId)))
        .leftJoin(users, and(eq(users.brandId, waitingListEntries.brandId), eq(users.id, waitingListEntries.userId)))
        .where(entryKey(place));
      if (!row) continue;
      const brandName = await deps.brandName(place.brandId);
      await deps.mail.send({
        brandId: place.brandId,
        to: row.email ?? row.entry.email,
        ...waitingListOfferMail(
          {
            brandName,
            offerTitle: row.offerTitle,
            variantTitle: row.variantTitle,
            eventStart: row.dateStart?.getTime() ?? null,
            offeredUntil: place.offeredUntil,
            link: `${row.entry.appOrigin}/${row.offerType}/${encodeURIComponent(row.offerId)}`,
          },
          row.entry.language as MailLanguage,
        ),
      });
    } catch (error) {
      deps.log.error({ itemVariantId: place.itemVariantId, err: error instanceof Error ? error.message : 'unknown' }, 'waiting list offer mail not sent');
    }
  }
}

/** The member's place as the API shows it; `place` counts from 1 among those still waiting. */
async function placeOf(db: Executor, entry: EntryRow | null, itemVariantId: string): Promise<WaitingListPlace> {
  if (!entry || entry.status === 'left' || entry.status === 'bought') return { itemVariantId, status: 'notWaiting', place: null, offeredUntil: null };
  if (entry.status === 'waiting') {
    const [ahead] = await db
      .select({ count: sql<string>`count(*)` })
      .from(waitingListEntries)
      .where(
        and(
          eq(waitingListEntries.brandId, entry.brandId),
          eq(waitingListEntries.itemVariantId, entry.itemVariantId),
          eq(waitingListEntries.status, 'waiting'),
          lt(waitingListEntries.position, entry.position),
        ),
      );
    return { itemVariantId, status: 'waiting', place: Number(ahead?.count ?? 0) + 1, offeredUntil: null };
  }
  return { itemVariantId, status: entry.status, place: null, offeredUntil: entry.offeredUntil?.getTime() ?? null };
}

async function findEntry(db: Executor, member: { brandId: string; userId: string }, itemVariantId: string): Promise<EntryRow | null> {
  const [row] = await db.select().from(waitingListEntries).where(entryKey({ ...member, itemVariantId }));
  return row ?? null;
}

/** The member's places on the offer's variants (those they are in line for, were offered, or saw lapse). */
export async function placesOnOffer(db: Executor, member: { brandId: string; userId: string }, offerId: string): Promise<WaitingListPlace[]> {
  const rows = await db
    .select({ entry: waitingListEntries })
    .from(waitingListEntries)
    .innerJoin(itemVariants, and(eq(itemVariants.brandId, waitingListEntries.brandId), eq(itemVariants.id, waitingListEntries.itemVariantId)))
    .where(
      and(
        eq(waitingListEntries.brandId, member.brandId),
        eq(waitingListEntries.userId, member.userId),
        eq(itemVariants.offerId, offerId),
        inArray(waitingListEntries.status, ['waiting', 'offered', 'expired']),
      ),
    )
    .orderBy(asc(itemVariants.position), asc(itemVariants.id));
  return Promise.all(rows.map(({ entry }) => placeOf(db, entry, entry.itemVariantId)));
}

/**
 * Joins the variant's line (under its row lock, so the sold-out check and the place are one
 * step): only a sold-out, still running variant has a line; a member already in line or offered
 * a place keeps it (joining twice changes nothing).
 */
export async function joinWaitingList(
  db: Database,
  member: { brandId: string; userId: string; language: MailLanguage; appOrigin: string },
  itemVariantId: string,
  now: number,
): Promise<WaitingListPlace> {
  const { brandId, userId } = member;
  return db.transaction(async (tx) => {
    await lockVariants(tx, brandId, [itemVariantId]);
    const [found] = await tx
      .select({ variant: itemVariants, active: offers.active })
      .from(itemVariants)
      .innerJoin(offers, and(eq(offers.brandId, itemVariants.brandId), eq(offers.id, itemVariants.offerId)))
      .where(and(eq(itemVariants.brandId, brandId), eq(itemVariants.id, itemVariantId)));
    if (!found) throw waitingListRefusals.variantNotFound();
    const current = await findEntry(tx, member, itemVariantId);
    if (current?.status === 'waiting' || current?.status === 'offered') return placeOf(tx, current, itemVariantId);
    if (!found.active || (found.variant.dateEnd !== null && found.variant.dateEnd.getTime() <= now)) throw waitingListRefusals.ended();
    const use = await loadStockUse(tx, brandId, [itemVariantId], now, userId);
    if (availabilityOf(found.variant, use) > 0) throw waitingListRefusals.notSoldOut();
    const [profile] = await tx.select({ email: users.email }).from(users).where(and(eq(users.brandId, brandId), eq(users.id, userId)));
    if (!profile) throw new ApiError(404, 'user_not_found', 'The user was not found');
    const fields = {
      status: 'waiting' as WaitingListStatus,
      position: sql`nextval('waiting_list_position_seq')`,
      joinedAt: new Date(now),
      offeredAt: null,
      offeredUntil: null,
      checkoutSessionId: null,
      email: profile.email,
      language: member.language,
      appOrigin: member.appOrigin,
    };
    const [entry] = await tx
      .insert(waitingListEntries)
      .values({ brandId, itemVariantId, userId, ...fields })
      .onConflictDoUpdate({ target: [waitingListEntries.brandId, waitingListEntries.itemVariantId, waitingListEntries.userId], set: fields })
      .returning();
    return placeOf(tx, entry!, itemVariantId);
  });
}

/** Leaves the line; a place offered and not being paid goes to the next member at once. */
export async function leaveWaitingList(deps: WaitingListDeps, member: { brandId: string; userId: string }, itemVariantId: string): Promise<WaitingListPlace> {
  const now = deps.now();
  const { offered, place } = await deps.db.transaction(async (tx) => {
    await lockVariants(tx, member.brandId, [itemVariantId]);
    const entry = await findEntry(tx, member, itemVariantId);
    if (!entry || (entry.status !== 'waiting' && entry.status !== 'offered' && entry.status !== 'expired')) {
      return { offered: [], place: await placeOf(tx, null, itemVariantId) };
    }
    await tx.update(waitingListEntries).set({ status: 'left', checkoutSessionId: null }).where(entryKey(entry));
    await dropOwnHold(tx, entry);
    return { offered: await offerFreedUnits(tx, member.brandId, [itemVariantId], now), place: await placeOf(tx, null, itemVariantId) };
  });
  await mailOfferedPlaces(deps, offered);
  return place;
}

/** A deleted account leaves every line it stood in; places held for it go to the next members at once. */
export async function leaveAllWaitingLists(deps: WaitingListDeps, member: { brandId: string; userId: string }): Promise<void> {
  const entries = await deps.db
    .select({ itemVariantId: waitingListEntries.itemVariantId })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.brandId, member.brandId),
        eq(waitingListEntries.userId, member.userId),
        inArray(waitingListEntries.status, ['waiting', 'offered', 'expired']),
      ),
    );
  for (const { itemVariantId } of entries) await leaveWaitingList(deps, member, itemVariantId);
}

/**
 * Offers that lapsed unused expire and pass on; units freed without an event (a checkout hold
 * that lapsed before the checkout sweep settled it) are offered to whoever waits. Bounded per run.
 */
export async function sweepWaitingLists(deps: WaitingListDeps, limit = 100): Promise<{ expired: number; offered: number }> {
  const now = deps.now();
  const lapsed = await deps.db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.status, 'offered'), isNull(waitingListEntries.checkoutSessionId), lte(waitingListEntries.offeredUntil, new Date(now))))
    .orderBy(asc(waitingListEntries.offeredUntil))
    .limit(limit);
  const lines = await deps.db
    .selectDistinct({ brandId: waitingListEntries.brandId, itemVariantId: waitingListEntries.itemVariantId })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.status, 'waiting'))
    .limit(limit);
  let expired = 0;
  const offered: OfferedPlace[] = [];
  const underLock = async (line: { brandId: string; itemVariantId: string }, before: (tx: Executor) => Promise<void>) => {
    offered.push(
      ...(await deps.db.transaction(async (tx) => {
        await lockVariants(tx, line.brandId, [line.itemVariantId]);
        await before(tx);
        return offerFreedUnits(tx, line.brandId, [line.itemVariantId], now);
      })),
    );
  };
  for (const entry of lapsed) {
    await underLock(entry, async (tx) => {
      const done = await tx
        .update(waitingListEntries)
        .set({ status: 'expired' })
        .where(and(entryKey(entry), eq(waitingListEntries.status, 'offered'), isNull(waitingListEntries.checkoutSessionId), lte(waitingListEntries.offeredUntil, new Date(now))))
        .returning();
      if (done.length === 0) return;
      expired++;
      await dropOwnHold(tx, entry);
    });
  }
  for (const line of lines) await underLock(line, async () => undefined);
  await mailOfferedPlaces(deps, offered);
  return { expired, offered: offered.length };
}
