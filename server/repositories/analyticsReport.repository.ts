import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { analyticsDaily, analyticsEvents } from '../db/schema/index.ts';
import { purchaseFunnel } from '../../domain/purchaseFunnel.ts';

/**
 * What a report reads: raw events received in [rawFrom, until), and the days rolled up in
 * [fromDay, toDay) (UTC dates, YYYY-MM-DD). The two never overlap: a brand's raw events are read
 * only from its `rolled_until` on, and every rolled-up day lies before it.
 */
export interface ReportRange {
  brandId: string;
  rawFrom: Date;
  until: Date;
  fromDay: string;
  toDay: string;
}

export interface CountRow {
  key: string;
  events: number;
  sessions: number;
}

const e = analyticsEvents;
const d = analyticsDaily;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const rawIn = (range: ReportRange) =>
  sql`${e.brandId} = ${range.brandId} AND ${e.receivedAt} >= ${range.rawFrom.toISOString()}::timestamptz AND ${e.receivedAt} < ${range.until.toISOString()}::timestamptz`;
const daysIn = (range: ReportRange, kind: string) => sql`${d.brandId} = ${range.brandId} AND ${d.kind} = ${kind} AND ${d.day} >= ${range.fromDay}::date AND ${d.day} < ${range.toDay}::date`;

/** Raw counts per key beside the rolled-up days' counts of the same kind, summed, most events first. */
async function countsPerKey(db: Executor, range: ReportRange, eventName: 'page_view' | 'offer_opened', key: SQL, limit: number): Promise<CountRow[]> {
  const result = await db.execute(sql`
    SELECT key, sum(events)::bigint AS events, sum(sessions)::bigint AS sessions FROM (
      SELECT ${key} AS key, count(*) AS events, count(DISTINCT ${e.sessionId}) AS sessions FROM ${e}
      WHERE ${rawIn(range)} AND ${e.eventName} = ${eventName} AND ${key} IS NOT NULL GROUP BY 1
      UNION ALL
      SELECT ${d.key}, ${d.events}, ${d.sessions} FROM ${d} WHERE ${daysIn(range, eventName)}
    ) AS counted GROUP BY key ORDER BY sum(events) DESC, key LIMIT ${limit}`);
  return rowsOf(result).map((row) => ({ key: String(row.key), events: Number(row.events), sessions: Number(row.sessions) }));
}

/** Page views per path, most viewed first. */
export const pageViewsByPath = (db: Executor, range: ReportRange, limit: number) => countsPerKey(db, range, 'page_view', sql`${e.path}`, limit);

/** Offers by how often they were opened, most first. */
export const openedOffers = (db: Executor, range: ReportRange, limit: number) => countsPerKey(db, range, 'offer_opened', sql`${e.offerId}`, limit);

/**
 * Sessions at each step of the purchase funnel: those that sent the step's event and every
 * earlier step's too (in any order: a page reload starts a new session). Rolled-up days add the
 * sessions they counted the same way (a session is counted on each day it has events on).
 */
export async function funnelSessions(db: Executor, range: ReportRange): Promise<number[]> {
  const step = (i: number) => sql.raw(`s${i}`);
  const reachedEach = purchaseFunnel.map((name, i) => sql`bool_or(${e.eventName} = ${name}) AS ${step(i)}`);
  const reachedAll = purchaseFunnel.map((_, i) => sql`count(*) FILTER (WHERE ${sql.join(purchaseFunnel.slice(0, i + 1).map((__, j) => step(j)), sql` AND `)})::int AS ${sql.raw(`r${i}`)}`);
  const names = sql.join(purchaseFunnel.map((name) => sql`${name}`), sql`, `);
  const raw = await db.execute(sql`
    SELECT ${sql.join(reachedAll, sql`, `)} FROM (
      SELECT ${sql.join(reachedEach, sql`, `)} FROM ${e}
      WHERE ${rawIn(range)} AND ${e.eventName} IN (${names})
      GROUP BY ${e.sessionId}
    ) AS per_session`);
  const rolled = await db.execute(sql`SELECT ${d.key} AS key, sum(${d.sessions})::bigint AS sessions FROM ${d} WHERE ${daysIn(range, 'funnel')} GROUP BY ${d.key}`);
  const row = rowsOf(raw)[0] ?? {};
  const perStep = new Map(rowsOf(rolled).map((r) => [String(r.key), Number(r.sessions)]));
  return purchaseFunnel.map((name, i) => Number(row[`r${i}`] ?? 0) + (perStep.get(name) ?? 0));
}

/** Events dropped over the ceiling and over the budget on the rolled-up days of the range. */
export async function droppedOnDays(db: Executor, range: ReportRange): Promise<{ overCeiling: number; overBudget: number }> {
  const result = await db.execute(sql`SELECT ${d.key} AS key, sum(${d.events})::bigint AS events FROM ${d} WHERE ${daysIn(range, 'dropped')} GROUP BY ${d.key}`);
  const per = new Map(rowsOf(result).map((r) => [String(r.key), Number(r.events)]));
  return { overCeiling: per.get('ceiling') ?? 0, overBudget: per.get('budget') ?? 0 };
}
