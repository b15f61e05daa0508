import { and, asc, eq, gte, lte, min, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import {
  brandRoles,
  checkInDoubleEntries,
  checkIns,
  itemVariants,
  offers,
  orderLines,
  orders,
  tickets,
  ticketSigningKeys,
  users,
  type CheckInMode,
  type OfferTranslations,
  type OrderStatus,
  type VariantTranslations,
} from '../db/schema/index.ts';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const dateOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** A ticketed offer as the door sees it: its texts in every language, its first evening's start. */
export interface EveningRow {
  offerId: string;
  title: string;
  localized: OfferTranslations;
  startsAt: Date;
}

const ticketed = eq(offers.itemVariantType, 'ticket');

/** The brand's ticketed offers with an evening starting between `from` and `to`, the earliest first; `startsAt` is the first such evening. */
export async function eveningsBetween(db: Executor, brandId: string, from: Date, to: Date): Promise<EveningRow[]> {
  const startsAt = min(itemVariants.dateStart);
  const rows = await db
    .select({ offerId: offers.id, title: offers.title, localized: offers.localized, startsAt })
    .from(offers)
    .innerJoin(itemVariants, and(eq(itemVariants.brandId, offers.brandId), eq(itemVariants.offerId, offers.id)))
    .where(and(eq(offers.brandId, brandId), ticketed, gte(itemVariants.dateStart, from), lte(itemVariants.dateStart, to)))
    .groupBy(offers.brandId, offers.id)
    .orderBy(asc(startsAt), asc(offers.id));
  return rows.flatMap((r) => (r.startsAt ? [{ ...r, startsAt: dateOf(r.startsAt) }] : []));
}

/** One of the brand's ticketed offers (its first evening's start), or null when it is none. */
export async function findEvening(db: Executor, brandId: string, offerId: string): Promise<EveningRow | null> {
  const startsAt = min(itemVariants.dateStart);
  const [row] = await db
    .select({ offerId: offers.id, title: offers.title, localized: offers.localized, startsAt })
    .from(offers)
    .innerJoin(itemVariants, and(eq(itemVariants.brandId, offers.brandId), eq(itemVariants.offerId, offers.id)))
    .where(and(eq(offers.brandId, brandId), eq(offers.id, offerId), ticketed))
    .groupBy(offers.brandId, offers.id);
  return row?.startsAt ? { ...row, startsAt: dateOf(row.startsAt) } : null;
}

/** The ticketed offers with this id, of whichever brand (an operator names an evening by its offer id). */
export async function eveningsWithId(db: Executor, offerId: string): Promise<(EveningRow & { brandId: string })[]> {
  const startsAt = min(itemVariants.dateStart);
  const rows = await db
    .select({ brandId: offers.brandId, offerId: offers.id, title: offers.title, localized: offers.localized, startsAt })
    .from(offers)
    .innerJoin(itemVariants, and(eq(itemVariants.brandId, offers.brandId), eq(itemVariants.offerId, offers.id)))
    .where(and(eq(offers.id, offerId), ticketed))
    .groupBy(offers.brandId, offers.id)
    .orderBy(asc(offers.brandId));
  return rows.flatMap((r) => (r.startsAt ? [{ ...r, startsAt: dateOf(r.startsAt) }] : []));
}

export interface EveningCounts {
  admitted: number;
  sold: number;
}

const soldOf = (brandId: string, offerId: string) => sql`(
  SELECT count(*) FROM ${tickets} t JOIN ${orders} o ON o.brand_id = t.brand_id AND o.id = t.order_id
  WHERE t.brand_id = ${brandId} AND t.offer_id = ${offerId} AND o.status = 'paid')::int`;
const admittedOf = (brandId: string, offerId: string) => sql`(SELECT count(*) FROM ${checkIns} c WHERE c.brand_id = ${brandId} AND c.offer_id = ${offerId})::int`;

/** Tickets sold (in paid orders) and admitted, per offer. */
export async function eveningCounts(db: Executor, brandId: string, offerIds: readonly string[]): Promise<Map<string, EveningCounts>> {
  const counts = new Map<string, EveningCounts>();
  for (const offerId of offerIds) {
    const [row] = rowsOf(await db.execute(sql`SELECT ${soldOf(brandId, offerId)} AS sold, ${admittedOf(brandId, offerId)} AS admitted`));
    counts.set(offerId, { sold: Number(row?.sold ?? 0), admitted: Number(row?.admitted ?? 0) });
  }
  return counts;
}

/** What the door shows of a ticket: whose it is, what it is for, and whether its order still stands. */
export interface DoorTicketRow {
  ticketId: string;
  offerId: string;
  orderStatus: OrderStatus;
  firstName: string | null;
  lastName: string | null;
  variantTitle: string | null;
  variantLocalized: VariantTranslations | null;
  eveningTitle: string;
  eveningLocalized: OfferTranslations;
  startsAt: Date | null;
}

function ticketQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({
      ticketId: tickets.id,
      offerId: tickets.offerId,
      orderStatus: orders.status,
      firstName: users.firstName,
      lastName: users.lastName,
      variantTitle: itemVariants.title,
      variantLocalized: itemVariants.localized,
      lineItem: orderLines.item,
      lineLocalized: orderLines.localized,
      eveningTitle: offers.title,
      eveningLocalized: offers.localized,
      startsAt: itemVariants.dateStart,
    })
    .from(tickets)
    .innerJoin(orders, and(eq(orders.brandId, tickets.brandId), eq(orders.id, tickets.orderId)))
    .innerJoin(offers, and(eq(offers.brandId, tickets.brandId), eq(offers.id, tickets.offerId)))
    .leftJoin(orderLines, and(eq(orderLines.brandId, tickets.brandId), eq(orderLines.orderId, tickets.orderId), eq(orderLines.lineNo, tickets.lineNo)))
    .leftJoin(itemVariants, and(eq(itemVariants.brandId, tickets.brandId), eq(itemVariants.id, tickets.itemVariantId)))
    .leftJoin(users, and(eq(users.brandId, orders.brandId), eq(users.id, orders.userId)))
    .where(where)
    .orderBy(asc(tickets.id))
    .then((rows) =>
      rows.map(({ lineItem, lineLocalized, ...r }): DoorTicketRow => ({
        ...r,
        // The order keeps the names it was sold under; the variant's own are the fallback.
        variantTitle: lineItem?.itemVariant.title ?? r.variantTitle,
        variantLocalized: lineLocalized?.variantTitle ? { title: lineLocalized.variantTitle } : r.variantLocalized,
        startsAt: r.startsAt ? dateOf(r.startsAt) : null,
      })),
    );
}

