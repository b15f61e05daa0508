import type Stripe from 'stripe';

/** Our card form's fields (the stand-in only: with Stripe, Stripe's own form takes the card). */
export interface CardDetails {
  clientSecret: string;
  name: string;
  email: string;
  cardNumber: string;
  expMonth: number;
  /** Two digits: 30 is 2030. */
  expYear: number;
  cvc: string;
}

/** What paying with a card came to at the provider. */
export type CardPaymentResult =
  | { kind: 'paid'; session: Stripe.Checkout.Session }
  /** The card was refused: one of our five codes, with the provider's message. */
  | { kind: 'refused'; code: string; message: string }
  /** The session is not open (paid, expired, or not this secret's). */
  | { kind: 'notOpen' }
  /** The provider does not know the session (a restart of the stand-in, a purged test session). */
  | { kind: 'unknownSession' };

/** Stripe's card refusals, answered as 402 with Stripe's own code (our card form shows the spec's message for each). */
const cardErrorCodes = new Set(['incorrect_number', 'card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc']);

/**
 * The one of our five codes for a Stripe card error: insufficient funds is Stripe's
 * `card_declined` with that `decline_code`; an invalid CVC or a past expiry count as the
 * incorrect CVC and the expired card; any other refusal is a declined card.
 */
export function cardErrorCode(code: string | undefined, declineCode: string | undefined): string {
  if (code === 'card_declined' && declineCode === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'invalid_cvc') return 'incorrect_cvc';
  if (code === 'invalid_expiry_year' || code === 'invalid_expiry_month') return 'expired_card';
  if (code === 'invalid_number') return 'incorrect_number';
  return code && cardErrorCodes.has(code) ? code : 'card_declined';
}

/** The provider could not be reached or answered nonsense. */
export class PaymentsUnavailable extends Error {
  constructor(cause?: unknown) {
    super('The payment provider could not be reached', { cause });
    this.name = 'PaymentsUnavailable';
  }
}

/**
 * Pays an open session at the stand-in's payment page (`POST /_local/checkout/sessions/:id/pay`,
 * form-encoded like Stripe's own), which stands in for the page Stripe shows.
 */
export async function payAtStandIn(baseUrl: string, providerSessionId: string, card: CardDetails): Promise<CardPaymentResult> {
  const form = new URLSearchParams({
    client_secret: card.clientSecret,
    'card[number]': card.cardNumber.replace(/\s+/g, ''),
    'card[exp_month]': String(card.expMonth),
    'card[exp_year]': String(2000 + card.expYear),
    'card[cvc]': card.cvc,
    'billing_details[name]': card.name,
    'billing_details[email]': card.email,
  });
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/_local/checkout/sessions/${encodeURIComponent(providerSessionId)}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new PaymentsUnavailable(error);
  }
  const answer = (await response.json().catch(() => null)) as
    | (Stripe.Checkout.Session & { error?: undefined })
    | { error?: { type?: string; code?: string; decline_code?: string; message?: string } }
    | null;
  if (response.ok && answer && !answer.error) return { kind: 'paid', session: answer as Stripe.Checkout.Session };
  const error = answer && 'error' in answer ? answer.error : undefined;
  if (response.status === 402 && error?.type === 'card_error') {
    return { kind: 'refused', code: cardErrorCode(error.code, error.decline_code), message: error.message ?? 'Your card was declined.' };
  }
  if (response.status === 404 && error?.code === 'resource_missing') return { kind: 'unknownSession' };
  if (response.status >= 400 && response.status < 500) return { kind: 'notOpen' };
  throw new PaymentsUnavailable(new Error(`the stand-in answered ${response.status}`));
}

/** Whether a provider error says the object does not exist there (Stripe's 404 `resource_missing`). */
export function isUnknownToProvider(error: unknown): boolean {
  const e = error as { statusCode?: number; code?: string; raw?: { code?: string } } | null;
  return !!e && e.statusCode === 404 && (e.code === 'resource_missing' || e.raw?.code === 'resource_missing');
}
