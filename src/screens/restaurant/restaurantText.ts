/** A restaurant's page (spec 2.3: /more/restaurant/s/{id}). */
export const restaurantPath = (id: string) => `/more/restaurant/s/${encodeURIComponent(id)}`;

