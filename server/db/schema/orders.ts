import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { itemVariants } from './commerce.ts';
import type { CustomFeeBuildRecord, TaxTotal } from '../../../contract/commerce.ts';
import type { OrderItem } from '../../../contract/checkout.ts';
import type { LocalizedText } from '../../../domain/language.ts';

/**
 * The names of what an order line bought, in every language the brand wrote them in, copied from
 * the offer and variant when the order is made. Kept with the order rather than looked up by id
 * when it is read: an order reads as what was sold, in the reader's language, even after the offer
 * is renamed, deactivated or its variant removed. `item` keeps the English (the last fallback).
 */
export interface OrderLineTranslations {
  offerTitle?: LocalizedText;
  variantTitle?: LocalizedText;
  variantDescription?: LocalizedText;
}

export type CheckoutEndReason = 'replaced' | 'holdLimit';

export type CheckoutStatus = 'pending' | 'open' | 'complete' | 'expired' | 'refunded' | 'failed';

/**
 * A member's checkout (spec 3, checkout session): the cart as it was shown when the session was
 * made (lines, fees, VAT, total), and the payment provider's Checkout Session it is paid through.
 * `pending` until the provider answered (its holds lapse by themselves if it never does), `open`
 * while payable, then `complete` (an order exists), `expired`, `refunded` (paid after its stock
 * was gone) or `failed` (the provider refused to create it).
 */
export const checkoutSessions = pgTable(
  'checkout_session',
  {
    brandId: text('brand_id').notNull(),
    /** Ours; also the idempotency key of the provider's create call. */
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    /** The provider's Checkout Session id (cs_…), once created. */
    providerSessionId: text('provider_session_id'),
    status: text('status').$type<CheckoutStatus>().notNull().default('pending'),
    /** Minor units, VAT included: what the member was shown and is charged. */
    amountTotal: integer('amount_total').notNull(),
    currency: text('currency').notNull(),
    lines: jsonb('lines').$type<OrderItem[]>().notNull(),
    feeRecord: jsonb('fee_record').$type<CustomFeeBuildRecord>().notNull(),
    taxList: jsonb('tax_list').$type<TaxTotal[]>().notNull(),
    /** The member's e-mail and language for the confirmation mail. */
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * Why an unpaid session ended before its member was done, when the member should be told:
     * `replaced` (the member opened another checkout), `holdLimit` (their holds on a variant
     * reached the brand's ceiling, so the units went back on sale).
     */
    endReason: text('end_reason').$type<CheckoutEndReason>(),
    /** With `holdLimit`: when the member may hold the units again (their holds of the window have aged out). */
    holdAgainAt: timestamp('hold_again_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.id] }),
    uniqueIndex('checkout_session_provider_idx').on(t.providerSessionId),
    index('checkout_session_user_idx').on(t.brandId, t.userId, t.status),
    index('checkout_session_lapse_idx').on(t.status, t.expiresAt),
    check('checkout_session_status', sql`${t.status} IN ('pending', 'open', 'complete', 'expired', 'refunded', 'failed')`),
    check('checkout_session_amount_nonnegative', sql`${t.amountTotal} >= 0`),
    check('checkout_session_end_reason', sql`${t.endReason} IS NULL OR ${t.endReason} IN ('replaced', 'holdLimit')`),
  ],
);

/**
 * Units of a variant kept aside until `expires_at`: for an open checkout (`kind` 'checkout', with
 * its session), or offered to a member of the waiting list (`kind` 'waiting_list', issue 14: the
 * hook is this kind, with `checkout_session_id` null). A hold counts against availability only
 * while `expires_at` is in the future; it is deleted when its checkout completes (its units are
 * then sold: order lines) or expires. A hold that nobody deletes lapses by itself.
 */
export const stockHolds = pgTable(
  'stock_hold',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    brandId: text('brand_id').notNull(),
    itemVariantId: text('item_variant_id').notNull(),
    kind: text('kind').$type<'checkout' | 'waiting_list'>().notNull().default('checkout'),
    checkoutSessionId: text('checkout_session_id'),
    userId: text('user_id').notNull(),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.brandId, t.itemVariantId], foreignColumns: [itemVariants.brandId, itemVariants.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.brandId, t.checkoutSessionId], foreignColumns: [checkoutSessions.brandId, checkoutSessions.id] }).onDelete('cascade'),
    index('stock_hold_variant_idx').on(t.brandId, t.itemVariantId, t.expiresAt),
    index('stock_hold_session_idx').on(t.brandId, t.checkoutSessionId),
    check('stock_hold_quantity_positive', sql`${t.quantity} >= 1`),
    check('stock_hold_kind', sql`${t.kind} IN ('checkout', 'waiting_list')`),
  ],
);

