import { sql } from 'drizzle-orm';
import type { IdentityProvider } from '../../identity/identity.ts';
import type { Database } from '../database.ts';
import { billboards, brandContent, brands, categories, customFees, itemVariants, offers, taxRates } from '../schema/index.ts';
import { aurora, borealis } from './brands.ts';
import { demoBrandContent } from './brandContent.ts';
import { localityOf } from '../../../domain/format.ts';
import { auroraCategories, borealisCategories, type CategorySeed } from './categories.ts';
import { billboardFor, generateDemoOffers, type BrandContent } from './offers.ts';
import { featuredHalls } from './venues.ts';
import { seedUsers } from './users.ts';
import { seedPromoCodes } from './promoCodes.ts';
import { generateCommerce } from './commerce.ts';
import { seedRestaurants } from './restaurants.ts';
import { seedDoorEvening } from './doorEvening.ts';

export { demoBrands } from './brands.ts';
export { DEMO_PASSWORD, demoUsers, type DemoUser } from './users.ts';

/** What each demo brand carries; Borealis hides editorial, so it has none. */
export const demoContent: BrandContent[] = [
  {
    brandId: 'aurora',
    brandName: 'Aurora',
    appHost: 'aurora.localhost',
    contactEmail: aurora.contactEmail,
    categories: auroraCategories,
    counts: { editorial: 160, benefit: 160, live: 160 },
    locality: localityOf(aurora.settings),
    featuredHalls: featuredHalls.aurora!,
  },
  {
    brandId: 'borealis',
    brandName: 'Borealis',
    appHost: 'borealis.localhost',
    contactEmail: borealis.contactEmail,
    categories: borealisCategories,
    counts: { benefit: 48, live: 48 },
    locality: localityOf(borealis.settings),
    featuredHalls: featuredHalls.borealis!,
  },
];

const featuredType = { aurora: 'editorial', borealis: 'live' } as const;
const CHUNK = 100;

/** Category rows: the English name in the plain column, every language's beside it. */
export const categoryRows = (brandId: string, list: CategorySeed[]) =>
  list.map((c, position) => ({ brandId, id: c.id, name: c.name.en, localizedName: c.name, typeList: c.typeList, position }));

/**
 * Seeds the demo brands, their restaurant guides, categories, offers (with what they sell), billboards and users. Idempotent: rows
 * have stable ids and existing ones are left as they are; accounts are looked up first. Dates count from `now`,
 * the day of seeding: events are 1 to 12 weeks ahead of it.
 */
export async function seedDemo(db: Database, identity: IdentityProvider, now: Date = new Date()): Promise<void> {
  await db.insert(brands).values([aurora, borealis]).onConflictDoNothing();
  // Content an operator replaced (npm run brand:content) stays as they left it.
  await db.insert(brandContent).values(demoBrandContent).onConflictDoNothing();
  await seedRestaurants(db);
  const promoBrands = [];
  for (const content of demoContent) {
    await db.insert(categories).values(categoryRows(content.brandId, content.categories)).onConflictDoNothing();
    const demo = generateDemoOffers(content, now);
    const rows = demo.rows;
    promoBrands.push({ brandId: content.brandId, brandName: content.brandName, offers: rows });
    for (let i = 0; i < rows.length; i += CHUNK) {
      // An offer seeded while its text named a made-up code (AUR24, issue 41) gets the text that names what its page gives; nothing else of it changes.
      await db
        .insert(offers)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate({ target: [offers.brandId, offers.id], set: { contentBlocks: sql`excluded.content_blocks` }, where: sql`${offers.contentBlocks}::text ~ 'with the code [A-Z]{3}[0-9]{2}[.]'` });
    }
    // Rows already there stay as they are: the demo's queued evening keeps the on-sale time of its first seeding.
    const commerce = generateCommerce(content.brandId, demo, now);
    await db.insert(taxRates).values(commerce.taxRates).onConflictDoNothing();
    await db.insert(customFees).values(commerce.customFees).onConflictDoNothing();
    for (let i = 0; i < commerce.itemVariants.length; i += CHUNK) {
      // A variant seeded before its names were translated gets them; nothing else of it changes.
      await db
        .insert(itemVariants)
        .values(commerce.itemVariants.slice(i, i + CHUNK))
        .onConflictDoUpdate({ target: [itemVariants.brandId, itemVariants.id], set: { localized: sql`excluded.localized` }, where: sql`${itemVariants.localized} = '{}'::jsonb` });
    }
    // The evening door staff admit members to: tonight, whenever the demo starts (issue 43).
    await seedDoorEvening(db, content.brandId, demo, now);
    const type = featuredType[content.brandId as keyof typeof featuredType];
    await db.insert(billboards).values(billboardFor(content.brandId, type)).onConflictDoNothing();
  }
  // PGlite runs no autovacuum; without a visibility map the feed's index-only scans read the table.
  await db.execute(sql`VACUUM ANALYZE offer`);
  await seedUsers(db, identity);
  // After the users: the demo members hold some of the claimed codes.
  await seedPromoCodes(db, identity, promoBrands, now);
}
