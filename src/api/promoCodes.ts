import type { ClaimedPromoCode, CommonPromoCode, UniquePromoCode } from '../../contract/promoCode.ts';
import type { ApiClient } from './client.ts';
import { withMediaBase } from './mediaUrls.ts';

export type { ClaimedPromoCode, CommonPromoCode, UniquePromoCode };

/** POST /v1/claim/offer/voucher/code: one unique code for this member, with their count and the cap. */
export const claimPromoCode = (api: ApiClient, offerId: string) =>
  api.send<UniquePromoCode>('POST', '/v1/claim/offer/voucher/code', { id: offerId });

/** POST /v1/claim/offer/voucher/code/common: the offer's common code, revealed to this member. */
export const claimCommonPromoCode = (api: ApiClient, offerId: string) =>
  api.send<CommonPromoCode>('POST', '/v1/claim/offer/voucher/code/common', { id: offerId });

/** GET /v1/get_list/offer/voucher/code: the member's claimed codes, newest first. */
export async function getClaimedPromoCodes(api: ApiClient): Promise<ClaimedPromoCode[]> {
  const codes = await api.get<ClaimedPromoCode[]>('/v1/get_list/offer/voucher/code');
  return codes.map((code) => ({ ...code, offer: withMediaBase(api.baseUrl, code.offer) }));
}
