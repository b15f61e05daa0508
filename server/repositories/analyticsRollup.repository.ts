import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { analyticsDaily, analyticsEvents, analyticsIngestMinutes, analyticsUsage } from '../db/schema/index.ts';
import { purchaseFunnel } from '../../domain/purchaseFunnel.ts';

const e = analyticsEvents;
const m = analyticsIngestMinutes;
const u = analyticsUsage;
const d = analyticsDaily;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Paths and offers a rolled-up day keeps per brand (the most viewed or opened); the rest are not kept. */
export const keysPerDay = 500;

/** Not yet rolled up for its brand: before the brand's `rolled_until`, or none. */
const notRolled = (time: SQL, brand: SQL) => sql`NOT EXISTS (SELECT 1 FROM ${u} WHERE ${u.brandId} = ${brand} AND ${u.rolledUntil} > ${time})`;

/** The earliest event or minute count received before `before` and not yet rolled up (any brand), or null. */
export async function earliestUnrolled(db: Executor, before: Date): Promise<Date | null> {
  const result = await db.execute(sql`
    SELECT least(
      (SELECT min(${e.receivedAt}) FROM ${e} WHERE ${e.receivedAt} < ${at(before)} AND ${notRolled(sql`${e.receivedAt}`, sql`${e.brandId}`)}),
      (SELECT min(${m.minute}) FROM ${m} WHERE ${m.minute} < ${at(before)} AND ${notRolled(sql`${m.minute}`, sql`${m.brandId}`)})
    ) AS at`);
  const found = rowsOf(result)[0]?.at as string | Date | null | undefined;
  return found ? new Date(found) : null;
}

/**
 * Rolls up one UTC day (`day` is its midnight) for every brand that has not rolled it up yet:
 * page views per path, offers opened, the funnel's sessions per step and the minute counts of
 * dropped events go into `analytics_daily`; the minute rows go, and each brand's `rolled_until`
 * moves to the next midnight (its raw events of the day are then deleted by the retention). Run
 * it in a transaction.
 */
