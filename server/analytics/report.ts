import { purchaseFunnel } from '../../domain/analyticsEvents.ts';
import type { Database } from '../db/database.ts';
import { findBrandById } from '../repositories/brands.repository.ts';
import { funnelSessions, oldestEventAt, openedOffers, pageViewsByPath, type CountRow } from '../repositories/analyticsEvents.repository.ts';

export interface AnalyticsReport {
  brandId: string;
  /** Events received from this time on (ms since epoch); null: every event kept. */
  since: number | null;
  pageViews: CountRow[];
  /** Sessions per funnel step; `conversion` is the share of the step before (null for the first, or when it had none). */
  funnel: { step: (typeof purchaseFunnel)[number]; sessions: number; conversion: number | null }[];
  topOffers: CountRow[];
}

export class UnknownBrandError extends Error {}

/** Page views per path, the purchase funnel and the most opened offers of a brand since `since`. */
export async function analyticsReport(db: Database, brandId: string, since: number | null, limit = 20): Promise<AnalyticsReport> {
  if (!(await findBrandById(db, brandId))) throw new UnknownBrandError(`There is no brand ${brandId}`);
  const from = since === null ? ((await oldestEventAt(db, brandId)) ?? new Date(0)) : new Date(since);
  const sessions = await funnelSessions(db, brandId, from);
  return {
    brandId,
    since,
    pageViews: await pageViewsByPath(db, brandId, from, limit),
    funnel: purchaseFunnel.map((step, i) => {
      const before = i === 0 ? 0 : sessions[i - 1]!;
      return { step, sessions: sessions[i]!, conversion: i === 0 || before === 0 ? null : sessions[i]! / before };
    }),
    topOffers: await openedOffers(db, brandId, from, 10),
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
  const since = report.since === null ? 'all kept events' : `since ${new Date(report.since).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const lines = [`Analytics of ${report.brandId}, ${since}`, '', 'Page views per path'];
  if (report.pageViews.length === 0) lines.push('  none');
  else lines.push(...table([['path', 'views', 'sessions'], ...report.pageViews.map((r) => [r.key, String(r.events), String(r.sessions)])]));
  lines.push('', 'Purchase funnel (sessions that reached the step and every step before it)');
  lines.push(...table([['step', 'sessions', 'of step before'], ...report.funnel.map((f) => [stepNames[f.step], String(f.sessions), percent(f.conversion)])]));
  const first = report.funnel[0]!.sessions;
  if (first > 0) lines.push(`  ${percent(report.funnel.at(-1)!.sessions / first)} of the sessions that opened an offer paid`);
  lines.push('', 'Top offers (opened)');
  if (report.topOffers.length === 0) lines.push('  none');
  else lines.push(...table([['offer', 'opened', 'sessions'], ...report.topOffers.map((r) => [r.key, String(r.events), String(r.sessions)])]));
  return lines.join('\n');
}
