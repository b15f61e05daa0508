import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { itemVariants, offers, users, waitingListEntries, type WaitingListStatus } from '../db/schema/index.ts';

export type EntryRow = typeof waitingListEntries.$inferSelect;
/** One member's place on one variant's line. */
export interface EntryKey {
  brandId: string;
  itemVariantId: string;
  userId: string;
}

const keyOf = (entry: EntryKey) =>
  and(eq(waitingListEntries.brandId, entry.brandId), eq(waitingListEntries.itemVariantId, entry.itemVariantId), eq(waitingListEntries.userId, entry.userId));

const ofMember = (member: { brandId: string; userId: string }) =>
  and(eq(waitingListEntries.brandId, member.brandId), eq(waitingListEntries.userId, member.userId));

export async function findEntry(db: Executor, key: EntryKey): Promise<EntryRow | null> {
  const [row] = await db.select().from(waitingListEntries).where(keyOf(key));
  return row ?? null;
}

/** The first `limit` members waiting on a variant, in line order. */
export async function firstWaiting(tx: Executor, brandId: string, itemVariantId: string, limit: number): Promise<EntryRow[]> {
  return tx
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.brandId, brandId), eq(waitingListEntries.itemVariantId, itemVariantId), eq(waitingListEntries.status, 'waiting')))
    .orderBy(asc(waitingListEntries.position))
    .limit(limit);
}

/** How many wait ahead of the entry. */
export async function countAhead(db: Executor, entry: EntryRow): Promise<number> {
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
  return Number(ahead?.count ?? 0);
}

/** Joins the line at the back (a new position), or rejoins with the same row. */
export async function upsertWaitingEntry(
  tx: Executor,
  key: EntryKey,
  fields: { joinedAt: Date; email: string; language: string; appOrigin: string; clientAddress: string | null },
): Promise<EntryRow> {
  const values = {
    status: 'waiting' as WaitingListStatus,
    position: sql`nextval('waiting_list_position_seq')`,
    offeredAt: null,
    offeredUntil: null,
    checkoutSessionId: null,
    ...fields,
  };
  const [entry] = await tx
    .insert(waitingListEntries)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: [waitingListEntries.brandId, waitingListEntries.itemVariantId, waitingListEntries.userId], set: values })
    .returning();
  return entry!;
}

export async function setEntryStatus(tx: Executor, key: EntryKey, status: WaitingListStatus): Promise<void> {
  await tx.update(waitingListEntries).set({ status, checkoutSessionId: null }).where(keyOf(key));
}

export async function markEntryOffered(tx: Executor, key: EntryKey, offeredAt: Date, offeredUntil: Date): Promise<void> {
  await tx.update(waitingListEntries).set({ status: 'offered', offeredAt, offeredUntil, checkoutSessionId: null }).where(keyOf(key));
}

/** An offered place is no longer held by the checkout (its member may pay for it again); false when it was not that checkout's offered place any more. */
export async function detachEntryFromCheckout(tx: Executor, key: EntryKey, checkoutId: string): Promise<boolean> {
  const detached = await tx
    .update(waitingListEntries)
    .set({ checkoutSessionId: null })
    .where(and(keyOf(key), eq(waitingListEntries.status, 'offered'), eq(waitingListEntries.checkoutSessionId, checkoutId)))
    .returning({ userId: waitingListEntries.userId });
  return detached.length > 0;
}

/** The member's places on these variants that are waiting or offered become `bought`; answers them. */
export async function closeMemberPlaces(tx: Executor, member: { brandId: string; userId: string }, variantIds: readonly string[]): Promise<EntryRow[]> {
  if (variantIds.length === 0) return [];
  return tx
    .update(waitingListEntries)
    .set({ status: 'bought', checkoutSessionId: null })
    .where(and(ofMember(member), inArray(waitingListEntries.itemVariantId, [...variantIds]), inArray(waitingListEntries.status, ['waiting', 'offered'])))
    .returning();
}

/** Offered places a checkout took over. */
export async function placesHeldByCheckout(tx: Executor, brandId: string, checkoutId: string): Promise<EntryRow[]> {
  return tx
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.brandId, brandId), eq(waitingListEntries.checkoutSessionId, checkoutId), eq(waitingListEntries.status, 'offered')));
}

