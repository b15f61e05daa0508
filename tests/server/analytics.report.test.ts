import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '../../contract/analytics.ts';
import type { AnalyticsEventName } from '../../contract/analyticsEvents.ts';
import { analyticsReport, describeReport } from '../../server/analytics/report.ts';
import { pruneAnalytics } from '../../server/analytics/retention.ts';
import { adminTokenHeader } from '../../server/plugins/operatorOnly.ts';
import { makeBrand } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { encode, event, sendBeacon, sessionId, storedEvents } from './analytics.helpers.ts';

const day = 86_400_000;
const clock = { ms: Date.parse('2026-11-20T10:00:00Z'), now: () => clock.ms, advance: (ms: number) => void (clock.ms += ms) };
const adminToken = 'analytics-test-admin-token';

let t: TestApp;

/** Sends one session's events as the app does on page hide. */
async function session(n: number, steps: [AnalyticsEventName, string?][], change: Partial<AnalyticsEvent> = {}, appUrl?: string) {
  const events = steps.map(([name, offerOrPath]) =>
    name === 'page_view'
      ? event(name, { sessionId: sessionId(n), pathName: offerOrPath ?? '/', ...change })
      : event(name, { sessionId: sessionId(n), pathName: '/offer', customParams: offerOrPath ? { offerId: offerOrPath } : {}, ...change }),
  );
  const answer = await sendBeacon(t, encode({ events }), { appUrl, address: `10.40.0.${n}` });
  expect(answer.json()).toEqual({ stored: events.length, refused: [] });
}

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, adminToken, checkoutSweepMs: 200, analytics: { retentionDays: 30 } });
  await makeBrand(t.db, 'aurora', ['aurora.localhost']);
  await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  // Ten days ago: only in a report without --since.
  clock.advance(-10 * day);
  await session(8, [['offer_opened', 'o-9']]);
  clock.advance(10 * day);
  await session(1, [['page_view', '/'], ['offer_opened', 'o-1'], ['added_to_cart', 'o-1'], ['checkout_opened'], ['order_paid']]);
  await session(2, [['offer_opened', 'o-1'], ['added_to_cart', 'o-1'], ['checkout_opened']]);
  await session(3, [['offer_opened', 'o-2'], ['offer_opened', 'o-2'], ['added_to_cart', 'o-2']]);
  await session(4, [['offer_opened', 'o-2'], ['offer_opened', 'o-3']]);
  // Paid from a cart filled in an earlier session: no offer opened in this one, so not in the funnel.
  await session(5, [['checkout_opened'], ['order_paid']]);
  await session(6, [['page_view', '/'], ['page_view', '/more'], ['page_view', '/']]);
  // Another brand's purchase never shows in Aurora's report.
  const borealis = { brandId: 'borealis' };
  await session(7, [['page_view', '/'], ['offer_opened', 'o-1'], ['added_to_cart', 'o-1'], ['checkout_opened'], ['order_paid']], borealis, 'http://borealis.localhost:8080');
}, 60_000);
afterAll(() => t.close());

describe('the analytics report', () => {
  it('counts page views per path, the funnel in distinct sessions with the conversion per step, and the most opened offers', async () => {
    const report = await analyticsReport(t.db, 'aurora', clock.ms - 7 * day);
    expect(report.pageViews).toEqual([
      { key: '/', events: 3, sessions: 2 },
      { key: '/more', events: 1, sessions: 1 },
    ]);
    expect(report.funnel).toEqual([
      { step: 'offer_opened', sessions: 4, conversion: null },
      { step: 'added_to_cart', sessions: 3, conversion: 0.75 },
      { step: 'checkout_opened', sessions: 2, conversion: 2 / 3 },
      { step: 'order_paid', sessions: 1, conversion: 0.5 },
    ]);
    expect(report.topOffers).toEqual([
      { key: 'o-2', events: 3, sessions: 2 },
      { key: 'o-1', events: 2, sessions: 2 },
      { key: 'o-3', events: 1, sessions: 1 },
    ]);
  });

  it('without a start, counts every event kept', async () => {
    const report = await analyticsReport(t.db, 'aurora', null);
    expect(report.funnel.map((f) => f.sessions)).toEqual([5, 3, 2, 1]);
    expect(report.topOffers.map((o) => o.key)).toEqual(['o-2', 'o-1', 'o-3', 'o-9']);
  });

  it('prints it as the operator reads it', async () => {
    const report = await analyticsReport(t.db, 'aurora', Date.parse('2026-11-13T10:00:00Z'));
    const usedBytes = report.bounds.usedBytes;
    expect(usedBytes).toBeGreaterThan(20 * 500);
    const text = describeReport(report);
    expect(text).toBe(
      [
        'Analytics of aurora, since 2026-11-13 10:00 UTC',
        '',
        'Page views per path',
        '  path   views  sessions',
        '  /          3         2',
        '  /more      1         1',
        '',
        'Purchase funnel (sessions that reached the step and every step before it)',
        '  step             sessions  of step before',
        '  offer opened            4',
        '  added to cart           3           75.0%',
        '  checkout opened         2           66.7%',
        '  paid                    1           50.0%',
        '  25.0% of the sessions that opened an offer paid',
        '',
        'Top offers (opened)',
        '  offer  opened  sessions',
        '  o-2         3         2',
        '  o-1         2         2',
        '  o-3         1         1',
        '',
        'Dropped events (not stored)',
        '  over the ingest ceiling  3000 a minute  0',
        '  over the storage budget        2048 MB  0',
        `  raw events now take ${Math.round(usedBytes / 1024)} kB of the budget`,
      ].join('\n'),
    );
  });

  it('is what the operator command gets through the running server (loopback and admin token only)', async () => {
    const ask = (headers: Record<string, string>, body: unknown = { brandId: 'borealis', since: null }) =>
      t.app.inject({ method: 'POST', url: '/admin/analytics/report', headers, payload: body as Record<string, unknown>, remoteAddress: '127.0.0.1' });
    const answer = await ask({ [adminTokenHeader]: adminToken });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().funnel.map((f: { sessions: number }) => f.sessions)).toEqual([1, 1, 1, 1]);
    expect((await ask({ [adminTokenHeader]: 'wrong' })).statusCode).toBe(404);
    const unknown = await ask({ [adminTokenHeader]: adminToken }, { brandId: 'nope', since: null });
    expect(unknown.json()).toEqual({ status: 404, code: 'brand_not_found', message: 'There is no brand nope' });
  });
});

describe('retention', () => {
  it('deletes every event received before the retention, a batch at a time', async () => {
    const kept = (await storedEvents(t)).length;
    // As if 400 days had passed, with batches of 4: the app's own clock (and its sweep) stays put.
    expect(await pruneAnalytics(t.db, clock.ms + 400 * day, { retentionDays: 30, batchSize: 4 })).toBe(kept);
    expect(await storedEvents(t)).toEqual([]);
  });

  it('is kept by the periodic sweep: events whose UTC day is past ANALYTICS_RETENTION_DAYS go, younger ones stay', async () => {
    await session(20, [['page_view', '/old']]);
    clock.advance(20 * day);
    await session(21, [['page_view', '/younger']]);
    // Events go with their whole UTC day: once the day /old was sent on (at 10:00) is past the 30 days.
    clock.advance(10 * day + 14 * 3_600_000 + 1);
    await expect.poll(async () => (await storedEvents(t)).map((e) => e.path), { timeout: 20_000 }).toEqual(['/younger']);
  });
});
