import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '../../contract/analytics.ts';
import type { AnalyticsEventName } from '../../contract/analyticsEvents.ts';
import { analyticsReport, latestReportTime, type AnalyticsReport } from '../../server/analytics/report.ts';
import { pruneAnalytics } from '../../server/analytics/retention.ts';
import { analyticsDaily, analyticsUsage, brands } from '../../server/db/schema/index.ts';
import { adminTokenHeader } from '../../server/plugins/operatorOnly.ts';
import { makeBrand } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { encode, event, sendBeacon, sessionId, storedEvents } from './analytics.helpers.ts';

/*
 * Issue 40: raw events past the retention roll up into daily aggregates, whole UTC days, and the
 * report reads them beside the raw events still kept, so its numbers over long ranges stay.
 */

const day = 86_400_000;
const dayA = Date.parse('2026-09-01T00:00:00Z');
const dayB = dayA + day;
const dayC = dayA + 20 * day;
const clock = { ms: dayA + 10 * 3_600_000, now: () => clock.ms, at: (ms: number) => void (clock.ms = ms) };
const adminToken = 'analytics-rollup-test-admin-token';

let t: TestApp;
let address = 0;

async function session(n: number, steps: [AnalyticsEventName, string?][], brandId = 'aurora') {
  const events = steps.map(([name, offerOrPath]): AnalyticsEvent =>
    name === 'page_view'
      ? event(name, { brandId, sessionId: sessionId(n), pathName: offerOrPath ?? '/' })
      : event(name, { brandId, sessionId: sessionId(n), pathName: '/offer', customParams: offerOrPath ? { offerId: offerOrPath } : {} }),
  );
  return (await sendBeacon(t, encode({ events }), { address: `10.50.0.${++address}`, appUrl: `http://${brandId}.localhost:8080` })).json();
}

const report = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/admin/analytics/report', headers: { [adminTokenHeader]: adminToken }, payload: body, remoteAddress: '127.0.0.1' });

/** What must not change when raw events roll up. */
const numbers = ({ pageViews, funnel, topOffers, dropped }: AnalyticsReport) => ({ pageViews, funnel, topOffers, dropped });

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, adminToken, analytics: { retentionDays: 30 } });
  await makeBrand(t.db, 'aurora', ['aurora.localhost']);
  await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  // Day A: four sessions through the funnel, page views, and a beacon over a small ceiling.
  const [row] = await t.db.select({ settings: brands.settings }).from(brands).where(eq(brands.id, 'aurora'));
  await t.db.update(brands).set({ settings: { ...row!.settings, analyticsEventsPerMinute: 8 } }).where(eq(brands.id, 'aurora'));
  await session(1, [['page_view', '/'], ['offer_opened', 'o-1'], ['added_to_cart', 'o-1'], ['checkout_opened'], ['order_paid']]);
  clock.at(clock.ms + 60_000);
  await session(2, [['offer_opened', 'o-1'], ['added_to_cart', 'o-1'], ['checkout_opened']]);
  clock.at(clock.ms + 60_000);
  await session(3, [['offer_opened', 'o-2'], ['offer_opened', 'o-2'], ['added_to_cart', 'o-2']]);
  clock.at(clock.ms + 60_000);
  expect(await session(4, Array.from({ length: 12 }, (_, i): [AnalyticsEventName, string] => ['page_view', i % 2 ? '/more' : '/']))).toEqual({ stored: 8, refused: [], dropped: 4 });
  await session(9, [['page_view', '/'], ['offer_opened', 'o-1']], 'borealis');
  // Day B, just before midnight and after it.
  clock.at(dayB - 30_000);
  await session(5, [['offer_opened', 'o-3'], ['page_view', '/late']]);
  clock.at(dayB + 30_000);
  await session(6, [['offer_opened', 'o-1'], ['added_to_cart', 'o-1']]);
  // Day C: still raw after the rollup.
  clock.at(dayC + 12 * 3_600_000);
  await session(7, [['page_view', '/'], ['offer_opened', 'o-2']]);
}, 60_000);
afterAll(() => t.close());

