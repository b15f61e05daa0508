import type { AnalyticsEventName } from '../contract/analyticsEvents.ts';

/**
 * The purchase funnel the operator's report (`npm run analytics`) counts, in order: a session
 * counts at a step when it also reached every step before it.
 */
export const purchaseFunnel = ['offer_opened', 'added_to_cart', 'checkout_opened', 'order_paid'] as const satisfies readonly AnalyticsEventName[];
