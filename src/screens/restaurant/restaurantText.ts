import type { Restaurant } from '../../../contract/restaurant.ts';

/** A restaurant's page (spec 2.3: /more/restaurant/s/{id}). */
export const restaurantPath = (id: string) => `/more/restaurant/s/${encodeURIComponent(id)}`;

/** The address as written on an envelope's two lines, on one: "Sankt Eriksgatan 48, 112 34 Stockholm". */
export const streetAddress = (restaurant: Pick<Restaurant, 'address' | 'postalCode' | 'city'>) =>
  [restaurant.address, [restaurant.postalCode, restaurant.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
