import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { tableBookings } from '../db/schema/index.ts';

export type TableBookingRow = typeof tableBookings.$inferSelect;

/** Covers taken by bookings that are not cancelled, per seating instant (ms); seatings without bookings are left out. */
export async function coversBooked(db: Executor, brandId: string, restaurantId: string, seatings: Date[]): Promise<Map<number, number>> {
  if (seatings.length === 0) return new Map();
  const rows = await db
    .select({ seatingAt: tableBookings.seatingAt, covers: sql<string>`sum(${tableBookings.partySize})` })
    .from(tableBookings)
    .where(
      and(
        eq(tableBookings.brandId, brandId),
        eq(tableBookings.restaurantId, restaurantId),
        inArray(tableBookings.seatingAt, seatings),
        isNull(tableBookings.cancelledAt),
      ),
    )
    .groupBy(tableBookings.seatingAt);
  return new Map(rows.map((row) => [new Date(row.seatingAt).getTime(), Number(row.covers)]));
}

export type NewTableBooking = Omit<typeof tableBookings.$inferInsert, 'id' | 'cancelledAt'>;

export async function insertTableBooking(tx: Executor, booking: NewTableBooking): Promise<TableBookingRow> {
  const [row] = await tx.insert(tableBookings).values(booking).returning();
  return row!;
}

export async function findTableBookingByTokenHash(db: Executor, cancelTokenHash: string): Promise<TableBookingRow | null> {
  const [row] = await db.select().from(tableBookings).where(eq(tableBookings.cancelTokenHash, cancelTokenHash));
  return row ?? null;
}

/** Cancels the booking unless it already was; null when it was (or does not exist). */
export async function cancelTableBooking(db: Executor, id: number, at: Date): Promise<TableBookingRow | null> {
  const [row] = await db
    .update(tableBookings)
    .set({ cancelledAt: at })
    .where(and(eq(tableBookings.id, id), isNull(tableBookings.cancelledAt)))
    .returning();
  return row ?? null;
}
