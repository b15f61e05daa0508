/** What an address needs of a restaurant (contract/restaurant.ts's Restaurant and the restaurant table have these). */
export interface AddressParts {
  address: string;
  postalCode: string;
  city: string;
}

/**
 * The address as written on an envelope's two lines, on one: "Sankt Eriksgatan 48, 112 34
 * Stockholm"; an empty part is left out. The app's pages and the booking widget and its mail
 * write it the same way.
 */
export const streetAddress = (restaurant: AddressParts) =>
  [restaurant.address, [restaurant.postalCode, restaurant.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
