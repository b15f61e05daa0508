/** What a map link needs of a restaurant (contract/restaurant.ts's Restaurant has these fields). */
export interface MapLinkPlace {
  name: string;
  city: string;
  country: string;
  mapsUrl: string | null;
}

/**
 * The address link of a restaurant (spec 9, "map links are built from name, city and country"):
 * the brand's own `mapsUrl` when it set one, else a Google Maps search for the place.
 */
export function restaurantMapLink(place: MapLinkPlace): string {
  if (place.mapsUrl) return place.mapsUrl;
  const query = [place.name, place.city, place.country].map((part) => part.trim()).filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query })}`;
}
