import { passesLuhn } from '../../../domain/cardForm.ts';

/**
 * Stripe's test-card rules (https://docs.stripe.com/testing): the number decides the outcome.
 * A number failing the Luhn check is `incorrect_number`; a past expiry is `expired_card`.
 */
export interface CardInput {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export interface CardRefusal {
  /** HTTP status Stripe answers: 402 for a card error. */
  status: 402;
  code: 'incorrect_number' | 'card_declined' | 'expired_card' | 'incorrect_cvc' | 'invalid_expiry_year' | 'invalid_cvc';
  declineCode?: 'generic_decline' | 'insufficient_funds';
  param?: string;
  message: string;
}

const outcomes: Record<string, Omit<CardRefusal, 'status'>> = {
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', param: 'exp_month', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', param: 'cvc', message: "Your card's security code is incorrect." },
};

/** Null when the card pays; otherwise Stripe's refusal for it. `now` decides a past expiry. */
export function cardRefusal(card: CardInput, now: number): CardRefusal | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!passesLuhn(number)) return { status: 402, code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' };
  if (!/^\d{3,4}$/.test(card.cvc)) return { status: 402, code: 'invalid_cvc', param: 'cvc', message: "Your card's security code is invalid." };
  const today = new Date(now);
  const expired =
    !Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 ||
    card.expYear < today.getUTCFullYear() ||
    (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1);
  if (expired) return { status: 402, code: 'invalid_expiry_year', param: 'exp_year', message: "Your card's expiration year is invalid." };
  const outcome = outcomes[number];
  return outcome ? { status: 402, ...outcome } : null;
}