/** The member's places that still mean something (waiting, offered, lapsed), with the variant's offer, in list order. */
export async function memberPlaces(db: Executor, member: { brandId: string; userId: string }, offerId?: string) {
  return db
    .select({
      entry: waitingListEntries,
      offerId: offers.id,
      offerType: offers.type,
      offerTitle: offers.title,
      offerTexts: offers.localized,
      variantTitle: itemVariants.title,
      variantTexts: itemVariants.localized,
      dateStart: itemVariants.dateStart,
      city: itemVariants.locationCity,
    })
    .from(waitingListEntries)
    .innerJoin(itemVariants, and(eq(itemVariants.brandId, waitingListEntries.brandId), eq(itemVariants.id, waitingListEntries.itemVariantId)))
    .innerJoin(offers, and(eq(offers.brandId, itemVariants.brandId), eq(offers.id, itemVariants.offerId)))
    .where(
      and(
        ofMember(member),
        inArray(waitingListEntries.status, ['waiting', 'offered', 'expired']),
        ...(offerId === undefined ? [] : [eq(itemVariants.offerId, offerId)]),
      ),
    )
    .orderBy(asc(itemVariants.dateStart), asc(itemVariants.position), asc(itemVariants.id));
}

/** How many live places (waiting or offered) members who joined from this client address hold on the variant. */
export async function countPlacesFromAddress(tx: Executor, brandId: string, itemVariantId: string, clientAddress: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<string>`count(*)` })
    .from(waitingListEntries)
    .where(
      and(
        eq(waitingListEntries.brandId, brandId),
        eq(waitingListEntries.itemVariantId, itemVariantId),
        eq(waitingListEntries.clientAddress, clientAddress),
        inArray(waitingListEntries.status, ['waiting', 'offered']),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Offers past their end that no checkout holds (the sweep expires them). */
export async function lapsedOffers(db: Executor, now: number, limit: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.status, 'offered'), isNull(waitingListEntries.checkoutSessionId), lte(waitingListEntries.offeredUntil, new Date(now))))
    .orderBy(asc(waitingListEntries.offeredUntil))
    .limit(limit);
}

/** Expires the entry if it is still a lapsed offer no checkout holds; answers whether it did. */
export async function expireLapsedOffer(tx: Executor, key: EntryKey, now: number): Promise<boolean> {
  const done = await tx
    .update(waitingListEntries)
    .set({ status: 'expired' })
    .where(
      and(keyOf(key), eq(waitingListEntries.status, 'offered'), isNull(waitingListEntries.checkoutSessionId), lte(waitingListEntries.offeredUntil, new Date(now))),
    )
    .returning({ userId: waitingListEntries.userId });
  return done.length > 0;
}

/** Variants with members waiting. */
export async function linesWithWaiting(db: Executor, limit: number): Promise<{ brandId: string; itemVariantId: string }[]> {
  return db
    .select({ brandId: waitingListEntries.brandId, itemVariantId: waitingListEntries.itemVariantId })
    .from(waitingListEntries)
    .where(eq(waitingListEntries.status, 'waiting'))
    .groupBy(waitingListEntries.brandId, waitingListEntries.itemVariantId)
    .limit(limit);
}

/** What the offer mail of a place says, with the member's address now (they may have changed it since joining). */
export async function offeredPlaceMailFacts(db: Executor, key: EntryKey) {
  const [row] = await db
    .select({
      entry: waitingListEntries,
      email: users.email,
      variantTitle: itemVariants.title,
      variantTexts: itemVariants.localized,
      dateStart: itemVariants.dateStart,
      offerId: offers.id,
      offerTitle: offers.title,
      offerTexts: offers.localized,
      offerType: offers.type,
    })
    .from(waitingListEntries)
    .innerJoin(itemVariants, and(eq(itemVariants.brandId, waitingListEntries.brandId), eq(itemVariants.id, waitingListEntries.itemVariantId)))
    .innerJoin(offers, and(eq(offers.brandId, itemVariants.brandId), eq(offers.id, itemVariants.offerId)))
    .leftJoin(users, and(eq(users.brandId, waitingListEntries.brandId), eq(users.id, waitingListEntries.userId)))
    .where(keyOf(key));
  return row ?? null;
}
