import { ApiErrorBody } from '../../contract/common.ts';
import { ClaimedPromoCodeList, CommonPromoCode, PromoClaimBody, UniquePromoCode } from '../../contract/promoCode.ts';
import { textLanguages } from '../language.ts';
import type { App, RouteDeps } from './types.ts';

const errors = { '4xx': ApiErrorBody };

/** The member's promo codes (server/promo/promoClaims.ts decides). */
export async function promoCodeRoutes(app: App, { promoCodes, requireMember }: RouteDeps) {
  const claimOf = (request: { member: { brand: { id: string }; token: { uid: string } }; body: { id: string } }) => ({
    brandId: request.member.brand.id,
    userId: request.member.token.uid,
    offerId: request.body.id,
  });

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
    async (request) => promoCodes.claimUnique(claimOf(request)),
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
    async (request) => promoCodes.revealCommon(claimOf(request)),
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
      return promoCodes.claimedBy({ brandId: brand.id, userId: token.uid }, textLanguages(request, brand));
    },
  );
}
