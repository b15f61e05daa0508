import { and, asc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { fullNameOf } from '../../domain/names.ts';
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
import { textArray } from './sqlArrays.ts';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const dateOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** A dated ticket variant of a ticketed offer, with its offer's texts: what evenings are made of (server/door/evenings.ts). */
export interface EveningVariantRow {
  brandId: string;
  offerId: string;
  variantId: string;
  position: number;
  startsAt: Date;
  city: string | null;
  title: string;
  localized: OfferTranslations;
}

const ticketed = eq(offers.itemVariantType, 'ticket');

async function eveningVariants(db: Executor, where: SQL | undefined): Promise<EveningVariantRow[]> {
  const rows = await db
    .select({
      brandId: itemVariants.brandId,
      offerId: itemVariants.offerId,
      variantId: itemVariants.id,
      position: itemVariants.position,
      startsAt: itemVariants.dateStart,
      city: itemVariants.locationCity,
      title: offers.title,
      localized: offers.localized,
    })
    .from(itemVariants)
    .innerJoin(offers, and(eq(offers.brandId, itemVariants.brandId), eq(offers.id, itemVariants.offerId)))
    .where(and(ticketed, isNotNull(itemVariants.dateStart), where))
    .orderBy(asc(itemVariants.brandId), asc(itemVariants.offerId), asc(itemVariants.position), asc(itemVariants.id));
  return rows.map((r) => ({ ...r, startsAt: dateOf(r.startsAt) }));
}

/** The brand's dated ticket variants starting between `from` and `to` (an evening's variants share a start: all in or all out). */
export const variantsStartingBetween = (db: Executor, brandId: string, from: Date, to: Date) =>
  eveningVariants(db, and(eq(itemVariants.brandId, brandId), gte(itemVariants.dateStart, from), lte(itemVariants.dateStart, to)));

/** The dated ticket variants of the offer with the same start and city as variant `variantId`, of each brand that has such a variant. */
export const variantsBesideVariant = (db: Executor, variantId: string, brandId?: string) => {
  const alike = sql`EXISTS (SELECT 1 FROM ${itemVariants} v WHERE v.brand_id = ${itemVariants.brandId} AND v.offer_id = ${itemVariants.offerId}
    AND v.id = ${variantId} AND v.date_start = ${itemVariants.dateStart} AND v.location_city IS NOT DISTINCT FROM ${itemVariants.locationCity})`;
  return eveningVariants(db, and(alike, brandId === undefined ? undefined : eq(itemVariants.brandId, brandId)));
};

/** The dated ticket variants of the offers with this id, of whichever brand (an operator names an offer). */
export const variantsOfOffer = (db: Executor, offerId: string, brandId?: string) =>
  eveningVariants(db, and(eq(itemVariants.offerId, offerId), brandId === undefined ? undefined : eq(itemVariants.brandId, brandId)));

export interface EveningCounts {
  admitted: number;
  sold: number;
}

const inVariants = (column: SQL, variantIds: readonly string[]) => sql`${column} = ANY(${textArray(variantIds)}::text[])`;
const soldOf = (brandId: string, variantIds: readonly string[]) => sql`(
  SELECT count(*) FROM ${tickets} t JOIN ${orders} o ON o.brand_id = t.brand_id AND o.id = t.order_id
  WHERE t.brand_id = ${brandId} AND ${inVariants(sql`t.item_variant_id`, variantIds)} AND o.status = 'paid')::int`;
const admittedOf = (brandId: string, variantIds: readonly string[]) =>
  sql`(SELECT count(*) FROM ${checkIns} c WHERE c.brand_id = ${brandId} AND ${inVariants(sql`c.item_variant_id`, variantIds)})::int`;

/** Tickets of the evening's variants sold (in paid orders) and admitted. */
export async function eveningCounts(db: Executor, brandId: string, variantIds: readonly string[]): Promise<EveningCounts> {
  const [row] = rowsOf(await db.execute(sql`SELECT ${soldOf(brandId, variantIds)} AS sold, ${admittedOf(brandId, variantIds)} AS admitted`));
  return { sold: Number(row?.sold ?? 0), admitted: Number(row?.admitted ?? 0) };
}

/** What the door shows of a ticket: whose it is, what it is for, and whether its order still stands. */
export interface DoorTicketRow {
  ticketId: string;
  offerId: string;
  itemVariantId: string;
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
      itemVariantId: tickets.itemVariantId,
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

/** Every ticket of the evening's variants, whatever its order's status. */
export async function ticketsOfEvening(db: Executor, brandId: string, variantIds: readonly string[]): Promise<DoorTicketRow[]> {
  return ticketQuery(db, and(eq(tickets.brandId, brandId), inArray(tickets.itemVariantId, [...variantIds])));
}

export interface CheckInRow {
  ticketId: string;
  door: string;
  deviceId: string;
  at: Date;
}

export interface NewCheckIn {
  brandId: string;
  ticketId: string;
  offerId: string;
  itemVariantId: string;
  door: string;
  deviceId: string;
  at: Date;
  byUserId: string;
  mode: CheckInMode;
}

/**
 * Records the ticket's check-in unless it has one, in one statement: of two doors at once exactly
 * one inserts (the key is the ticket). Answers whether this call recorded it, and the count of
 * admitted tickets of `variantIds` (the evening's) with it.
 */
export async function recordCheckIn(db: Executor, row: NewCheckIn, variantIds: readonly string[]): Promise<{ recorded: boolean; admitted: number }> {
  const result = await db.execute(sql`
    WITH recorded AS (
      INSERT INTO ${checkIns} (brand_id, ticket_id, offer_id, item_variant_id, door, device_id, at, by_user_id, mode)
      VALUES (${row.brandId}, ${row.ticketId}, ${row.offerId}, ${row.itemVariantId}, ${row.door}, ${row.deviceId}, ${row.at.toISOString()}::timestamptz, ${row.byUserId}, ${row.mode})
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM recorded)::int AS recorded, ${admittedOf(row.brandId, variantIds)} + (SELECT count(*) FROM recorded)::int AS admitted`);
  const [answer] = rowsOf(result);
  return { recorded: Number(answer?.recorded) === 1, admitted: Number(answer?.admitted ?? 0) };
}

const checkInColumns = { ticketId: checkIns.ticketId, door: checkIns.door, deviceId: checkIns.deviceId, at: checkIns.at };

export async function findCheckIn(db: Executor, brandId: string, ticketId: string): Promise<CheckInRow | null> {
  const [row] = await db
    .select(checkInColumns)
    .from(checkIns)
    .where(and(eq(checkIns.brandId, brandId), eq(checkIns.ticketId, ticketId)));
  return row ?? null;
}

export async function checkInsOfEvening(db: Executor, brandId: string, variantIds: readonly string[]): Promise<CheckInRow[]> {
  return db
    .select(checkInColumns)
    .from(checkIns)
    .where(and(eq(checkIns.brandId, brandId), inArray(checkIns.itemVariantId, [...variantIds])))
    .orderBy(asc(checkIns.at), asc(checkIns.ticketId));
}

export type NewDoubleEntry = Omit<NewCheckIn, 'mode' | 'itemVariantId'> & { eveningId: string };

/**
 * Keeps a ticket admitted at a device after its check-in at another device: once per ticket and
 * device, and only while the evening's double entries come from fewer than `maxDevices` devices
 * (or already from this one), so a door account cannot fill the table. Answers whether it is kept.
 */
export async function recordDoubleEntry(db: Executor, row: NewDoubleEntry, maxDevices: number): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO ${checkInDoubleEntries} (brand_id, ticket_id, offer_id, evening_id, door, device_id, at, by_user_id)
    SELECT ${row.brandId}, ${row.ticketId}, ${row.offerId}, ${row.eveningId}, ${row.door}, ${row.deviceId}, ${row.at.toISOString()}::timestamptz, ${row.byUserId}
    WHERE EXISTS (SELECT 1 FROM ${checkInDoubleEntries} d WHERE d.brand_id = ${row.brandId} AND d.evening_id = ${row.eveningId} AND d.device_id = ${row.deviceId})
       OR (SELECT count(DISTINCT d.device_id) FROM ${checkInDoubleEntries} d WHERE d.brand_id = ${row.brandId} AND d.evening_id = ${row.eveningId}) < ${maxDevices}
    ON CONFLICT DO NOTHING
    RETURNING 1`);
  return rowsOf(result).length === 1;
}

export interface DoubleEntryRow {
  ticketId: string;
  holderName: string;
  first: CheckInRow;
  later: { door: string; at: Date }[];
}

/** The evening's double entries in which device `deviceId` took part, as the first device or a later one. */
export async function doubleEntriesOfDevice(db: Executor, brandId: string, eveningId: string, deviceId: string): Promise<DoubleEntryRow[]> {
  const mine = sql`(${checkIns.deviceId} = ${deviceId} OR EXISTS (SELECT 1 FROM ${checkInDoubleEntries} m
    WHERE m.brand_id = ${checkInDoubleEntries.brandId} AND m.ticket_id = ${checkInDoubleEntries.ticketId} AND m.device_id = ${deviceId}))`;
  const rows = await db
    .select({
      ticketId: checkInDoubleEntries.ticketId,
      door: checkInDoubleEntries.door,
      at: checkInDoubleEntries.at,
      firstDoor: checkIns.door,
      firstDeviceId: checkIns.deviceId,
      firstAt: checkIns.at,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(checkInDoubleEntries)
    .innerJoin(checkIns, and(eq(checkIns.brandId, checkInDoubleEntries.brandId), eq(checkIns.ticketId, checkInDoubleEntries.ticketId)))
    .innerJoin(tickets, and(eq(tickets.brandId, checkInDoubleEntries.brandId), eq(tickets.id, checkInDoubleEntries.ticketId)))
    .innerJoin(orders, and(eq(orders.brandId, tickets.brandId), eq(orders.id, tickets.orderId)))
    .leftJoin(users, and(eq(users.brandId, orders.brandId), eq(users.id, orders.userId)))
    .where(and(eq(checkInDoubleEntries.brandId, brandId), eq(checkInDoubleEntries.eveningId, eveningId), mine))
    .orderBy(asc(checkInDoubleEntries.ticketId), asc(checkInDoubleEntries.at), asc(checkInDoubleEntries.deviceId));
  const byTicket = new Map<string, DoubleEntryRow>();
  for (const row of rows) {
    const holderName = fullNameOf(row.firstName ?? '', row.lastName ?? '');
    const first = { ticketId: row.ticketId, door: row.firstDoor, deviceId: row.firstDeviceId, at: dateOf(row.firstAt) };
    const entry = byTicket.get(row.ticketId) ?? { ticketId: row.ticketId, holderName, first, later: [] };
    entry.later.push({ door: row.door, at: dateOf(row.at) });
    byTicket.set(row.ticketId, entry);
  }
  return [...byTicket.values()];
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