/**
 * An order (spec 3): one per paid checkout session (unique), so however often and in whatever
 * order the provider's events arrive, a session is fulfilled once. Kept when the account goes.
 */
export const orders = pgTable(
  'purchase_order',
  {
    brandId: text('brand_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    paymentMethod: text('payment_method').$type<'card' | 'invoice' | 'interest_registration' | 'card_net_bank'>().notNull().default('card'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    feeRecord: jsonb('fee_record').$type<CustomFeeBuildRecord>().notNull(),
    taxList: jsonb('tax_list').$type<TaxTotal[]>().notNull(),
    additionalInfo: text('additional_info').notNull().default(''),
    /** The provider's payment (pi_…), for refunds. */
    providerPaymentId: text('provider_payment_id'),
    /** Short readable reference the member sees and quotes (`id` stays internal); unique per brand. */
    reference: text('reference'),
    /**
     * `paid`; `cancelled` by the operator (refunded), or `refunded` at the provider behind our back
     * (charge.refunded): either way its units are back on sale and its tickets void.
     */
    status: text('status').$type<OrderStatus>().notNull().default('paid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.id] }),
    uniqueIndex('purchase_order_session_idx').on(t.brandId, t.checkoutSessionId),
    uniqueIndex('purchase_order_reference_idx').on(t.brandId, t.reference),
    index('purchase_order_payment_idx').on(t.providerPaymentId),
    index('purchase_order_user_idx').on(t.brandId, t.userId, t.createdAt),
    check('purchase_order_status', sql`${t.status} IN ('paid', 'cancelled', 'refunded')`),
  ],
);

export type OrderStatus = 'paid' | 'cancelled' | 'refunded';

/** What an order bought: the variant, price, fees and VAT as they were at purchase (`item`). Sold = the sum of these over paid orders. */
export const orderLines = pgTable(
  'order_line',
  {
    brandId: text('brand_id').notNull(),
    orderId: text('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    itemVariantId: text('item_variant_id').notNull(),
    offerId: text('offer_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    linePrice: integer('line_price').notNull(),
    item: jsonb('item').$type<OrderItem>().notNull(),
    localized: jsonb('localized').$type<OrderLineTranslations>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.orderId, t.lineNo] }),
    foreignKey({ columns: [t.brandId, t.orderId], foreignColumns: [orders.brandId, orders.id] }).onDelete('cascade'),
    index('order_line_variant_idx').on(t.brandId, t.itemVariantId),
    check('order_line_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/**
 * A payment that cannot become an order (it completed after its hold lapsed and the stock was
 * sold meanwhile): one per session. `needed` until the provider confirmed the refund, then
 * `refunded`; the sweep retries the needed ones.
 */
export const paymentRefunds = pgTable(
  'payment_refund',
  {
    brandId: text('brand_id').notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    userId: text('user_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    providerPaymentId: text('provider_payment_id'),
    reason: text('reason').notNull(),
    status: text('status').$type<'needed' | 'refunded'>().notNull().default('needed'),
    providerRefundId: text('provider_refund_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.checkoutSessionId] }),
    index('payment_refund_status_idx').on(t.status),
    check('payment_refund_status', sql`${t.status} IN ('needed', 'refunded')`),
  ],
);
