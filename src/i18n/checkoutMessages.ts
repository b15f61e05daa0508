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
  'checkout/sold-out': msg({ id: 'item_sold_out', message: 'Unfortunately the item for this offer are sold out.' }),
  'checkout/offer-ended': msg({ id: 'offer_not_relevant', message: 'The offer is no longer relevant' }),
  'checkout/session-not-open': msg({ id: 'checkout_session_closed', message: 'The payment time ran out. Start the checkout again.' }),
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
