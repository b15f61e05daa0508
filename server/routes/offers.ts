import { ApiErrorBody } from '../schemas/common.ts';
import { Billboard, OfferList, OfferListQuery } from '../schemas/offer.ts';
import { badRequest, notFound } from '../errors.ts';
import { requireMember } from '../plugins/memberContext.ts';
import { findBillboard, listFeedOffers } from '../repositories/offers.repository.ts';
import type { App, RouteDeps } from './types.ts';

/** categoryIdSelect arrives as JSON array text, e.g. ["food","travel"]. */
export function parseCategoryIdSelect(text: string | undefined): string[] | undefined {
  if (text === undefined || text === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('invalid_category_id_select', 'categoryIdSelect must be a JSON array of category ids');
  }
  if (!Array.isArray(parsed) || parsed.length > 100 || !parsed.every((id) => typeof id === 'string' && id.length <= 200)) {
    throw badRequest('invalid_category_id_select', 'categoryIdSelect must be a JSON array of category ids');
  }
  return parsed as string[];
}

export async function offerRoutes(app: App, { db, identity }: RouteDeps) {
  const member = requireMember(db, identity);

  app.get(
    '/v1/get_list/offer',
    { preHandler: member, schema: { querystring: OfferListQuery, response: { 200: OfferList, '4xx': ApiErrorBody } } },
    async (request) =>
      listFeedOffers(db, {
        brandId: request.member.brand.id,
        type: request.query.type,
        categoryIds: parseCategoryIdSelect(request.query.categoryIdSelect),
        offset: request.query.offset ?? 0,
      }),
  );

  app.get(
    '/v1/get/billboard',
    { preHandler: member, schema: { response: { 200: Billboard, '4xx': ApiErrorBody } } },
    async (request) => {
      const billboard = await findBillboard(db, request.member.brand.id);
      if (!billboard) throw notFound('billboard_not_found', 'There is no billboard');
      return billboard;
    },
  );
}