export async function findDoorTicket(db: Executor, brandId: string, ticketId: string): Promise<DoorTicketRow | null> {
  const [row] = await ticketQuery(db, and(eq(tickets.brandId, brandId), eq(tickets.id, ticketId)));
  return row ?? null;
}

/** Every ticket of the offer, whatever its order's status. */
export async function ticketsOfEvening(db: Executor, brandId: string, offerId: string): Promise<DoorTicketRow[]> {
  return ticketQuery(db, and(eq(tickets.brandId, brandId), eq(tickets.offerId, offerId)));
}

export interface CheckInRow {
  ticketId: string;
  door: string;
  at: Date;
}

export interface NewCheckIn {
  brandId: string;
  ticketId: string;
  offerId: string;
  door: string;
  at: Date;
  byUserId: string;
  mode: CheckInMode;
}

/**
 * Records the ticket's check-in unless it has one, in one statement: of two doors at once exactly
 * one inserts (the key is the ticket). Answers whether this call recorded it, and the evening's
 * count of admitted tickets with it.
 */
export async function recordCheckIn(db: Executor, row: NewCheckIn): Promise<{ recorded: boolean; admitted: number }> {
  const result = await db.execute(sql`
    WITH recorded AS (
      INSERT INTO ${checkIns} (brand_id, ticket_id, offer_id, door, at, by_user_id, mode)
      VALUES (${row.brandId}, ${row.ticketId}, ${row.offerId}, ${row.door}, ${row.at.toISOString()}::timestamptz, ${row.byUserId}, ${row.mode})
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM recorded)::int AS recorded, ${admittedOf(row.brandId, row.offerId)} + (SELECT count(*) FROM recorded)::int AS admitted`);
  const [answer] = rowsOf(result);
  return { recorded: Number(answer?.recorded) === 1, admitted: Number(answer?.admitted ?? 0) };
}

