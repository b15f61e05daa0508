import { BOOKING_WIDGET_PATH_PREFIX } from '../../../contract/restaurant.ts';
import type { Database } from '../database.ts';
import { ANY_BRAND_ROLE, restaurantMapSettings, restaurants } from '../schema/index.ts';
import { osloRestaurants } from './restaurantsOslo.ts';
import { stockholmRestaurants } from './restaurantsStockholm.ts';

const demoGuides = [
  { brandId: 'aurora', city: 'Stockholm', countryCode: 'SE', list: stockholmRestaurants, center: { lat: 59.3293, lng: 18.0686 } },
  { brandId: 'borealis', city: 'Oslo', countryCode: 'NO', list: osloRestaurants, center: { lat: 59.9139, lng: 10.7522 } },
];

const restaurantRows = (guide: (typeof demoGuides)[number]) =>
  guide.list.map((r) => ({
    brandId: guide.brandId,
    id: r.id,
    name: r.name,
    address: r.address,
    postalCode: r.postalCode,
    city: guide.city,
    countryCode: guide.countryCode,
    lat: r.lat,
    lng: r.lng,
    phone: r.phone,
    mapsUrl: null,
    shortDescription: r.description,
    restaurantUrl: r.url,
    restaurantWidgetUrl: r.booking ? `${BOOKING_WIDGET_PATH_PREFIX}${guide.brandId}/${r.id}` : null,
    booking: r.booking,
    visible: !r.hidden,
  }));

/**
 * The demo brands' guides and how their maps open: on the city at zoom 13 for every role, and
 * wider for Aurora's staff (a role-specific row). No key of their own: the deployment's
 * GOOGLE_MAPS_API_KEY, else the guide shows its list. Idempotent: existing rows stay as they are.
 */
export async function seedRestaurants(db: Database): Promise<void> {
  for (const guide of demoGuides) {
    await db.insert(restaurants).values(restaurantRows(guide)).onConflictDoNothing();
    const view = { brandId: guide.brandId, centerLat: guide.center.lat, centerLng: guide.center.lng, apiKey: null, mapId: null };
    await db.insert(restaurantMapSettings).values({ ...view, brandRoleId: ANY_BRAND_ROLE, zoom: 13 }).onConflictDoNothing();
  }
  await db
    .insert(restaurantMapSettings)
    .values({ brandId: 'aurora', brandRoleId: 'staff', centerLat: 59.3293, centerLng: 18.0686, zoom: 11, apiKey: null, mapId: null, mapTypeControl: true, fullscreenControl: true })
    .onConflictDoNothing();
}
