import { readTogether } from '../db/readTogether.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import { OFFER_REQUIRES_SIGN_IN, OfferDetail, OfferDetailQuery } from '../../contract/offer.ts';
import { ApiError, notFound } from '../errors.ts';
import { textLanguages } from '../language.ts';
import { findOfferDetail, toOfferDetail } from '../repositories/offerDetail.repository.ts';
import { findPromoFields, findPublicPromoFields } from '../repositories/promoCodes.repository.ts';
import { offerVariantFields } from '../commerce/offerVariants.ts';
import { referralTokenFor } from '../repositories/referralTokens.repository.ts';
import { readerRouteDocs } from '../plugins/visitorContext.ts';
import type { App, RouteDeps } from './types.ts';

export async function offerDetailRoutes(app: App, { db, readerHooks, now = Date.now }: RouteDeps) {
  app.get(
    '/v1/get/offer',
    {
      ...readerHooks,
      schema: {
        ...readerRouteDocs,
        description: `${readerRouteDocs.description} An offer that needs sign-in answers a visitor 401 offer_requires_sign_in (an ended one 410, an unknown one 404).`,
        querystring: OfferDetailQuery,
        response: { 200: OfferDetail, '4xx': ApiErrorBody },
      },
    },
    async (request) => {
      const { brand, member } = request.reader;
      const offerId = request.query.id;
      const asOf = new Date(now());
      const [row, promo] = await readTogether(
        db,
        () => findOfferDetail(db, brand.id, offerId),
        async () =>
          !request.query.getVoucher
            ? null
            : member
              ? findPromoFields(db, { brandId: brand.id, offerId, userId: member.token.uid }, asOf)
              : findPublicPromoFields(db, { brandId: brand.id, offerId }, asOf),
      );
      // The spec's texts, two dots included.
      if (!row) throw notFound('offer_not_found', 'The article was not found..');
      // An ended offer says so to anyone: signing in would only lead to the same answer.
      if (!row.offer.active) throw new ApiError(410, 'offer_not_relevant', 'The offer is no longer relevant');
      if (!member && row.offer.requiresSignIn) throw new ApiError(OFFER_REQUIRES_SIGN_IN.status, OFFER_REQUIRES_SIGN_IN.code, OFFER_REQUIRES_SIGN_IN.message);
      const withCompanion = request.query.getCompanionOffer === true && (member ? true : 'public');
      const languages = textLanguages(request, brand);
      const detail = toOfferDetail(row, withCompanion, languages);
      // Availability for a member counts a waiting-list place offered to them; a visitor's is the brand's.
      const variants = await offerVariantFields(db, brand.id, row.offer.id, now(), request.query.getAvailability === true, member?.token.uid, languages);
      // The referral link carries a token of this member and offer, never the member's id.
      const referral =
        member && detail.callToAction?.type === 'referralUrl'
          ? { referralToken: await referralTokenFor(db, { brandId: brand.id, userId: member.token.uid, offerId: row.offer.id }) }
          : {};
      return { ...detail, ...promo, ...variants, ...referral };
    },
  );
}