export async function findCheckIn(db: Executor, brandId: string, ticketId: string): Promise<CheckInRow | null> {
  const [row] = await db
    .select({ ticketId: checkIns.ticketId, door: checkIns.door, at: checkIns.at })
    .from(checkIns)
    .where(and(eq(checkIns.brandId, brandId), eq(checkIns.ticketId, ticketId)));
  return row ?? null;
}

export async function checkInsOfEvening(db: Executor, brandId: string, offerId: string): Promise<CheckInRow[]> {
  return db
    .select({ ticketId: checkIns.ticketId, door: checkIns.door, at: checkIns.at })
    .from(checkIns)
    .where(and(eq(checkIns.brandId, brandId), eq(checkIns.offerId, offerId)))
    .orderBy(asc(checkIns.at), asc(checkIns.ticketId));
}

/** A ticket admitted at `door` after its check-in at another: kept once per ticket and door. */
export async function recordDoubleEntry(db: Executor, row: Omit<NewCheckIn, 'mode'>): Promise<void> {
  await db.insert(checkInDoubleEntries).values(row).onConflictDoNothing();
}

export interface DoubleEntryRow {
  ticketId: string;
  first: CheckInRow;
  later: { door: string; at: Date }[];
}

/** The evening's double entries in which `door` took part, as the first door or a later one. */
export async function doubleEntriesOfDoor(db: Executor, brandId: string, offerId: string, door: string): Promise<DoubleEntryRow[]> {
  const rows = await db
    .select({ ticketId: checkInDoubleEntries.ticketId, door: checkInDoubleEntries.door, at: checkInDoubleEntries.at, firstDoor: checkIns.door, firstAt: checkIns.at })
    .from(checkInDoubleEntries)
    .innerJoin(checkIns, and(eq(checkIns.brandId, checkInDoubleEntries.brandId), eq(checkIns.ticketId, checkInDoubleEntries.ticketId)))
    .where(and(eq(checkInDoubleEntries.brandId, brandId), eq(checkInDoubleEntries.offerId, offerId)))
    .orderBy(asc(checkInDoubleEntries.ticketId), asc(checkInDoubleEntries.at), asc(checkInDoubleEntries.door));
  const byTicket = new Map<string, DoubleEntryRow>();
  for (const row of rows) {
    const entry = byTicket.get(row.ticketId) ?? { ticketId: row.ticketId, first: { ticketId: row.ticketId, door: row.firstDoor, at: row.firstAt }, later: [] };
    entry.later.push({ door: row.door, at: row.at });
    byTicket.set(row.ticketId, entry);
  }
  return [...byTicket.values()].filter((entry) => entry.first.door === door || entry.later.some((later) => later.door === door));
}

/** The brand whose ticket key has this id, if any (a code signed by another brand's key is that brand's ticket, not a forgery). */
export async function brandOfTicketKey(db: Executor, kid: string): Promise<string | null> {
  const [row] = await db.select({ brandId: ticketSigningKeys.brandId }).from(ticketSigningKeys).where(eq(ticketSigningKeys.kid, kid)).limit(1);
  return row?.brandId ?? null;
}

const doorRoleNames = { name: 'Door staff', localizedName: { en: 'Door staff', sv: 'Entrévärd', nb: 'Dørvakt' } };

/**
 * Makes the account door staff of the brand (issue 43, a brand file's `doorStaff`): a profile
 * when it has none (onboarded: the door asks nothing of them), and the brand role `door`, active,
 * in place of any role it had.
 */
export async function appointDoorRole(db: Executor, brandId: string, userId: string, email: string): Promise<void> {
  await db.insert(users).values({ brandId, id: userId, email, completedOnboarding: true }).onConflictDoNothing();
  await db
    .insert(brandRoles)
    .values({ brandId, id: `role-${userId}`, userId, brandRoleId: 'door', ...doorRoleNames, active: true })
    .onConflictDoUpdate({ target: [brandRoles.brandId, brandRoles.userId], set: { brandRoleId: 'door', ...doorRoleNames, active: true } });
}
