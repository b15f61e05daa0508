import { and, count, countDistinct, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { analyticsEvents } from '../db/schema/index.ts';
import { purchaseFunnel } from '../../domain/analyticsEvents.ts';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export async function insertAnalyticsEvents(db: Executor, rows: NewAnalyticsEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
}

/** Deletes at most `limit` events received before `before` (oldest first); answers how many went. */
export async function deleteAnalyticsEventsBefore(db: Executor, before: Date, limit: number): Promise<number> {
  const oldest = db
    .select({ brandId: analyticsEvents.brandId, id: analyticsEvents.id })
    .from(analyticsEvents)
    .where(lt(analyticsEvents.receivedAt, before))
    .orderBy(analyticsEvents.receivedAt)
    .limit(limit);
  const deleted = await db
    .delete(analyticsEvents)
    .where(sql`(${analyticsEvents.brandId}, ${analyticsEvents.id}) IN (${oldest})`)
    .returning({ id: analyticsEvents.id });
  return deleted.length;
}

const ofBrandSince = (brandId: string, since: Date, eventName: string) =>
  and(eq(analyticsEvents.brandId, brandId), eq(analyticsEvents.eventName, eventName), gte(analyticsEvents.receivedAt, since));

export interface CountRow {
  key: string;
  events: number;
  sessions: number;
}

/** Page views per path, most viewed first. */
export async function pageViewsByPath(db: Executor, brandId: string, since: Date, limit: number): Promise<CountRow[]> {
  const rows = await db
    .select({ key: analyticsEvents.path, events: count(), sessions: countDistinct(analyticsEvents.sessionId) })
    .from(analyticsEvents)
    .where(ofBrandSince(brandId, since, 'page_view'))
    .groupBy(analyticsEvents.path)
    .orderBy(desc(count()), analyticsEvents.path)
    .limit(limit);
  return rows.map((row) => ({ ...row, events: Number(row.events), sessions: Number(row.sessions) }));
}

/** Offers by how often they were opened, most first. */
export async function openedOffers(db: Executor, brandId: string, since: Date, limit: number): Promise<CountRow[]> {
  const rows = await db
    .select({ key: sql<string>`${analyticsEvents.offerId}`, events: count(), sessions: countDistinct(analyticsEvents.sessionId) })
    .from(analyticsEvents)
    .where(and(ofBrandSince(brandId, since, 'offer_opened'), isNotNull(analyticsEvents.offerId)))
    .groupBy(analyticsEvents.offerId)
    .orderBy(desc(count()), analyticsEvents.offerId)
    .limit(limit);
  return rows.map((row) => ({ ...row, events: Number(row.events), sessions: Number(row.sessions) }));
}

/**
 * Sessions at each step of the purchase funnel: those that sent the step's event and every
 * earlier step's too (in any order: a page reload starts a new session).
 */
export async function funnelSessions(db: Executor, brandId: string, since: Date): Promise<number[]> {
  const step = (i: number) => sql.raw(`s${i}`);
  const reachedEach = purchaseFunnel.map((name, i) => sql`bool_or(${analyticsEvents.eventName} = ${name}) AS ${step(i)}`);
  const reachedAll = purchaseFunnel.map((_, i) => sql`count(*) FILTER (WHERE ${sql.join(purchaseFunnel.slice(0, i + 1).map((__, j) => step(j)), sql` AND `)})::int AS ${sql.raw(`r${i}`)}`);
  const result = await db.execute(sql`
    SELECT ${sql.join(reachedAll, sql`, `)} FROM (
      SELECT ${sql.join(reachedEach, sql`, `)} FROM ${analyticsEvents}
      WHERE ${and(eq(analyticsEvents.brandId, brandId), inArray(analyticsEvents.eventName, [...purchaseFunnel]), gte(analyticsEvents.receivedAt, since))}
      GROUP BY ${analyticsEvents.sessionId}
    ) AS per_session`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return purchaseFunnel.map((_, i) => Number(row[`r${i}`] ?? 0));
}

/** The oldest event of the brand still kept (the report's start when no --since is given). */
export async function oldestEventAt(db: Executor, brandId: string): Promise<Date | null> {
  const [row] = await db.select({ at: sql<string | Date | null>`min(${analyticsEvents.receivedAt})` }).from(analyticsEvents).where(eq(analyticsEvents.brandId, brandId));
  return row?.at ? new Date(row.at) : null;
}
