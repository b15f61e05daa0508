import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as drizzleMigrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { applyMigrations, migrationsFolder } from '../../server/db/migrate.ts';
import { orderHistory } from '../../server/repositories/orders.repository.ts';
import { makeBrand, makeOffer } from './support/factories.ts';

/*
 * Migration 0029 (issue 41): orders made before it keep their English names and get their offer's
 * title in the languages it has, so My orders of a Swedish member reads in Swedish for them too.
 */
const temp = mkdtempSync(join(tmpdir(), 'klubb-migration-0029-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

it('gives the order lines made before it their offer title in every language the offer has', async () => {
  const before = join(temp, 'before');
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.tag < '0029') }));
  const database = await openDatabase({ dataDir: 'memory://', migrate: false });
  try {
    const { db } = database;
    await drizzleMigrate(db as never, { migrationsFolder: before });
    await makeBrand(db, 'aurora', ['localhost']);
    await makeOffer(db, 'aurora', 'tour', { title: 'The Fjord Lines tour', localized: { title: { sv: 'Fjord Lines-turnén', nb: 'Fjord Lines-turneen' } } });
    await makeOffer(db, 'aurora', 'plain', { title: 'Plain' });
    const item = (offerId: string, offerTitle: string) =>
      JSON.stringify({
        itemVariantId: `${offerId}-v`, offerId, offerTitle, offerPuffImage: { jpeg: { medium: '/a.jpg' } }, itemVariantType: 'other', quantity: 1, unitPrice: 100, linePrice: 100,
        itemVariant: { id: `${offerId}-v`, title: 'Standing', description: '', images: [], price: { current: 100, original: 100 }, currency: 'SEK', customFeeIdList: [], taxRates: [], purchaseCap: null, date: { start: null, end: null }, location: null },
      });
    await db.execute(sql`INSERT INTO purchase_order (brand_id, id, user_id, checkout_session_id, amount, currency, fee_record, tax_list, created_at)
      VALUES ('aurora', 'o1', 'u1', 'c1', 200, 'SEK', '{}', '[]', now())`);
    await db.execute(sql`INSERT INTO order_line (brand_id, order_id, line_no, item_variant_id, offer_id, quantity, unit_price, line_price, item)
      VALUES ('aurora', 'o1', 1, 'tour-v', 'tour', 1, 100, 100, ${item('tour', 'The Fjord Lines tour')}::jsonb),
             ('aurora', 'o1', 2, 'plain-v', 'plain', 1, 100, 100, ${item('plain', 'Plain')}::jsonb)`);

    // 0029 and whatever came after it.
    expect(await applyMigrations(db)).toBeGreaterThanOrEqual(1);
    const titles = async (language: 'en' | 'sv' | 'nb') =>
      (await orderHistory(db, 'aurora', 'u1', { language, fallback: 'en' }))[0]!.itemList.map((line) => line.offerTitle);
    expect(await titles('sv')).toEqual(['Fjord Lines-turnén', 'Plain']);
    expect(await titles('nb')).toEqual(['Fjord Lines-turneen', 'Plain']);
    expect(await titles('en')).toEqual(['The Fjord Lines tour', 'Plain']);
  } finally {
    await database.close();
  }
});
