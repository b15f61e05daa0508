import { and, asc, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { Restaurant } from '../../contract/restaurant.ts';
import type { Language } from '../../domain/language.ts';
import type { Executor } from '../db/database.ts';
import { ANY_BRAND_ROLE, restaurantMapSettings, restaurants } from '../db/schema/index.ts';
import { textIn, type TextLanguages } from '../language.ts';

export type RestaurantRow = typeof restaurants.$inferSelect;
export type RestaurantMapSettingsRow = typeof restaurantMapSettings.$inferSelect;

/** "Sverige", "Norway": the country of an ISO 3166 code in `language`, else the code itself. */
export function countryName(countryCode: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(countryCode.toUpperCase()) ?? countryCode;
  } catch {
    return countryCode;
  }
}

/** A restaurant as the guide shows it: its description and country in the member's language. */
export function toRestaurant(row: RestaurantRow, languages: TextLanguages): Restaurant {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    country: countryName(row.countryCode, languages.language),
    lat: row.lat,
    lng: row.lng,
    phone: row.phone,
    mapsUrl: row.mapsUrl,
    shortDescription: textIn(row.shortDescription, languages),
    restaurantUrl: row.restaurantUrl,
    restaurantWidgetUrl: row.restaurantWidgetUrl,
  };
}

/**
 * The brand's visible restaurants by name, at most `limit`. The root Unicode collation orders
 * names the same way on PGlite and PostgreSQL, whatever the database's own collation.
 */
export async function listVisibleRestaurants(db: Executor, brandId: string, limit: number): Promise<RestaurantRow[]> {
  return db
    .select()
    .from(restaurants)
    .where(and(eq(restaurants.brandId, brandId), eq(restaurants.visible, true)))
    .orderBy(sql`${restaurants.name} COLLATE "und-x-icu"`, asc(restaurants.id))
    .limit(limit);
}

/**
 * One visible restaurant of the brand; null for another brand's, a hidden one or none. `lock`
 * takes its row FOR UPDATE (in the caller's transaction): table bookings of one restaurant are
 * then counted and inserted one after another, on every instance.
 */
export async function findVisibleRestaurant(db: Executor, brandId: string, id: string, lock = false): Promise<RestaurantRow | null> {
  const query = db
    .select()
    .from(restaurants)
    .where(and(eq(restaurants.brandId, brandId), eq(restaurants.id, id), eq(restaurants.visible, true)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A restaurant of the brand, visible or not (a booking's, whose restaurant was hidden since). */
export async function findRestaurant(db: Executor, brandId: string, id: string): Promise<RestaurantRow | null> {
  const [row] = await db
    .select()
    .from(restaurants)
    .where(and(eq(restaurants.brandId, brandId), eq(restaurants.id, id)));
  return row ?? null;
}

/** The map settings of the member's kind of role, else the brand's ('*'); null when the brand has neither. */
export async function findRestaurantMapSettings(db: Executor, brandId: string, brandRoleId: string): Promise<RestaurantMapSettingsRow | null> {
  const rows = await db
    .select()
    .from(restaurantMapSettings)
    .where(and(eq(restaurantMapSettings.brandId, brandId), inArray(restaurantMapSettings.brandRoleId, [brandRoleId, ANY_BRAND_ROLE])));
  return rows.find((row) => row.brandRoleId === brandRoleId) ?? rows.find((row) => row.brandRoleId === ANY_BRAND_ROLE) ?? null;
}

/** The extent of the brand's visible restaurants, for a map when the brand set none; null without any. */
export async function visibleRestaurantBounds(db: Executor, brandId: string) {
  const [row] = await db
    .select({
      south: sql<number | null>`min(${restaurants.lat})`,
      north: sql<number | null>`max(${restaurants.lat})`,
      west: sql<number | null>`min(${restaurants.lng})`,
      east: sql<number | null>`max(${restaurants.lng})`,
    })
    .from(restaurants)
    .where(and(eq(restaurants.brandId, brandId), eq(restaurants.visible, true)));
  if (!row || row.south === null || row.north === null || row.west === null || row.east === null) return null;
  return { south: Number(row.south), north: Number(row.north), west: Number(row.west), east: Number(row.east) };
}

/** Whether any brand keeps its own Google Maps key (the deployment's key is in the config). */
export async function anyBrandHasMapsKey(db: Executor): Promise<boolean> {
  const rows = await db.select({ brandId: restaurantMapSettings.brandId }).from(restaurantMapSettings).where(isNotNull(restaurantMapSettings.apiKey)).limit(1);
  return rows.length > 0;
}

/** The origins of booking widgets served by another provider (absolute `restaurant_widget_url`s). */
export async function outsideWidgetOrigins(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ url: restaurants.restaurantWidgetUrl })
    .from(restaurants)
    .where(and(isNotNull(restaurants.restaurantWidgetUrl), like(restaurants.restaurantWidgetUrl, 'https://%')));
  const origins = rows.flatMap(({ url }) => {
    try {
      return url ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)].sort();
}
