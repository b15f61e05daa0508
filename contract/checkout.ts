import { Type, type Static } from 'typebox';
import { ImageOptions } from './common.ts';
import { CustomFeeBuildRecord, ItemVariant, TaxTotal } from './commerce.ts';

/**
 * The checkout and order contract between the client and the server (spec 2.3, 3, 4, 6).
 * Money is in minor units (öre) of `currency`, VAT included.
 */

export const TestModeBody = Type.Object({ testMode: Type.Optional(Type.Boolean()) });
export type TestModeBody = Static<typeof TestModeBody>;

/**
 * GET /v1/get/checkout/config. `provider` says which card form the client shows:
 * 'stripe' mounts Stripe's embedded Checkout with `publishableKey`; 'local' shows our own card
 * form that pays through the embedded stand-in (`POST /v1/payment/local/confirm`).
 */
export const CheckoutConfig = Type.Object({
  publishableKey: Type.String(),
  provider: Type.Union([Type.Literal('stripe'), Type.Literal('local')]),
});
export type CheckoutConfig = Static<typeof CheckoutConfig>;

/** POST /v1/payment/checkout answer: a Checkout Session for the member's whole cart. */
export const CheckoutSession = Type.Object({
  id: Type.String(),
  clientSecret: Type.String(),
  /** What the member is charged, as shown in the cart when the session was made. */
  amountTotal: Type.Integer(),
  currency: Type.String(),
  /** Milliseconds since epoch: the stock hold and the session lapse then. */
  expiresAt: Type.Number(),
});
export type CheckoutSession = Static<typeof CheckoutSession>;

/** POST /v1/expire/checkout (spec 6; `stripeCheckoutSessionId` as the product spells it). */
export const ExpireCheckoutBody = Type.Object({
  stripeCheckoutSessionId: Type.String({ minLength: 1, maxLength: 200 }),
  testMode: Type.Optional(Type.Boolean()),
});
export type ExpireCheckoutBody = Static<typeof ExpireCheckoutBody>;

/**
 * GET /v1/get/checkout/status: how the member's own session stands on our side (no provider
 * call), as a `CheckoutOutcome`. A checkout page polls it to learn that its session ended
 * elsewhere (`endedBecause`); someone else's session is 404 `checkout/session-not-found`.
 */
export const CheckoutStatusQuery = Type.Object({
  stripeCheckoutSessionId: Type.String({ minLength: 1, maxLength: 200 }),
});
export type CheckoutStatusQuery = Static<typeof CheckoutStatusQuery>;

/**
 * POST /v1/payment/checkout/complete: after the card form reports completion the client asks the
 * server to settle the session now (the same idempotent fulfilment the webhook runs), so the
 * order exists and the cart is emptied before the client reloads them.
 */
export const CompleteCheckoutBody = ExpireCheckoutBody;
export type CompleteCheckoutBody = ExpireCheckoutBody;

export const CheckoutOutcome = Type.Object({
  status: Type.Union([
    Type.Literal('open'),
    Type.Literal('complete'),
    Type.Literal('expired'),
    /** Paid after its hold lapsed and the stock was gone: refunded, the member is mailed. */
    Type.Literal('refunded'),
  ]),
  orderId: Type.Union([Type.String(), Type.Null()]),
  /** The order's short reference a member reads and quotes (the id stays internal); with `complete`. */
  orderReference: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /**
   * With `expired`, when the member should be told why: `replaced` (they opened another checkout,
   * in another window or device), `holdLimit` (their holds on an item reached the brand's
   * ceiling, so its units went back on sale; `holdAgainAt` says when they may hold it again).
   */
  endedBecause: Type.Optional(Type.Union([Type.Literal('replaced'), Type.Literal('holdLimit'), Type.Null()])),
  holdAgainAt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
});
export type CheckoutOutcome = Static<typeof CheckoutOutcome>;

/**
 * POST /v1/payment/local/confirm (embedded provider only; 404 with Stripe): pays an open session
 * with our card form through the stand-in, with Stripe's test-card outcomes. Refusals are 402s
 * whose `code` is Stripe's: incorrect_number, card_declined, insufficient_funds, expired_card,
 * incorrect_cvc; an expired or unknown session is 409 `checkout/session-not-open`.
 */
export const LocalCardPaymentBody = Type.Object({
  stripeCheckoutSessionId: Type.String({ minLength: 1, maxLength: 200 }),
  clientSecret: Type.String({ minLength: 1, maxLength: 500 }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ minLength: 3, maxLength: 320 }),
  /** Digits, spaces allowed. */
  cardNumber: Type.String({ minLength: 1, maxLength: 30 }),
  /** 1..12 */
  expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
  /** Two digits: 30 is 2030. */
  expYear: Type.Integer({ minimum: 0, maximum: 99 }),
  cvc: Type.String({ minLength: 3, maxLength: 4 }),
});
export type LocalCardPaymentBody = Static<typeof LocalCardPaymentBody>;

export const OrderItem = Type.Object({
  itemVariantId: Type.String(),
  offerId: Type.String(),
  offerTitle: Type.String(),
  offerPuffImage: ImageOptions,
  itemVariantType: Type.Union([Type.Literal('ticket'), Type.Literal('other')]),
  quantity: Type.Integer({ minimum: 1 }),
  /** The variant as it was sold (price, date, place). */
  itemVariant: ItemVariant,
  /** Variant price plus its custom fees, for one unit, as charged. */
  unitPrice: Type.Integer(),
  linePrice: Type.Integer(),
});
export type OrderItem = Static<typeof OrderItem>;

/**
 * One ticket of an order: one per unit of a ticket line (`lineNo` counts `itemList` from 1), with
 * the signed code its QR code carries (docs/tickets.md).
 */
export const Ticket = Type.Object({
  id: Type.String(),
  lineNo: Type.Integer({ minimum: 1 }),
  unitNo: Type.Integer({ minimum: 1 }),
  itemVariantId: Type.String(),
  code: Type.String(),
});
export type Ticket = Static<typeof Ticket>;

/** One order (spec 3) with what the order panel labels need. */
export const Order = Type.Object({
  id: Type.String(),
  /** Short, readable reference the member sees and quotes (e.g. "K7Q-4M2P"); `id` stays internal. */
  reference: Type.Optional(Type.String()),
  /** Milliseconds since epoch: the purchase day. */
  createdAt: Type.Number(),
  paymentMethod: Type.Union([
    Type.Literal('card'),
    Type.Literal('invoice'),
    Type.Literal('interest_registration'),
    Type.Literal('card_net_bank'),
  ]),
  /** Total charged, VAT included. */
  amount: Type.Integer(),
  currency: Type.String(),
  itemList: Type.Array(OrderItem),
  itemVariantCustomFeeBuildRecord: CustomFeeBuildRecord,
  /** VAT per tax rate (same rule as the cart). */
  taxList: Type.Array(TaxTotal),
  additionalInfo: Type.String(),
  /** 'cancelled': the operator cancelled and refunded it; 'refunded': refunded at the payment provider. Either way its tickets are void. */
  status: Type.Union([Type.Literal('paid'), Type.Literal('cancelled'), Type.Literal('refunded')]),
  ticketList: Type.Array(Ticket),
});
export type Order = Static<typeof Order>;

/** GET /v1/get_list/order_history: newest first. */
export const OrderHistory = Type.Array(Order);
export type OrderHistory = Static<typeof OrderHistory>;
