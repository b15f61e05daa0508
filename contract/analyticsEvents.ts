/**
 * The analytics events the app sends to `POST /v1/a` (spec sections 3 and 7, issue 27): the names
 * the server accepts, how many one request carries, and the session id's shape. The purchase
 * funnel the operator's report counts is domain/purchaseFunnel.ts.
 */
export const analyticsEventNames = [
  'page_view',
  'extend_offer_list',
  'offer_opened',
  'promo_claimed',
  'added_to_cart',
  'checkout_opened',
  'order_paid',
  'waiting_list_joined',
  'booking_made',
] as const;

export type AnalyticsEventName = (typeof analyticsEventNames)[number];

/** Events in one request at most (the app sends what it gathered since the last page hide). */
export const maxEventsPerRequest = 50;

/** `sessionId`: three groups of 10 uppercase letters or digits joined by hyphens, made once per page load. */
export const sessionIdPattern = '^[A-Z0-9]{10}-[A-Z0-9]{10}-[A-Z0-9]{10}$';
