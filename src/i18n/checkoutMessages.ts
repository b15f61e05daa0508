import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CardFieldError } from '../../domain/cardForm.ts';

/**
 * The checkout's texts (spec 8), keyed by the API's and the card provider's codes. Apart from
 * errorMessages.ts, which loads with the sign-in page; these load with the checkout screen.
 */
const cardNumberInvalid = msg({ id: 'card_number_invalid', message: "Your card's number is invalid" });
const somethingWrong = msg({ id: 'checkout_something_wrong', message: 'Something went wrong with the payment. Please try again.' });

const byCode: Record<string, MessageDescriptor> = {
  'user/shopping-cart-empty': msg({ id: 'checkout_empty', message: 'Your cart is empty.' }),
  'checkout/purchase-cap-reached': msg({ id: 'purchase_cap_reached', message: 'The number of maximum purchases per user has been reached.' }),
  'checkout/sold-out': msg({ id: 'item_sold_out', message: 'Unfortunately the item for this offer is sold out.' }),
  'checkout/offer-ended': msg({ id: 'offer_not_relevant', message: 'The offer is no longer relevant' }),
  'checkout/session-not-open': msg({ id: 'checkout_session_closed', message: 'The payment time ran out. Start the checkout again.' }),
  'checkout/replaced': msg({ id: 'checkout_replaced', message: 'You started a new checkout in another window.' }),
  'checkout/not-on-sale': msg({ id: 'checkout_not_on_sale', message: 'This item is not on sale yet.' }),
  'checkout/queue-turn-needed': msg({ id: 'checkout_queue_turn_needed', message: 'Wait for your turn in the queue on the offer page.' }),
  'checkout/hold-limit-reached': msg({
    id: 'checkout_hold_limit',
    message: 'You have held tickets for this evening as long as one member may in 6 hours, so they went back on sale for others.',
  }),
  // Card refusals (Stripe's codes).
  incorrect_number: cardNumberInvalid,
  card_declined: msg({ id: 'card_declined', message: 'Your card was declined' }),
  insufficient_funds: msg({ id: 'card_insufficient_funds', message: 'Your card has insufficient funds.' }),
  expired_card: msg({ id: 'card_expired', message: 'Your card has expired.' }),
  invalid_expiry_year: msg({ id: 'card_expired', message: 'Your card has expired.' }),
  incorrect_cvc: msg({ id: 'card_cvc_incorrect', message: "Your card's security code is incorrect." }),
  invalid_cvc: msg({ id: 'card_cvc_invalid', message: "Your card's security code is invalid." }),
};

/** The text of a checkout failure or card refusal; any other code is the generic text (spec 8). */
export function checkoutMessage(code: string): MessageDescriptor {
  return Object.hasOwn(byCode, code) ? byCode[code]! : somethingWrong;
}

/**
 * `checkout/hold-limit-reached` with what the refusal told: the brand's ceiling in minutes (the
 * server's refusal of a new checkout) and when the member may hold again (both it and the
 * status of a session that ended at the ceiling). Sentences with the values the member has.
 */
export function holdLimitMessages(facts: { holdLimitMinutes?: number; holdAgainAt?: number }, clock: (ms: number) => string): MessageDescriptor[] {
  const why: MessageDescriptor =
    facts.holdLimitMinutes === undefined
      ? byCode['checkout/hold-limit-reached']!
      : {
          ...msg({
            id: 'checkout_hold_limit_minutes',
            message: 'You have held tickets for this evening for {minutes, plural, one {# minute} other {# minutes}} in the last 6 hours, so they went back on sale for others.',
          }),
          values: { minutes: facts.holdLimitMinutes },
        };
  const when: MessageDescriptor =
    facts.holdAgainAt === undefined
      ? msg({ id: 'checkout_hold_again_later', message: 'You can hold them again later.' })
      : { ...msg({ id: 'checkout_hold_again_at', message: 'You can hold them again at {time}.' }), values: { time: clock(facts.holdAgainAt) } };
  return [why, when];
}

/** The card form's field errors. */
export const cardFieldMessages: Record<CardFieldError, MessageDescriptor> = {
  required: msg({ id: 'card_field_required', message: 'This field is required' }),
  email_invalid: msg({ id: 'card_email_invalid', message: 'Enter a valid e-mail address.' }),
  incorrect_number: cardNumberInvalid,
  expiry_invalid: msg({ id: 'card_expiry_invalid', message: 'Enter the expiry date as MM/YY.' }),
  expired_card: msg({ id: 'card_expired', message: 'Your card has expired.' }),
  cvc_invalid: msg({ id: 'card_cvc_invalid', message: "Your card's security code is invalid." }),
};

export const paymentCancelled = msg({ id: 'payment_cancelled', message: 'Payment cancelled.' });
