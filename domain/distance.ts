/** A point on the earth in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

const earthRadiusKm = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Places by name in the member's language (å after z in Swedish, æøå in Norwegian). */
export function byName<T extends { name: string }>(places: readonly T[], language: string): T[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...places].sort((a, b) => collator.compare(a.name, b.name));
}

/** Places nearest first from `from`, each with its distance; equal distances by name. */
export function byDistance<T extends LatLng & { name: string }>(places: readonly T[], from: LatLng, language: string): (T & { distanceKm: number })[] {
  return byName(places, language)
    .map((place) => ({ ...place, distanceKm: distanceKm(from, place) }))
    .sort((a, b) => a.distanceKm - b.distanceKm);
}
