import type { RestaurantMapSettings } from '../../contract/restaurant.ts';
import type { GoogleMapsConfig } from '../config.ts';
import type { Executor } from '../db/database.ts';
import type { TextLanguages } from '../language.ts';
import {
  findRestaurantMapSettings,
  findVisibleRestaurant,
  listVisibleRestaurants,
  toRestaurant,
  visibleRestaurantBounds,
} from '../repositories/restaurants.repository.ts';
import { viewOfBounds, worldView } from './mapView.ts';

/** A brand's restaurant guide (spec 6) as its members read it. */
export function createRestaurantGuide(db: Executor, googleMaps: GoogleMapsConfig) {
  return {
    async list(brandId: string, limit: number, languages: TextLanguages) {
      const rows = await listVisibleRestaurants(db, brandId, limit);
      return rows.map((row) => toRestaurant(row, languages));
    },
    /** The restaurant, or null when the brand shows none by that id. */
    async find(brandId: string, id: string, languages: TextLanguages) {
      const row = await findVisibleRestaurant(db, brandId, id);
      return row ? toRestaurant(row, languages) : null;
    },
    async mapSettings(brandId: string, brandRoleId: string): Promise<RestaurantMapSettings> {
      const row = await findRestaurantMapSettings(db, brandId, brandRoleId);
      // A map id belongs to the key's Cloud project: the deployment's id only goes with the deployment's key.
      const apiKey = row?.apiKey ?? googleMaps.apiKey;
      const mapId = row?.mapId ?? (row?.apiKey ? null : googleMaps.mapId);
      if (row) {
        const { centerLat, centerLng, zoom, zoomControl, mapTypeControl, streetViewControl, fullscreenControl } = row;
        return { apiKey, mapId, center_lat: centerLat, center_lng: centerLng, zoom, zoomControl, mapTypeControl, streetViewControl, fullscreenControl };
      }
      // A brand that set no view: its restaurants, all in sight, with the table's default controls.
      const bounds = await visibleRestaurantBounds(db, brandId);
      const view = bounds ? viewOfBounds(bounds) : worldView;
      return { apiKey, mapId, ...view, zoomControl: true, mapTypeControl: false, streetViewControl: false, fullscreenControl: false };
    },
  };
}

export type RestaurantGuide = ReturnType<typeof createRestaurantGuide>;
