import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { invalidRequest, missingParam, noSuchSession, StripeProtocolError } from './errors.ts';
import type { FormValue } from './form.ts';
import { cardRefusal, type CardInput } from './testCards.ts';

/** Stripe's bounds on `expires_at`: from 30 minutes to 24 hours after creation. */
const minLifetimeS = 30 * 60;
const maxLifetimeS = 24 * 60 * 60;

const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;

type Params = Record<string, FormValue>;
const text = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const list = (value: FormValue | undefined): FormValue[] => (Array.isArray(value) ? value : []);
const record = (value: FormValue | undefined): Record<string, FormValue> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

function integer(value: FormValue | undefined, param: string, min: number): number {
  const s = text(value);
  if (s === undefined) throw missingParam(param);
  if (!/^-?\d+$/.test(s) || Number(s) < min) throw invalidRequest(`Invalid integer: ${s}`, param);
  return Number(s);
}

export interface LineItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** One Checkout Session with what Stripe keeps of it. */
interface StoredSession {
  session: Stripe.Checkout.Session;
  lineItems: LineItem[];
}

export type SessionEvent = 'checkout.session.completed' | 'checkout.session.expired' | 'charge.refunded';

/**
 * The sessions this stand-in knows, with Stripe's rules for creating, expiring, lapsing and
 * paying them. `emit` is told of every event Stripe would send to a webhook endpoint.
 */
export class SessionStore {
  private readonly sessions = new Map<string, StoredSession>();
  private readonly paymentIntents = new Map<string, { amount: number; currency: string; refunded: number }>();

  constructor(
    private readonly now: () => number,
    private readonly emit: (type: SessionEvent, object: Stripe.Checkout.Session | Stripe.Charge) => void,
  ) {}

  create(params: Params): Stripe.Checkout.Session {
    const nowS = Math.floor(this.now() / 1000);
    const mode = text(params.mode);
    if (!mode) throw missingParam('mode');
    if (mode !== 'payment') throw invalidRequest(`This stand-in supports mode 'payment' only, not '${mode}'.`, 'mode');
    const uiMode = text(params.ui_mode) ?? 'hosted_page';
    // From API version 2026-03-25.dahlia the old names fail, as they do at Stripe.
    if (uiMode !== 'embedded_page' && uiMode !== 'hosted_page') throw invalidRequest(`Invalid ui_mode: must be one of embedded_page, hosted_page`, 'ui_mode');
    const returnUrl = text(params.return_url);
    const redirect = text(params.redirect_on_completion) as Stripe.Checkout.Session.RedirectOnCompletion | undefined;
    if (uiMode === 'embedded_page' && !returnUrl && redirect !== 'if_required' && redirect !== 'never') {
      throw invalidRequest('return_url is required when ui_mode is embedded_page, unless redirect_on_completion is never.', 'return_url');
    }
    const items = list(params.line_items);
    if (items.length === 0) throw missingParam('line_items');
    let currency: string | undefined;
    const lineItems = items.map((raw, i): LineItem => {
      const item = record(raw);
      if (item.price !== undefined) throw invalidRequest(`No such price: '${text(item.price)}'`, `line_items[${i}][price]`, 'resource_missing');
      const priceData = record(item.price_data);
      const lineCurrency = text(priceData.currency)?.toLowerCase();
      if (!lineCurrency) throw missingParam(`line_items[${i}][price_data][currency]`);
      if (currency && lineCurrency !== currency) throw invalidRequest('All line items must have the same currency.', `line_items[${i}][price_data][currency]`);
      currency = lineCurrency;
      const name = text(record(priceData.product_data).name);
      if (!name) throw missingParam(`line_items[${i}][price_data][product_data][name]`);
      return {
        name,
        unitAmount: integer(priceData.unit_amount, `line_items[${i}][price_data][unit_amount]`, 0),
        quantity: integer(item.quantity, `line_items[${i}][quantity]`, 1),
      };
    });
    const expiresAt = text(params.expires_at) === undefined ? nowS + maxLifetimeS : integer(params.expires_at, 'expires_at', 0);
    if (expiresAt < nowS + minLifetimeS || expiresAt > nowS + maxLifetimeS) {
      throw invalidRequest('The expires_at timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    const metadata = Object.fromEntries(Object.entries(record(params.metadata)).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const amount = lineItems.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
    const id = newId('cs_test');
    const session: Stripe.Checkout.Session = {
      id,
      object: 'checkout.session',
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: null,
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: null,
      client_reference_id: text(params.client_reference_id) ?? null,
      client_secret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: nowS,
      currency: currency!,
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: null,
      customer_account: null,
      customer_creation: 'if_required',
      customer_details: null,
      customer_email: text(params.customer_email) ?? null,
      discounts: [],
      expires_at: expiresAt,
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: (text(params.locale) as Stripe.Checkout.Session.Locale | undefined) ?? null,
      managed_payments: null,
      metadata,
      mode: 'payment',
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'if_required',
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      permissions: null,
      recovered_from: null,
      ...(redirect ? { redirect_on_completion: redirect } : {}),
      ...(returnUrl ? { return_url: returnUrl } : {}),
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: uiMode,
      url: null,
      wallet_options: null,
    };
    this.sessions.set(id, { session, lineItems });
    return session;
  }

  retrieve(id: string): Stripe.Checkout.Session {
    return this.current(id).session;
  }

  lineItems(id: string): LineItem[] {
    return this.current(id).lineItems;
  }

  /** POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
  expire(id: string): Stripe.Checkout.Session {
    const stored = this.current(id);
    if (stored.session.status !== 'open') {
      throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired.`, undefined, 'checkout_session_not_open');
    }
    return this.close(stored);
  }

  /** The card form's payment (not a Stripe endpoint: Stripe's own page does this). */
  pay(id: string, clientSecret: string, card: CardInput, billing: { name: string; email: string }): Stripe.Checkout.Session {
    const stored = this.current(id);
    const { session } = stored;
    if (session.client_secret !== clientSecret) throw noSuchSession(id);
    if (session.status !== 'open') throw invalidRequest('This Checkout Session is no longer open.', undefined, 'checkout_session_not_open');
    const refusal = cardRefusal(card, this.now());
    if (refusal) throw new StripeProtocolError(402, 'card_error', refusal.message, refusal.code, refusal.param, refusal.declineCode);
    const paymentIntent = newId('pi');
    this.paymentIntents.set(paymentIntent, { amount: session.amount_total ?? 0, currency: session.currency ?? '', refunded: 0 });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: paymentIntent,
      customer_details: { address: null, business_name: null, email: billing.email, individual_name: null, name: billing.name, phone: null, tax_exempt: 'none', tax_ids: [] },
    } satisfies Partial<Stripe.Checkout.Session>);
    this.emit('checkout.session.completed', session);
    return session;
  }

