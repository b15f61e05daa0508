import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { orders, tickets, ticketSigningKeys } from '../db/schema/index.ts';

export type NewTicket = typeof tickets.$inferInsert;
export type TicketKeyRow = typeof ticketSigningKeys.$inferSelect;

export async function insertTickets(tx: Executor, rows: readonly NewTicket[]) {
  if (rows.length === 0) return [];
  return tx.insert(tickets).values([...rows]).returning();
}

/** Any fixed number (distinct from the other advisory locks): serialises a brand's first key. */
const ticketKeyLockId = 4_711_014;

/** Serialises the making of a brand's key for the rest of the transaction (instances on one database agree). */
export async function lockTicketKeys(tx: Executor, brandId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ticketKeyLockId}, hashtext(${brandId}))`);
}

/** The brand's keys, newest first. */
export async function ticketKeysOf(db: Executor, brandId: string, limit?: number): Promise<TicketKeyRow[]> {
  const query = db
    .select()
    .from(ticketSigningKeys)
    .where(eq(ticketSigningKeys.brandId, brandId))
    .orderBy(desc(ticketSigningKeys.createdAt), desc(ticketSigningKeys.kid));
  return limit === undefined ? query : query.limit(limit);
}

export async function insertTicketKey(tx: Executor, brandId: string, kid: string, privateJwk: Record<string, unknown>): Promise<void> {
  await tx.insert(ticketSigningKeys).values({ brandId, kid, privateJwk });
}

/** Tickets of the brand's orders that are no longer paid (cancelled, refunded): their codes still verify, so scanners refuse them by id. */
export async function voidTicketIds(db: Executor, brandId: string): Promise<string[]> {
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(orders, and(eq(orders.brandId, tickets.brandId), eq(orders.id, tickets.orderId)))
    .where(and(eq(tickets.brandId, brandId), inArray(orders.status, ['cancelled', 'refunded'])))
    .orderBy(tickets.id);
  return rows.map((r) => r.id);
}