export async function rollUpDay(db: Executor, day: Date): Promise<void> {
  const next = new Date(day.getTime() + 86_400_000);
  const date = day.toISOString().slice(0, 10);
  const ofDay = (time: SQL) => sql`${time} >= ${at(day)} AND ${time} < ${at(next)}`;
  await db.execute(sql`
    INSERT INTO ${u} (brand_id)
    SELECT DISTINCT ${e.brandId} FROM ${e} WHERE ${ofDay(sql`${e.receivedAt}`)}
    UNION SELECT DISTINCT ${m.brandId} FROM ${m} WHERE ${ofDay(sql`${m.minute}`)}
    ON CONFLICT DO NOTHING`);
  // The brands whose day this is still to roll up (one sweep at a time does it: the job claim).
  const notRolledBrands = sql`(SELECT ${u.brandId} FROM ${u} WHERE ${u.rolledUntil} IS NULL OR ${u.rolledUntil} <= ${at(day)})`;
  const rawOfDay = sql`${ofDay(sql`${e.receivedAt}`)} AND ${e.brandId} IN ${notRolledBrands}`;
  for (const [kind, key] of [['page_view', sql`${e.path}`], ['offer_opened', sql`${e.offerId}`]] as const) {
    await db.execute(sql`
      INSERT INTO ${d} (brand_id, day, kind, key, events, sessions)
      SELECT brand_id, ${date}::date, ${kind}, key, events, sessions FROM (
        SELECT ${e.brandId} AS brand_id, ${key} AS key, count(*) AS events, count(DISTINCT ${e.sessionId}) AS sessions,
          row_number() OVER (PARTITION BY ${e.brandId} ORDER BY count(*) DESC, ${key}) AS rank
        FROM ${e} WHERE ${rawOfDay} AND ${e.eventName} = ${kind} AND ${key} IS NOT NULL
        GROUP BY ${e.brandId}, ${key}
      ) AS counted WHERE rank <= ${keysPerDay}`);
  }
  const step = (i: number) => sql.raw(`s${i}`);
  const reachedEach = purchaseFunnel.map((name, i) => sql`bool_or(${e.eventName} = ${name}) AS ${step(i)}`);
  const reachedAll = purchaseFunnel.map((_, i) => sql`count(*) FILTER (WHERE ${sql.join(purchaseFunnel.slice(0, i + 1).map((__, j) => step(j)), sql` AND `)}) AS ${sql.raw(`r${i}`)}`);
  const perStep = purchaseFunnel.map((name, i) => sql`(${name}::text, ${sql.raw(`r${i}`)})`);
  const names = sql.join(purchaseFunnel.map((name) => sql`${name}`), sql`, `);
  await db.execute(sql`
    INSERT INTO ${d} (brand_id, day, kind, key, events, sessions)
    SELECT brand_id, ${date}::date, 'funnel', step.name, 0, step.sessions FROM (
      SELECT brand_id, ${sql.join(reachedAll, sql`, `)} FROM (
        SELECT ${e.brandId} AS brand_id, ${sql.join(reachedEach, sql`, `)} FROM ${e}
        WHERE ${rawOfDay} AND ${e.eventName} IN (${names}) GROUP BY ${e.brandId}, ${e.sessionId}
      ) AS per_session GROUP BY brand_id
    ) AS per_brand CROSS JOIN LATERAL (VALUES ${sql.join(perStep, sql`, `)}) AS step(name, sessions)
    WHERE step.sessions > 0`);
  await db.execute(sql`
    INSERT INTO ${d} (brand_id, day, kind, key, events, sessions)
    SELECT brand_id, ${date}::date, 'dropped', key, events, 0 FROM (
      SELECT ${m.brandId} AS brand_id, 'ceiling' AS key, sum(${m.droppedOverCeiling}) AS events FROM ${m}
      WHERE ${ofDay(sql`${m.minute}`)} AND ${m.brandId} IN ${notRolledBrands} GROUP BY 1
      UNION ALL
      SELECT ${m.brandId}, 'budget', sum(${m.droppedOverBudget}) FROM ${m}
      WHERE ${ofDay(sql`${m.minute}`)} AND ${m.brandId} IN ${notRolledBrands} GROUP BY 1
    ) AS dropped WHERE events > 0`);
  await db.execute(sql`DELETE FROM ${m} WHERE ${ofDay(sql`${m.minute}`)} AND ${m.brandId} IN ${notRolledBrands}`);
  await db.execute(sql`UPDATE ${u} SET rolled_until = ${at(next)} WHERE ${u.rolledUntil} IS NULL OR ${u.rolledUntil} <= ${at(day)}`);
}

/**
 * Deletes at most `limit` raw events received before `before` whose day is rolled up (oldest
 * first) and takes their bytes off their brands' usage in the same statement; answers how many went.
 */
export async function deleteRolledEventsBefore(db: Executor, before: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    WITH oldest AS (
      SELECT ${e.brandId} AS brand_id, ${e.id} AS id FROM ${e}
      WHERE ${e.receivedAt} < ${at(before)} AND EXISTS (SELECT 1 FROM ${u} WHERE ${u.brandId} = ${e.brandId} AND ${u.rolledUntil} > ${e.receivedAt})
      ORDER BY ${e.receivedAt} LIMIT ${limit}
    ), gone AS (
      DELETE FROM ${e} WHERE (${e.brandId}, ${e.id}) IN (SELECT brand_id, id FROM oldest) RETURNING ${e.brandId} AS brand_id, ${e.bytes} AS bytes
    ), per_brand AS (
      SELECT brand_id, sum(bytes)::bigint AS bytes, count(*)::int AS deleted FROM gone GROUP BY brand_id
    ), taken AS (
      UPDATE ${u} SET stored_bytes = greatest(${u.storedBytes} - per_brand.bytes, 0) FROM per_brand WHERE ${u.brandId} = per_brand.brand_id RETURNING 1
    )
    SELECT coalesce(sum(deleted), 0)::int AS deleted FROM per_brand`);
  return Number(rowsOf(result)[0]?.deleted ?? 0);
}
