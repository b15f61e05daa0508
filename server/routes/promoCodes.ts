import { ApiErrorBody } from '../../contract/common.ts';
import { ClaimedPromoCodeList, CommonPromoCode, PromoClaimBody, UniquePromoCode } from '../../contract/promoCode.ts';
import { ApiError, notFound } from '../errors.ts';
import { textLanguages } from '../language.ts';
import {
  countClaimedBy,
  findOfferPromo,
  listClaimedCodes,
  listRevealedCommonCodes,
  lockClaimant,
  markCommonClaimed,
  takeFreeCode,
} from '../repositories/promoCodes.repository.ts';
import type { App, RouteDeps } from './types.ts';

// The spec's texts (section 8).
export const capReached = () => new ApiError(409, 'voucher_claim_cap_reached', 'Claim capacity has already been reached');
export const noCodesRemaining = () => new ApiError(409, 'voucher_no_codes_remaining', 'There are no remaining promo codes for this offer.');
const noCommonCode = () => new ApiError(404, 'voucher_common_code_not_found', 'This offer has no common promo code.');

const errors = { '4xx': ApiErrorBody };

export async function promoCodeRoutes(app: App, { db, requireMember, now = Date.now }: RouteDeps) {
  /** The offer of the member's brand, active; the same answers as GET /v1/get/offer. */
  async function activeOffer(brandId: string, id: string) {
    const offer = await findOfferPromo(db, brandId, id);
    if (!offer) throw notFound('offer_not_found', 'The article was not found..');
    if (!offer.active) throw new ApiError(410, 'offer_not_relevant', 'The offer is no longer relevant');
    return offer;
  }

  app.post(
    '/v1/claim/offer/voucher/code',
    {
      preHandler: requireMember,
      schema: {
        summary: 'Claim one unique promo code of an offer',
        description:
          'Hands this member one code no one else ever gets, unless they hold the offer\'s cap of codes already ' +
          '(409 voucher_claim_cap_reached) or no unexpired code is left (409 voucher_no_codes_remaining).',
        body: PromoClaimBody,
        response: { 200: UniquePromoCode, ...errors },
      },
    },
    async (request) => {
      const { brand, token } = request.member;
      const offer = await activeOffer(brand.id, request.body.id);
      if (offer.claimCap === null) throw noCodesRemaining();
      const q = { brandId: brand.id, offerId: request.body.id, userId: token.uid };
      const at = new Date(now());
      // The member's row lock makes count-then-take one step per member; SKIP LOCKED keeps members apart.
      return db.transaction(async (tx) => {
        await lockClaimant(tx, q);
        const claimed = await countClaimedBy(tx, q);
        if (claimed >= offer.claimCap!) throw capReached();
        const code = await takeFreeCode(tx, q, at);
        if (!code) throw noCodesRemaining();
        return { code, userClaimedCount: claimed + 1, claimCap: offer.claimCap! };
      });
    },
  );

  app.post(
    '/v1/claim/offer/voucher/code/common',
    {
      preHandler: requireMember,
      schema: {
        summary: "Reveal an offer's common promo code to this member",
        description:
          'Every member gets the same code; claiming again answers it again. Afterwards GET /v1/get/offer carries it ' +
          'in promoCodeCommon for this member. 404 voucher_common_code_not_found when the offer has none.',
        body: PromoClaimBody,
        response: { 200: CommonPromoCode, ...errors },
      },
    },
    async (request) => {
      const { brand, token } = request.member;
      const offer = await activeOffer(brand.id, request.body.id);
      if (!offer.commonCode) throw noCommonCode();
      const q = { brandId: brand.id, offerId: request.body.id, userId: token.uid };
      const at = new Date(now());
      await db.transaction(async (tx) => {
        await lockClaimant(tx, q);
        await markCommonClaimed(tx, q, at);
      });
      return { code: offer.commonCode };
    },
  );

  app.get(
    '/v1/get_list/offer/voucher/code',
    {
      preHandler: requireMember,
      schema: {
        summary: "The member's claimed unique promo codes and revealed common codes, newest first",
        response: { 200: ClaimedPromoCodeList, ...errors },
      },
    },
    async (request) => {
      const { brand, token } = request.member;
      const languages = textLanguages(request, brand);
      const [unique, common] = await Promise.all([
        listClaimedCodes(db, brand.id, token.uid, languages),
        listRevealedCommonCodes(db, brand.id, token.uid, languages),
      ]);
      const rows = [...unique.map((row) => ({ ...row, kind: 'unique' as const })), ...common.map((row) => ({ ...row, kind: 'common' as const }))];
      return rows
        .map((row) => ({
          code: row.code!,
          kind: row.kind,
          claimedAt: row.claimedAt!.toISOString(),
          groupId: `/${row.offerType}/${row.offerId}`,
          offer: { id: row.offerId, type: row.offerType, title: row.offerTitle, puffImage: row.offerPuffImage },
        }))
        .sort((a, b) => b.claimedAt.localeCompare(a.claimedAt));
    },
  );
}
