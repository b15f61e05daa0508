/**
 * The analytics events the app sends to `POST /v1/a` (spec sections 3 and 7, issue 27): the names
 * the server accepts, and the purchase funnel the operator's report (`npm run analytics`) counts.
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

/** The purchase funnel, in order: a session counts at a step when it also reached every step before it. */
export const purchaseFunnel = ['offer_opened', 'added_to_cart', 'checkout_opened', 'order_paid'] as const satisfies readonly AnalyticsEventName[];

/** Events in one request at most (the app sends what it gathered since the last page hide). */
export const maxEventsPerRequest = 50;

/** `sessionId`: three groups of 10 uppercase letters or digits joined by hyphens, made once per page load. */
export const sessionIdPattern = '^[A-Z0-9]{10}-[A-Z0-9]{10}-[A-Z0-9]{10}$';