  /** POST /v1/refunds for a payment this stand-in took; the whole remaining amount unless `amount` says less. */
  refund(paymentIntentId: string, amount?: number): Stripe.Refund {
    const intent = this.paymentIntents.get(paymentIntentId);
    if (!intent) throw new StripeProtocolError(404, 'invalid_request_error', `No such payment_intent: '${paymentIntentId}'`, 'resource_missing', 'payment_intent');
    const left = intent.amount - intent.refunded;
    const refunded = amount ?? left;
    if (refunded <= 0 || refunded > left) {
      throw invalidRequest(`Refund amount (${refunded}) is greater than the unrefunded amount on the charge (${left}).`, 'amount', 'charge_already_refunded');
    }
    intent.refunded += refunded;
    const refund = {
      id: newId('re'),
      object: 'refund',
      amount: refunded,
      balance_transaction: null,
      charge: null,
      created: Math.floor(this.now() / 1000),
      currency: intent.currency,
      destination_details: undefined,
      metadata: {},
      payment_intent: paymentIntentId,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    } as Stripe.Refund;
    // Stripe tells the webhook endpoint of every refund, however it was made (the API, the dashboard).
    this.emit('charge.refunded', {
      id: `ch_${paymentIntentId.slice(3)}`,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: intent.refunded,
      currency: intent.currency,
      payment_intent: paymentIntentId,
      paid: true,
      refunded: intent.refunded >= intent.amount,
      status: 'succeeded',
      created: Math.floor(this.now() / 1000),
      refunds: { object: 'list', data: [refund], has_more: false, url: `/v1/charges/ch_${paymentIntentId.slice(3)}/refunds` },
    } as unknown as Stripe.Charge);
    return refund;
  }

  /** Lapses every open session past its `expires_at` (also done lazily on each read). */
  sweep(): void {
    for (const stored of this.sessions.values()) this.lapseIfDue(stored);
  }

  private current(id: string): StoredSession {
    const stored = this.sessions.get(id);
    if (!stored) throw noSuchSession(id);
    this.lapseIfDue(stored);
    return stored;
  }

  private lapseIfDue(stored: StoredSession): void {
    if (stored.session.status === 'open' && stored.session.expires_at * 1000 <= this.now()) this.close(stored);
  }

  private close(stored: StoredSession): Stripe.Checkout.Session {
    stored.session.status = 'expired';
    this.emit('checkout.session.expired', stored.session);
    return stored.session;
  }
}
