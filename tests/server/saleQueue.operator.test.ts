import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { itemVariants } from '../../server/db/schema/index.ts';
import { parseOnSaleTime } from '../../server/commerce/onSaleTime.ts';
import { adminTokenHeader } from '../../server/plugins/operatorOnly.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand } from './support/factories.ts';
import { makeConcert } from './checkout.helpers.ts';
import { operatorCommand } from './support/operatorCommand.ts';
import { demoContent } from '../../server/db/seed/index.ts';
import { demoQueuedEvening, generateCommerce } from '../../server/db/seed/commerce.ts';
import { generateDemoOffers } from '../../server/db/seed/offers.ts';

/*
 * How an operator sets a variant's on-sale time (issue 39): `npm run offer:on-sale` on the
 * embedded database, and its /admin call through a running server (the operator guard's token).
 */

const adminToken = 'operator-token-of-the-on-sale-test';
const now = Date.UTC(2026, 10, 28, 12, 0, 0);

describe('the on-sale time as the operator writes it', () => {
  it('is a date-time with its zone, a time from now, or none', () => {
    expect(parseOnSaleTime('2026-12-01T19:00:00+01:00', now)?.toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(parseOnSaleTime('2026-12-01T18:00Z', now)?.toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(parseOnSaleTime('+10m', now)?.getTime()).toBe(now + 600_000);
    expect(parseOnSaleTime('+30s', now)?.getTime()).toBe(now + 30_000);
    expect(parseOnSaleTime('none', now)).toBeNull();
    for (const wrong of ['2026-12-01T19:00', 'tomorrow', '+10 minutes', '2026-13-45T99:00:00Z']) {
      expect(() => parseOnSaleTime(wrong, now), wrong).toThrow(/is not an on-sale time/);
    }
  });
});

describe('the demo seed', () => {
  it('puts one public Aurora evening on sale 10 minutes after the seeding, and nothing else', () => {
    for (const content of demoContent) {
      const demo = generateDemoOffers(content, new Date(now));
      const queued = generateCommerce(content.brandId, demo, new Date(now)).itemVariants.filter((v) => v.onSaleAt);
      if (content.brandId !== 'aurora') {
        expect(queued).toEqual([]);
        continue;
      }
      expect(queued.map((v) => [v.id, v.onSaleAt!.getTime()])).toEqual([[demoQueuedEvening.itemVariantId, now + 10 * 60_000]]);
      const offer = demo.rows.find((o) => o.id === queued[0]!.offerId)!;
      expect({ type: offer.type, sells: offer.itemVariantType, active: offer.active, public: !offer.requiresSignIn }).toEqual({ type: 'live', sells: 'ticket', active: true, public: true });
      expect(queued[0]!.dateStart!.getTime()).toBeGreaterThan(now + 7 * 24 * 3_600_000);
      // Generated without a seeding time (as the seed's own tests do), nothing has an on-sale time.
      expect(generateCommerce(content.brandId, demo).itemVariants.filter((v) => v.onSaleAt)).toEqual([]);
    }
  });
});

describe('POST /admin/offers/on-sale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => now, adminToken });
    await makeBrand(t.db, 'aurora', ['localhost']);
    await makeConcert(t.db, 'aurora', [['evening', 20]]);
  });
  afterAll(() => t?.close());
  const call = (payload: object, token = adminToken) =>
    t.app.inject({ method: 'POST', url: '/admin/offers/on-sale', remoteAddress: '127.0.0.1', headers: { [adminTokenHeader]: token }, payload });

  it('sets and removes the on-sale time, which the offer then shows; only with the token', async () => {
    expect((await call({ brandId: 'aurora', itemVariantId: 'evening', at: '+10m' })).json()).toEqual({
      brandId: 'aurora', itemVariantId: 'evening', offerId: 'concert', onSaleAt: new Date(now + 600_000).toISOString(),
    });
    const [row] = await t.db.select().from(itemVariants).where(and(eq(itemVariants.brandId, 'aurora'), eq(itemVariants.id, 'evening')));
    expect(row!.onSaleAt?.getTime()).toBe(now + 600_000);
    expect((await call({ brandId: 'aurora', itemVariantId: 'evening', at: 'none' })).json()).toMatchObject({ onSaleAt: null });
    expect((await call({ brandId: 'aurora', itemVariantId: 'nope', at: '+1m' })).json()).toMatchObject({ status: 404, code: 'item_not_found' });
    expect((await call({ brandId: 'aurora', itemVariantId: 'evening', at: 'soon' })).json()).toMatchObject({ status: 400, code: 'invalid_on_sale_time' });
    expect((await call({ brandId: 'aurora', itemVariantId: 'evening', at: '+1m' }, 'wrong')).statusCode).toBe(404);
  });
});

describe('npm run offer:on-sale on the embedded database', () => {
  let dir: string;
  const dataDir = () => join(dir, 'data');
  const onSaleAt = async () => {
    const database = await openDatabase({ dataDir: dataDir() });
    try {
      const [row] = await database.db.select().from(itemVariants).where(eq(itemVariants.id, 'evening'));
      return row?.onSaleAt?.toISOString() ?? null;
    } finally {
      await database.close();
    }
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'klubb-on-sale-'));
    const database = await openDatabase({ dataDir: dataDir() });
    await makeBrand(database.db, 'aurora', ['localhost']);
    await makeConcert(database.db, 'aurora', [['evening', 20]]);
    await database.close();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sets the time, and says what is wrong with a time or a variant', async () => {
    const set = await operatorCommand('offerOnSale.ts', ['--brand', 'aurora', '--variant', 'evening', '--at', '2026-12-01T19:00:00+01:00'], { DATA_DIR: dataDir() });
    expect(set).toEqual({ ok: true, out: expect.stringContaining('evening (offer concert) of aurora goes on sale at 2026-12-01T18:00:00.000Z; its queue opens 15 minutes before') });
    expect(await onSaleAt()).toBe('2026-12-01T18:00:00.000Z');
    const typo = await operatorCommand('offerOnSale.ts', ['--brand', 'aurora', '--variant', 'evening', '--at', '2026-12-01 19:00'], { DATA_DIR: dataDir() });
    expect(typo).toEqual({ ok: false, out: expect.stringContaining('"2026-12-01 19:00" is not an on-sale time') });
    const unknown = await operatorCommand('offerOnSale.ts', ['--brand', 'aurora', '--variant', 'nope', '--at', 'none'], { DATA_DIR: dataDir() });
    expect(unknown).toEqual({ ok: false, out: expect.stringContaining('Brand aurora has no item variant nope') });
    expect(await onSaleAt()).toBe('2026-12-01T18:00:00.000Z');
  }, 120_000);
});
