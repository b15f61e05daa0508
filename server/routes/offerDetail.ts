import { ApiErrorBody } from '../../contract/common.ts';
import { OFFER_REQUIRES_SIGN_IN, OfferDetail, OfferDetailQuery } from '../../contract/offer.ts';
import { ApiError, notFound } from '../errors.ts';
import { textLanguages } from '../language.ts';
import { readerRouteDocs } from '../plugins/visitorContext.ts';
import type { App, RouteDeps } from './types.ts';

export async function offerDetailRoutes(app: App, { offers, readerHooks }: RouteDeps) {
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
      const outcome = await offers.detail({
        brandId: brand.id,
        offerId: request.query.id,
        userId: member?.token.uid ?? null,
        languages: textLanguages(request, brand),
        withVoucher: request.query.getVoucher === true,
        withCompanion: request.query.getCompanionOffer === true,
        withAvailability: request.query.getAvailability === true,
      });
      switch (outcome.kind) {
        case 'found':
          return outcome.detail;
        // The spec's texts, two dots included.
        case 'notFound':
          throw notFound('offer_not_found', 'The article was not found..');
        case 'ended':
          throw new ApiError(410, 'offer_not_relevant', 'The offer is no longer relevant');
        case 'requiresSignIn':
          throw new ApiError(OFFER_REQUIRES_SIGN_IN.status, OFFER_REQUIRES_SIGN_IN.code, OFFER_REQUIRES_SIGN_IN.message);
      }
    },
  );
}
