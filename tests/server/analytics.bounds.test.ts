import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '../../contract/analytics.ts';
import { readFileSync } from 'node:fs';
import { analyticsReport } from '../../server/analytics/report.ts';
import { parseBrandFile } from '../../server/brands/brandFile.ts';
import { analyticsUsage, brands, type StoredBrandSettings } from '../../server/db/schema/index.ts';
import { makeBrand } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { encode, event, sendBeacon, sessionId, storedEvents } from './analytics.helpers.ts';

/*
 * Issue 40, "Bounded analytics": strangers sending beacons from fresh addresses fill no disk. Per
 * brand an ingest ceiling (events a minute) and a storage budget; past them events are dropped and
 * counted, never stored. The clock is the test's: a minute passes when the test says so.
 */

const minute = 60_000;
const clock = { ms: Date.parse('2026-11-20T10:00:05Z'), now: () => clock.ms, advance: (ms: number) => void (clock.ms += ms) };

let t: TestApp;
/** A second instance on the same database, as behind a load balancer. */
let other: TestApp;

async function setBounds(brandId: string, bounds: Partial<Pick<StoredBrandSettings, 'analyticsEventsPerMinute' | 'analyticsStorageMegabytes'>>) {
  const [row] = await t.db.select({ settings: brands.settings }).from(brands).where(eq(brands.id, brandId));
  await t.db.update(brands).set({ settings: { ...row!.settings, ...bounds } }).where(eq(brands.id, brandId));
}

/** A batch of 50 events of one session, as a tab sends on page hide. */
const batchOf = (brandId: string, n: number, change: Partial<AnalyticsEvent> = {}) =>
  encode({ events: Array.from({ length: 50 }, (_, i) => event('page_view', { brandId, sessionId: sessionId(n % 1000), pathName: `/p/${i}`, ...change })) });

const appUrls: Record<string, string> = { ceiling: 'http://ceiling.localhost:8080', budget: 'http://budget.localhost:8080', firefox: 'http://firefox.localhost:8080' };

/** `count` beacons of 50 events each from as many fresh addresses, all at once, spread over both instances. */
async function flood(brandId: string, count: number, offset = 0) {
  const bodies = Array.from({ length: 10 }, (_, i) => batchOf(brandId, i));
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const n = offset + i;
      return sendBeacon(n % 2 === 0 ? t : other, bodies[n % bodies.length]!, { appUrl: appUrls[brandId], address: `10.${100 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}` });
    }),
  );
  expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
  return answers.map((a) => a.json() as { stored: number; refused: unknown[]; dropped?: number });
}

