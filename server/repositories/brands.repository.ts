import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { brandRoles, brands, users } from '../db/schema/index.ts';

export type BrandRow = typeof brands.$inferSelect;
export type BrandRoleRow = typeof brandRoles.$inferSelect;

export async function findBrandByHost(db: Executor, host: string): Promise<BrandRow | null> {
  const rows = await db
    .select()
    .from(brands)
    .where(sql`${host} = ANY(${brands.appHosts})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findBrandRole(db: Executor, brandId: string, userId: string): Promise<BrandRoleRow | null> {
  const rows = await db
    .select()
    .from(brandRoles)
    .where(and(eq(brandRoles.brandId, brandId), eq(brandRoles.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Whether the e-mail belongs to a member with an active role in a brand other than `brandId`:
 * the account was registered with another partner (spec 6).
 */
export async function hasActiveRoleInOtherBrand(db: Executor, brandId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ brandId: brandRoles.brandId })
    .from(users)
    .innerJoin(brandRoles, and(eq(brandRoles.brandId, users.brandId), eq(brandRoles.userId, users.id)))
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.brandId, brandId), eq(brandRoles.active, true)))
    .limit(1);
  return rows.length > 0;
}

export async function findBrandById(db: Executor, id: string): Promise<BrandRow | null> {
  const rows = await db.select().from(brands).where(eq(brands.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Any fixed number (distinct from the other advisory locks): brand writes one at a time, so two cannot take the same host. */
const brandWriteLockId = 0x6b6c6272;

/** Serialises brand writes until the caller's transaction ends. */
export async function lockBrandWrites(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${brandWriteLockId})`);
}

/** Brands other than `exceptId` that serve one of `hosts` or use `tenantId`. */
export async function findBrandsInTheWay(
  db: Executor,
  { hosts, tenantId, exceptId }: { hosts: string[]; tenantId: string | undefined; exceptId: string },
): Promise<Pick<BrandRow, 'id' | 'appHosts' | 'authTenantId'>[]> {
  const hostList = sql`ARRAY[${sql.join(hosts.map((h) => sql`${h}`), sql`, `)}]::text[]`;
  const sameTenant = tenantId === undefined ? sql`false` : sql`${brands.authTenantId} = ${tenantId}`;
  return db
    .select({ id: brands.id, appHosts: brands.appHosts, authTenantId: brands.authTenantId })
    .from(brands)
    .where(and(ne(brands.id, exceptId), sql`(${brands.appHosts} && ${hostList} OR ${sameTenant})`));
}

export async function insertBrand(db: Executor, brand: typeof brands.$inferInsert): Promise<BrandRow> {
  const [row] = await db.insert(brands).values(brand).returning();
  return row!;
}

/** Replaces everything of the brand but its id, tenant and creation time; null when there is no such brand. */
export async function replaceBrand(db: Executor, brand: Omit<typeof brands.$inferInsert, 'authTenantId' | 'createdAt'>): Promise<BrandRow | null> {
  const { id, ...fields } = brand;
  const [row] = await db.update(brands).set(fields).where(eq(brands.id, id)).returning();
  return row ?? null;
}
