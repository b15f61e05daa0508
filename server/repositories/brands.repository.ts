import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { brandRoles, brands, users } from '../db/schema/index.ts';

export type BrandRow = typeof brands.$inferSelect;
export type BrandRoleRow = typeof brandRoles.$inferSelect;

/** The host part of an app URL ('https://aurora.localhost:8080/x' → 'aurora.localhost'), or null. */
export function appUrlHost(appUrl: string): string | null {
  try {
    const url = new URL(appUrl.includes('://') ? appUrl : `http://${appUrl}`);
    return url.hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

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