const countOf = async (brandId: string) => {
  const result = await t.db.execute(sql`SELECT count(*)::int AS n FROM analytics_event WHERE brand_id = ${brandId}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

beforeAll(async () => {
  // The per-address limit is not what is tried here: every beacon comes from an address of its own anyway.
  t = await createTestApp({ now: clock.now, analytics: { perMinute: 1_000 } });
  other = await createTestApp({ now: clock.now, analytics: { perMinute: 1_000 }, database: t.database });
  await makeBrand(t.db, 'ceiling', ['ceiling.localhost']);
  await makeBrand(t.db, 'budget', ['budget.localhost']);
  await makeBrand(t.db, 'firefox', ['firefox.localhost']);
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('the ingest ceiling', () => {
  it('stores exactly the ceiling of 100,000 events sent in one minute by 2,000 parallel beacons on two instances, and counts the rest as dropped', async () => {
    const answers = await flood('ceiling', 2_000);
    const stored = answers.reduce((sum, a) => sum + a.stored, 0);
    const dropped = answers.reduce((sum, a) => sum + (a.dropped ?? 0), 0);
    expect({ stored, dropped }).toEqual({ stored: 3_000, dropped: 97_000 });
    expect(await countOf('ceiling')).toBe(3_000);
    const report = await analyticsReport(t.db, 'ceiling', null);
    expect(report.dropped).toEqual({ overCeiling: 97_000, overBudget: 0 });
    expect(report.bounds.eventsPerMinute).toBe(3_000);
    expect(report.pageViews[0]).toMatchObject({ key: '/p/0', events: 60 });
  }, 120_000);

  it('lets the next minute store again, up to the ceiling the brand sets', async () => {
    await setBounds('ceiling', { analyticsEventsPerMinute: 120 });
    clock.advance(minute);
    // The brand is read from each instance's cache for up to 30 s; past that the new setting holds.
    clock.advance(30_000);
    const answers = await flood('ceiling', 10, 5_000);
    expect(answers.reduce((sum, a) => sum + a.stored, 0)).toBe(120);
    expect(answers.map((a) => a.stored + (a.dropped ?? 0))).toEqual(Array(10).fill(50));
    expect(await countOf('ceiling')).toBe(3_120);
    expect((await analyticsReport(t.db, 'ceiling', null)).dropped.overCeiling).toBe(97_000 + 380);
  }, 60_000);
});

describe('the storage budget', () => {
  it('stores events until their estimated size reaches the budget, then drops and counts them; a bigger budget lets them in again', async () => {
    await setBounds('budget', { analyticsStorageMegabytes: 1, analyticsEventsPerMinute: 100_000 });
    const answers = await flood('budget', 60);
    const stored = answers.reduce((sum, a) => sum + a.stored, 0);
    expect(stored).toBeGreaterThan(500);
    expect(stored).toBeLessThan(3_000);
    // Full to within one event: each beacon stores the events that fit, in order.
    const [usage] = await t.db.select().from(analyticsUsage).where(eq(analyticsUsage.brandId, 'budget'));
    expect(usage!.storedBytes).toBeLessThanOrEqual(1024 * 1024);
    expect(usage!.storedBytes).toBeGreaterThan(1024 * 1024 - 2_000);
    const sizes = await t.db.execute(sql`SELECT sum(bytes)::bigint AS bytes FROM analytics_event WHERE brand_id = 'budget'`);
    expect(Number((sizes as unknown as { rows: { bytes: string }[] }).rows[0]!.bytes)).toBe(usage!.storedBytes);
    const report = await analyticsReport(t.db, 'budget', null);
    expect(report.dropped).toEqual({ overCeiling: 0, overBudget: 3_000 - stored });
    expect(report.bounds).toEqual({ eventsPerMinute: 100_000, storageBytes: 1024 * 1024, usedBytes: usage!.storedBytes });
    // Full: a later beacon is dropped too.
    clock.advance(minute);
    expect((await sendBeacon(t, batchOf('budget', 1), { appUrl: appUrls.budget, address: '10.99.0.1' })).json()).toEqual({ stored: 0, refused: [], dropped: 50 });
    // A bigger budget lets it in.
    await setBounds('budget', { analyticsStorageMegabytes: 2 });
    clock.advance(31_000);
    expect((await sendBeacon(t, batchOf('budget', 2), { appUrl: appUrls.budget, address: '10.99.0.2' })).json()).toEqual({ stored: 50, refused: [] });
  }, 60_000);

  it('are set in the brand file (npm run brand), checked like every setting', () => {
    const file = JSON.parse(readFileSync('docs/brand.example.json', 'utf8'));
    const parsed = parseBrandFile({ ...file, settings: { ...file.settings, analyticsEventsPerMinute: 600, analyticsStorageMegabytes: 512 } });
    expect(parsed.ok && parsed.value.settings).toMatchObject({ analyticsEventsPerMinute: 600, analyticsStorageMegabytes: 512 });
    const bad = parseBrandFile({ ...file, settings: { ...file.settings, analyticsEventsPerMinute: 0, analyticsStorageMegabytes: 1.5 } });
    expect(bad.ok ? [] : bad.problems).toEqual([
      { path: '$.settings.analyticsEventsPerMinute', message: 'must be a whole number of events from 1 to 1000000' },
      { path: '$.settings.analyticsStorageMegabytes', message: 'must be a whole number of megabytes from 1 to 1048576' },
    ]);
  });

  it("are the operator's settings: the app's brand answer leaves them out", async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/v1/get/brand?appUrl=${encodeURIComponent(appUrls.budget!)}` });
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.json().settings)).not.toEqual(expect.arrayContaining(['analyticsStorageMegabytes']));
    expect(Object.keys(answer.json().settings)).not.toEqual(expect.arrayContaining(['analyticsEventsPerMinute']));
  });

  it('estimates what an event takes on disk (its row and index entries) within a quarter', async () => {
    const size = await t.db.execute(sql`SELECT pg_total_relation_size('analytics_event')::bigint AS bytes`);
    const onDisk = Number((size as unknown as { rows: { bytes: string }[] }).rows[0]!.bytes);
    const estimated = await t.db.execute(sql`SELECT sum(bytes)::bigint AS bytes, count(*)::int AS n FROM analytics_event`);
    const row = (estimated as unknown as { rows: { bytes: string; n: number }[] }).rows[0]!;
    const ratio = Number(row.bytes) / onDisk;
    expect(row.n).toBeGreaterThan(3_000);
    expect(ratio, `estimated ${row.bytes} bytes for ${row.n} events, ${onDisk} on disk`).toBeGreaterThan(0.75);
    expect(ratio, `estimated ${row.bytes} bytes for ${row.n} events, ${onDisk} on disk`).toBeLessThan(1.25);
  });
});

