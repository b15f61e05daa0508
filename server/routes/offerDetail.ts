import { ApiErrorBody } from '../../contract/common.ts';
import { OfferDetail, OfferDetailQuery } from '../../contract/offer.ts';
import { ApiError, notFound } from '../errors.ts';
import { textLanguages } from '../language.ts';
import { findOfferDetail, toOfferDetail } from '../repositories/offerDetail.repository.ts';
import { findPromoFields } from '../repositories/promoCodes.repository.ts';
import { offerVariantFields } from '../commerce/offerVariants.ts';
import { referralTokenFor } from '../repositories/referralTokens.repository.ts';
import type { App, RouteDeps } from './types.ts';

export async function offerDetailRoutes(app: App, { db, requireMember, now = Date.now }: RouteDeps) {
  app.get(
    '/v1/get/offer',
    { preHandler: requireMember, schema: { querystring: OfferDetailQuery, response: { 200: OfferDetail, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      const [row, promo] = await Promise.all([
        findOfferDetail(db, brand.id, request.query.id),
        request.query.getVoucher ? findPromoFields(db, { brandId: brand.id, offerId: request.query.id, userId: token.uid }, new Date(now())) : null,
      ]);
      // The spec's texts, two dots included.
      if (!row) throw notFound('offer_not_found', 'The article was not found..');
      if (!row.offer.active) throw new ApiError(410, 'offer_not_relevant', 'The offer is no longer relevant');
      const detail = toOfferDetail(row, request.query.getCompanionOffer === true, textLanguages(request, brand));
      const variants = await offerVariantFields(db, brand.id, row.offer.id, now(), request.query.getAvailability === true, token.uid);
      // The referral link carries a token of this member and offer, never the member's id.
      const referral =
        detail.callToAction?.type === 'referralUrl'
          ? { referralToken: await referralTokenFor(db, { brandId: brand.id, userId: token.uid, offerId: row.offer.id }) }
          : {};
      return { ...detail, ...promo, ...variants, ...referral };
    },
  );
}
