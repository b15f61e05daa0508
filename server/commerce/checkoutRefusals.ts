import { saleRefusalMessages, type SaleRefusal } from '../../domain/saleRules.ts';
import { ApiError } from '../errors.ts';

/** Why a checkout is refused (docs/checkout.md, the refusals table): 409s in the spec's shape. */
const refusal = (code: string, message: string) => new ApiError(409, code, message);
const saleRefusalCodes: Record<SaleRefusal, string> = { ended: 'checkout/offer-ended', capReached: 'checkout/purchase-cap-reached', soldOut: 'checkout/sold-out' };
export const checkoutRefusals = {
  empty: () => refusal('user/shopping-cart-empty', 'The shopping cart is empty'),
  sale: (why: SaleRefusal) => refusal(saleRefusalCodes[why], saleRefusalMessages[why]),
  notOpen: () => refusal('checkout/session-not-open', 'The checkout session is no longer open'),
  replaced: () => refusal('checkout/replaced', 'You started a new checkout in another window'),
};