describe('beacons with Origin: null (Firefox sendBeacon)', () => {
  const beacon = (host: string, brandId = 'firefox') =>
    sendBeacon(t, encode({ events: [event('page_view', { brandId, pathName: '/from-firefox' })] }), { headers: { origin: 'null', host }, address: '10.98.0.1' });

  it("are matched by the request's host", async () => {
    const answer = await beacon('firefox.localhost:8080');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ stored: 1, refused: [] });
    expect((await storedEvents(t)).filter((e) => e.brandId === 'firefox').map((e) => e.path)).toEqual(['/from-firefox']);
  });

  it('are still refused on a host no brand has, and an event naming another brand than the host is refused', async () => {
    const unknown = await beacon('evil.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 404, code: 'brand_not_found', message: 'No brand is registered for this app URL' });
    const mismatch = await beacon('firefox.localhost:8080', 'budget');
    expect(mismatch.json()).toMatchObject({ stored: 0, refused: [{ index: 0, status: 403, code: 'event_brand_mismatch' }] });
  });

  // The app names its origin in the beacon's address (src/services/analytics.ts, analyticsUrl): with the API on
  // another origin (VITE_API_BASE) the Host is the API's, and Firefox sends no Origin or Referer to go by.
  const fromPageOf = (appUrl: string | null, headers: Record<string, string>, brandId = 'firefox') =>
    sendBeacon(t, encode({ events: [event('page_view', { brandId, pathName: '/api-elsewhere' })] }), {
      url: appUrl === null ? '/v1/a' : `/v1/a?appUrl=${encodeURIComponent(appUrl)}`,
      headers: { origin: 'null', host: 'api.localhost:8080', ...headers },
      address: '10.98.0.2',
    });

  it("sent to an API on another origin, are matched by the app URL the app names in the query (without it the API's host names no brand)", async () => {
    const unnamed = await fromPageOf(null, {});
    expect(unnamed.statusCode).toBe(404);
    expect(unnamed.json()).toMatchObject({ code: 'brand_not_found' });

    const named = await fromPageOf(appUrls.firefox!, {});
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({ stored: 1, refused: [] });
    expect((await storedEvents(t)).filter((e) => e.brandId === 'firefox' && e.path === '/api-elsewhere')).toHaveLength(1);
  });

  it('believe an Origin or Referer that names the page over the query, and refuse a query that names no brand', async () => {
    // A page of Budget cannot count its events as Firefox's by naming it: its browser says where it is.
    const byOrigin = await fromPageOf(appUrls.firefox!, { origin: appUrls.budget! });
    expect(byOrigin.json()).toMatchObject({ stored: 0, refused: [{ index: 0, status: 403, code: 'event_brand_mismatch' }] });
    const byReferer = await fromPageOf(appUrls.firefox!, { referer: `${appUrls.budget}/live/1` });
    expect(byReferer.json()).toMatchObject({ stored: 0, refused: [{ index: 0, status: 403, code: 'event_brand_mismatch' }] });

    const unknown = await fromPageOf('http://evil.example', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'brand_not_found' });
    const malformed = await fromPageOf('http://', {});
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'invalid_app_url' });
  });
});
