import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const wrongCredentials = msg({ id: 'auth/wrong-password', message: 'Email or password is incorrect. Please try again.' });
const somethingWrong = msg({
  id: 'error_something_wrong',
  message: 'Something went wrong. If the problem persists contact customer service.',
});
const networkError = msg({ id: 'failed_to_fetch', message: 'Network Error' });
const noNetwork = msg({ id: 'no_network_connection', message: 'No network connection' });
const sessionExpired = msg({ id: 'session_expired', message: 'Session has expired. Please login again.' });
const signInRefused = msg({
  id: 'auth/sign-in-refused',
  message: 'Sign-in failed. Please try again, and contact customer service if it keeps happening.',
});
const tooManyAttempts = msg({
  id: 'auth/too-many-attempts',
  message:
    'Access to this account has been temporarily disabled due to many failed login attempts. You can restore it by resetting your password or try again later.',
});
/**
 * The password sign-in refused while the account's sign-ins wait after strangers' failures (the
 * SDK's code for TOO_MANY_ATTEMPTS_TRY_LATER, the embedded provider's and Identity Platform's
 * alike): it names the ways in at once. A device the member signed in on before is not refused.
 */
const tooManySignIns = msg({
  id: 'auth/too-many-requests',
  message:
    'Too many failed sign-ins to this account. Sign in with BankID, or reset your password to sign in with a password again at once. Otherwise wait a few minutes and try again.',
});
const emailTaken = msg({ id: 'auth/email-already-exists', message: 'The e-mail address is already in use by another account.' });
const emailInvalid = msg({ id: 'user/email-invalid', message: 'Enter a valid e-mail address.' });
const invalidPassword = msg({ id: 'auth/invalid-password', message: 'Invalid password' });
const currentPasswordRequired = msg({
  id: 'auth/update-email-require-current-password',
  message: 'Enter your current password to change your e-mail address or password.',
});
const couldNotFetch = msg({ id: 'could_not_fetch', message: 'Could not fetch the data just now. Please try again.' });
const authorizationFailed = msg({ id: 'authorization_failed', message: 'Authorization failed. Please sign in again.' });
const eidTimedOut = msg({ id: 'bankid_timed_out', message: 'Timed-out. Press the bank-identity button again.' });
const eidCancelled = msg({ id: 'bankid_cancelled', message: 'You have chosen to cancel the validation process.' });
const eidFailed = msg({ id: 'bankid_failed', message: 'Failed to authenticate!' });

/**
 * The user text for an error code (spec section 8); unknown codes get the generic text.
 * Keys are the API's codes, the identity provider SDK's client codes (spec 8's mapping) and
 * the app's own codes; message ids are the codes themselves.
 */
