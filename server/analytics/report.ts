import { purchaseFunnel } from '../../domain/purchaseFunnel.ts';
import type { Database } from '../db/database.ts';
import { findBrandById } from '../repositories/brands.repository.ts';
import { oldestAnalyticsAt } from '../repositories/analyticsEvents.repository.ts';
import { droppedInMinutes, usageOf } from '../repositories/analyticsBounds.repository.ts';
import { droppedOnDays, funnelSessions, openedOffers, pageViewsByPath, type CountRow, type ReportRange } from '../repositories/analyticsReport.repository.ts';
import { analyticsBoundsOf } from './bounds.ts';
import { startOfUtcDay } from './retention.ts';

/** The latest time a report may name (the end of year 9999, what every database's timestamps take). */
export const latestReportTime = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export interface AnalyticsReport {
  brandId: string;
  /** Events received from this time on (ms since epoch); null: every event kept. */
  since: number | null;
  /** Events received before this time (ms since epoch); null: up to now. */
  until: number | null;
  /** Days before this time are read from the daily rollups, whole UTC days (ms since epoch); null: none rolled up yet. */
  rolledUntil: number | null;
  pageViews: CountRow[];
  /** Sessions per funnel step; `conversion` is the share of the step before (null for the first, or when it had none). */
  funnel: { step: (typeof purchaseFunnel)[number]; sessions: number; conversion: number | null }[];
  topOffers: CountRow[];
  /** Good events not stored in the range: over the brand's ingest ceiling, over its storage budget. */
  dropped: { overCeiling: number; overBudget: number };
  /** The brand's bounds now, and the bytes its raw events take. */
  bounds: { eventsPerMinute: number; storageBytes: number; usedBytes: number };
}

export class UnknownBrandError extends Error {}

const dayMs = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Page views per path, the purchase funnel and the most opened offers of a brand received in
 * [since, until), with the events dropped there. Raw events are read from the brand's rollup
 * boundary on; before it the daily rollups count, whole UTC days (the day `since` falls on included).
 */
export async function analyticsReport(db: Database, brandId: string, since: number | null, until: number | null = null, limit = 20): Promise<AnalyticsReport> {
  const brand = await findBrandById(db, brandId);
  if (!brand) throw new UnknownBrandError(`There is no brand ${brandId}`);
  const usage = await usageOf(db, brandId);
  const from = since ?? (await oldestAnalyticsAt(db, brandId))?.getTime() ?? 0;
  const end = until ?? latestReportTime;
  const range: ReportRange = {
    brandId,
    rawFrom: new Date(Math.max(from, usage.rolledUntil?.getTime() ?? 0)),
    until: new Date(end),
    fromDay: dateOf(startOfUtcDay(from).getTime()),
    toDay: dateOf(Math.min(startOfUtcDay(end - 1).getTime() + dayMs, startOfUtcDay(latestReportTime).getTime())),
  };
  const sessions = await funnelSessions(db, range);
  const [minutes, days] = [await droppedInMinutes(db, brandId, range.rawFrom, range.until), await droppedOnDays(db, range)];
  const bounds = analyticsBoundsOf(brand);
  return {
    brandId,
    since,
    until,
    rolledUntil: usage.rolledUntil?.getTime() ?? null,
    pageViews: await pageViewsByPath(db, range, limit),
    funnel: purchaseFunnel.map((step, i) => {
      const before = i === 0 ? 0 : sessions[i - 1]!;
      return { step, sessions: sessions[i]!, conversion: i === 0 || before === 0 ? null : sessions[i]! / before };
    }),
    topOffers: await openedOffers(db, range, 10),
    dropped: { overCeiling: minutes.overCeiling + days.overCeiling, overBudget: minutes.overBudget + days.overBudget },
    bounds: { eventsPerMinute: bounds.eventsPerMinute, storageBytes: bounds.storageBytes, usedBytes: usage.storedBytes },
  };
}

const stepNames: Record<(typeof purchaseFunnel)[number], string> = {
  offer_opened: 'offer opened',
  added_to_cart: 'added to cart',
  checkout_opened: 'checkout opened',
  order_paid: 'paid',
};

const percent = (share: number | null) => (share === null ? '' : `${(share * 100).toFixed(1)}%`);

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => '  ' + row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ').trimEnd());
}

/** The report as the operator reads it in a terminal. */
export function describeReport(report: AnalyticsReport): string {
  const time = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const since = report.since === null ? 'all kept events' : `since ${time(report.since)}`;
  const until = report.until === null ? '' : ` until ${time(report.until)}`;
  const lines = [`Analytics of ${report.brandId}, ${since}${until}`, '', 'Page views per path'];
  if (report.pageViews.length === 0) lines.push('  none');
  else lines.push(...table([['path', 'views', 'sessions'], ...report.pageViews.map((r) => [r.key, String(r.events), String(r.sessions)])]));
  lines.push('', 'Purchase funnel (sessions that reached the step and every step before it)');
  lines.push(...table([['step', 'sessions', 'of step before'], ...report.funnel.map((f) => [stepNames[f.step], String(f.sessions), percent(f.conversion)])]));
  const first = report.funnel[0]!.sessions;
  if (first > 0) lines.push(`  ${percent(report.funnel.at(-1)!.sessions / first)} of the sessions that opened an offer paid`);
  lines.push('', 'Top offers (opened)');
  if (report.topOffers.length === 0) lines.push('  none');
  else lines.push(...table([['offer', 'opened', 'sessions'], ...report.topOffers.map((r) => [r.key, String(r.events), String(r.sessions)])]));
  const { dropped, bounds } = report;
  const megabytes = (bytes: number) => (bytes < 10 * 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} kB` : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
  lines.push('', 'Dropped events (not stored)');
  lines.push(
    ...table([
      ['over the ingest ceiling', `${bounds.eventsPerMinute} a minute`, String(dropped.overCeiling)],
      ['over the storage budget', megabytes(bounds.storageBytes), String(dropped.overBudget)],
    ]),
  );
  lines.push(`  raw events now take ${megabytes(bounds.usedBytes)} of the budget`);
  if (report.rolledUntil !== null && (report.since ?? 0) < report.rolledUntil) lines.push(`  (before ${time(report.rolledUntil)}: daily rollups, whole UTC days)`);
  return lines.join('\n');
}
