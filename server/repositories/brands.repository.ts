import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { brandRoles, brands } from '../db/schema/index.ts';

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
