import { msg } from '@lingui/core/macro';

/**
 * The promo rows' texts (spec 8), keyed by the API's codes. Apart from errorMessages.ts because
 * that module loads with the sign-in page and these only with the offer and voucher screens.
 */
export const promoMessages = {
  capReached: msg({ id: 'voucher_claim_cap_reached', message: 'Claim capacity has already been reached' }),
  noCodesRemaining: msg({ id: 'voucher_no_codes_remaining', message: 'There are no remaining promo codes for this offer.' }),
  commonClaimFailed: msg({ id: 'catch_error_something_wrong', message: 'Something went wrong. Please try again.' }),
};