describe('the daily rollup', () => {
  it('rolls up the whole days past the retention, deletes their raw events and gives their bytes back, and the reports keep their numbers', async () => {
    const ranges = [{ since: null }, { since: dayA, until: dayA + day }, { since: dayA, until: dayC + day }, { since: dayB }, { since: dayC }];
    const before = await Promise.all(ranges.map((r) => analyticsReport(t.db, 'aurora', r.since, r.until ?? null)));
    expect(before[0]!.funnel.map((f) => f.sessions)).toEqual([6, 4, 2, 1]);
    expect(before[0]!.dropped).toEqual({ overCeiling: 4, overBudget: 0 });
    const borealisBefore = await analyticsReport(t.db, 'borealis', null);

    // 31 days after day B began: days A and B are wholly past the 30 days, day C is not.
    const pruned = await pruneAnalytics(t.db, dayB + 31 * day + 1, { retentionDays: 30, batchSize: 3 });
    expect(pruned).toBe(5 + 3 + 3 + 8 + 2 + 2 + 2);
    expect((await storedEvents(t)).map((e) => `${e.brandId} ${e.path}`)).toEqual(['aurora /', 'aurora /offer']);
    const after = await Promise.all(ranges.map((r) => analyticsReport(t.db, 'aurora', r.since, r.until ?? null)));
    expect(after.map(numbers)).toEqual(before.map(numbers));
    expect(after[0]!.rolledUntil).toBe(dayB + day);
    expect(numbers(await analyticsReport(t.db, 'borealis', null))).toEqual(numbers(borealisBefore));

    // The budget counts only what is still stored.
    const [usage] = await t.db.select().from(analyticsUsage).where(eq(analyticsUsage.brandId, 'aurora'));
    const kept = await t.db.execute(sql`SELECT sum(bytes)::bigint AS bytes FROM analytics_event WHERE brand_id = 'aurora'`);
    expect(usage!.storedBytes).toBe(Number((kept as unknown as { rows: { bytes: string }[] }).rows[0]!.bytes));
    // The minute counts of day A went into the day's rollup.
    expect(await t.db.select({ kind: analyticsDaily.kind, key: analyticsDaily.key, events: analyticsDaily.events }).from(analyticsDaily).where(eq(analyticsDaily.kind, 'dropped'))).toEqual([
      { kind: 'dropped', key: 'ceiling', events: 4 },
    ]);

    // A second sweep finds nothing to do and changes nothing.
    expect(await pruneAnalytics(t.db, dayB + 31 * day + 1, { retentionDays: 30 })).toBe(0);
    expect((await Promise.all(ranges.map((r) => analyticsReport(t.db, 'aurora', r.since, r.until ?? null)))).map(numbers)).toEqual(before.map(numbers));
  });

  it('counts a rolled-up day whole when a report starts inside it', async () => {
    const fromNoon = await analyticsReport(t.db, 'aurora', dayA + 12 * 3_600_000, dayB);
    expect(fromNoon.funnel.map((f) => f.sessions)).toEqual([4, 3, 2, 1]);
    expect((await report({ brandId: 'aurora', since: dayA + 12 * 3_600_000, until: dayB })).json().funnel).toEqual(fromNoon.funnel);
  });
});

describe("the report's range", () => {
  it('answers 400 in the error shape for a since or until outside 1970 to 9999, or an until before since', async () => {
    for (const body of [{ since: 1e30 }, { since: -1 }, { since: 1.5 }, { since: null, until: 1e30 }, { since: null, until: latestReportTime + 1 }, { since: '2026-01-01' }]) {
      const answer = await report({ brandId: 'aurora', ...body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ status: 400, code: 'invalid_request', message: expect.any(String) });
    }
    const backwards = await report({ brandId: 'aurora', since: dayC, until: dayA });
    expect(backwards.json()).toEqual({ status: 400, code: 'invalid_report_range', message: 'until must not be before since' });
  });

  it('takes the ends of the range: an empty report at the end of year 9999, everything from 1970', async () => {
    const end = await report({ brandId: 'aurora', since: latestReportTime, until: latestReportTime });
    expect(end.statusCode).toBe(200);
    expect(end.json().pageViews).toEqual([]);
    const all = await report({ brandId: 'aurora', since: 0 });
    expect(all.statusCode).toBe(200);
    expect(all.json().funnel.map((f: { sessions: number }) => f.sessions)).toEqual([6, 4, 2, 1]);
  });

  it('reads a null until as up to now, as npm run analytics sends it (not as the year 1970)', async () => {
    const open = await report({ brandId: 'aurora', since: dayB, until: null });
    expect(open.statusCode).toBe(200);
    expect(open.json().funnel).toEqual((await report({ brandId: 'aurora', since: dayB })).json().funnel);
  });
});