const byCode: Record<string, MessageDescriptor> = {
  // Identity provider (firebase SDK client codes) and sign-in.
  'auth/user-not-found': wrongCredentials,
  'auth/wrong-password': wrongCredentials,
  'auth/invalid-credential': wrongCredentials,
  'auth/invalid-login-credentials': wrongCredentials,
  'auth/invalid-password': invalidPassword,
  'auth/weak-password': invalidPassword,
  'auth/invalid-email': emailInvalid,
  'auth/too-many-attempts': tooManyAttempts,
  'auth/too-many-requests': tooManySignIns,
  'auth/email-already-exists': emailTaken,
  'auth/email-already-in-use': emailTaken,
  'auth/user-disabled': msg({ id: 'auth/user-disabled', message: 'This account has been disabled. Please contact customer service.' }),
  'auth/user-token-expired': sessionExpired,
  'auth/id-token-expired': sessionExpired,
  'auth/id-token-revoked': sessionExpired,
  session_expired: sessionExpired,
  'auth/sign-in-refused': signInRefused,
  'auth/provider-misconfigured': msg({
    id: 'auth/provider-misconfigured',
    message: 'Sign-in is not set up correctly for this app. Please contact customer service.',
  }),
  'auth/expired-action-code': msg({ id: 'auth/expired-action-code', message: 'The link has expired. Please request a new one.' }),
  'auth/invalid-verification-code': msg({ id: 'auth/invalid-verification-code', message: 'The verification code is not valid.' }),
  'auth/code-expired': msg({ id: 'auth/code-expired', message: 'The code has expired. Please try again.' }),
  'auth/network-request-failed': networkError,
  'auth/unauthenticated': authorizationFailed,
  'auth/invalid-id-token': authorizationFailed,
  authorization_failed: authorizationFailed,
  too_many_requests: msg({ id: 'too_many_requests', message: 'Too many attempts. Please wait a moment and try again.' }),

  // Roles (spec 6).
  no_role_with_app_url: msg({
    id: 'no_role_with_app_url',
    message: 'Your account has no membership in this app. Please contact customer service.',
  }),
  bad_user_role_for_app_url: msg({
    id: 'bad_user_role_for_app_url',
    message: 'Your membership does not give access to this app. Please contact customer service.',
  }),
  email_registered_with_other_partner: msg({
    id: 'email_registered_with_other_partner',
    message:
      'This e-mail address is registered with another partner. Sign in in that partner’s app, or contact customer service.',
  }),
  brand_not_found: msg({ id: 'brand_not_found', message: 'This app address is not connected to any club.' }),
  brand_mismatch: msg({ id: 'brand_mismatch', message: 'This app address does not belong to this club.' }),

  // Create account, set-up and profile.
  create_need_to_accept_terms: msg({ id: 'create_need_to_accept_terms', message: 'You need to accept the terms to create an account.' }),
  'user/email-missing': msg({ id: 'user/email-missing', message: 'Enter your e-mail address.' }),
  'user/email-invalid': emailInvalid,
  'auth/ssn-missing': msg({ id: 'auth/ssn-missing', message: 'Enter your social security number.' }),
  'auth/ssn-invalid': msg({ id: 'auth/ssn-invalid', message: 'The social security number is not valid.' }),
  'auth/ssn-already-exists': msg({ id: 'auth/ssn-already-exists', message: 'The social security number has already been taken.' }),
  'auth/ssn-not-found': msg({ id: 'auth/ssn-not-found', message: 'Please check your social security number.' }),
  referral_code_missing: msg({ id: 'referral_code_missing', message: 'Choose your card or enter your referral code.' }),
  referral_code_invalid: msg({ id: 'referral_code_invalid', message: 'The referral code is not valid.' }),
  'user/onboarding-already-completed': msg({
    id: 'user/onboarding-already-completed',
    message: 'Your account is already set up.',
  }),
  'user/first-name-missing': msg({ id: 'user/first-name-missing', message: 'Enter your first name.' }),
  'user/last-name-missing': msg({ id: 'user/last-name-missing', message: 'Enter your last name.' }),
  'user/address-list-street-missing': msg({ id: 'user/address-list-street-missing', message: 'Enter the street address.' }),
  'user/address-list-zip-code-missing': msg({ id: 'user/address-list-zip-code-missing', message: 'Enter the zip code.' }),
  'user/address-list-city-missing': msg({ id: 'user/address-list-city-missing', message: 'Enter the city.' }),
  'user/phone-number-missing': msg({ id: 'user/phone-number-missing', message: 'Enter your phone number.' }),
  phone_number_invalid: msg({ id: 'phone_number_invalid', message: 'The phone number is not valid.' }),
  'user/password-missing': msg({ id: 'user/password-missing', message: 'Enter a password.' }),
  user_info_error_password_rule_failed: msg({
    id: 'user_info_error_password_rule_failed',
    message: 'The password must be 8 to 30 characters with a digit, a lowercase and an uppercase letter, and no spaces.',
  }),
  user_info_error_password_dont_match: msg({ id: 'user_info_error_password_dont_match', message: 'The passwords do not match.' }),
  'auth/update-email-require-current-password': currentPasswordRequired,
  'auth/update-password-require-current-password': currentPasswordRequired,
  'auth/requires-recent-login': msg({
    id: 'auth/requires-recent-login',
    message: 'For your security, please confirm with your password before deleting the account.',
  }),

  // Password reset.
  password_reset_user_not_found: msg({ id: 'password_reset_user_not_found', message: 'Could not find a user with the given email.' }),
  password_reset_token_invalid: msg({
    id: 'password_reset_token_invalid',
    message: 'The reset link is not valid or has already been used. Request a new one.',
  }),
  password_reset_token_expired: msg({ id: 'password_reset_token_expired', message: 'The reset link has expired. Request a new one.' }),

  // Cart (spec 5, 8).
  'user/shopping-cart-sold-out': msg({ id: 'item_sold_out', message: 'Unfortunately the item for this offer is sold out.' }),
  offer_not_relevant: msg({ id: 'offer_not_relevant', message: 'The offer is no longer relevant' }),
  'user/shopping-cart-purchase-cap-reached': msg({
    id: 'purchase_cap_reached',
    message: 'The number of maximum purchases per user has been reached.',
  }),

  // Checkout (spec 8: any other checkout error is the generic text).
  'user/shopping-cart-empty': msg({ id: 'checkout_empty', message: 'Your cart is empty.' }),

  // Bank eID outcomes (spec 4, 8); BankID's own hint codes read the same.
  bankid_timed_out: eidTimedOut,
  expiredTransaction: eidTimedOut,
  bankid_cancelled: eidCancelled,
  userCancel: eidCancelled,
  cancelled: eidCancelled,
  bankid_failed: eidFailed,
  startFailed: eidFailed,
  certificateErr: eidFailed,
  bankid_qr_failed: msg({ id: 'bankid_qr_failed', message: 'Failed to create QR code' }),

  // Restaurants (contract/restaurant.ts).
  'restaurant/not-found': msg({ id: 'restaurant/not-found', message: 'Restaurant not found' }),
  'restaurant/disabled': msg({ id: 'restaurant/disabled', message: 'This brand has no restaurant guide' }),

  // General.
  failed_to_fetch: networkError,
  no_network_connection: noNetwork,
  could_not_fetch: couldNotFetch,
  internal_error: couldNotFetch,
  'auth/provider-unavailable': couldNotFetch,
  force_update_required: msg({
    id: 'force_update_required',
    message: 'A newer version of the app is required. Please update to continue.',
  }),
};

export function errorMessage(code: string): MessageDescriptor {
  return Object.hasOwn(byCode, code) ? byCode[code]! : somethingWrong;
}

/**
 * The text for a failed call: a network failure (status 600) is 'No network connection' when
 * the device says it is offline, else 'Network Error'; everything else goes by its code.
 */
export function errorMessageFor(error: { status?: number; code?: string }, online = true): MessageDescriptor {
  if (error.status === 600 || error.code === 'failed_to_fetch') return online ? networkError : noNetwork;
  return errorMessage(error.code ?? 'unknown');
}
