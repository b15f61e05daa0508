import type { FastifyReply } from 'fastify';
import { ApiErrorBody } from '../../contract/common.ts';
import { Billboard, OfferList, OfferListQuery, OfferSearchBody } from '../../contract/offer.ts';
import { feedCacheTtlMs, TtlCache } from '../cache.ts';
import { badRequest, notFound } from '../errors.ts';
import { textLanguages } from '../language.ts';
import type { FeedQuery } from '../offers/offerReads.ts';
import { sendSerialized, serializeAnswer, type SerializedAnswer } from '../plugins/serializedAnswer.ts';
import { readerRouteDocs } from '../plugins/visitorContext.ts';
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
  const isCategoryId = (id: unknown) => typeof id === 'string' && id.length <= 200 && !/[\u0000-\u001f\u007f]/.test(id);
  if (!Array.isArray(parsed) || parsed.length > 100 || !parsed.every(isCategoryId)) {
    throw badRequest('invalid_category_id_select', 'categoryIdSelect must be a JSON array of category ids');
  }
  return [...new Set(parsed as string[])].sort();
}

export async function offerRoutes(app: App, { offers, readerHooks, now }: RouteDeps) {
  const pages = new TtlCache<string, SerializedAnswer>({ ttlMs: feedCacheTtlMs, maxEntries: 5_000, now });
  // Both routes answer the same OfferList schema, so either may serialise a page for the other.
  const feedPage = (reply: FastifyReply, query: FeedQuery) =>
    pages.getOrLoad(JSON.stringify(query), async () => serializeAnswer(reply, await offers.feed(query)));
  const billboards = new TtlCache<string, Awaited<ReturnType<RouteDeps['offers']['billboard']>>>({ ttlMs: feedCacheTtlMs, maxEntries: 1_000, now });

  app.get(
    '/v1/get_list/offer',
    { ...readerHooks, schema: { ...readerRouteDocs, querystring: OfferListQuery, response: { 200: OfferList, '4xx': ApiErrorBody } } },
    async (request, reply) => {
      const { brand, member } = request.reader;
      const query: FeedQuery = {
        brandId: brand.id,
        type: request.query.type,
        categoryIds: parseCategoryIdSelect(request.query.categoryIdSelect),
        offset: request.query.offset ?? 0,
        languages: textLanguages(request, brand),
        publicOnly: !member,
      };
      return sendSerialized(reply, await feedPage(reply, query));
    },
  );

  app.post(
    '/v1/search/offer',
    { ...readerHooks, schema: { ...readerRouteDocs, body: OfferSearchBody, response: { 200: OfferList, '4xx': ApiErrorBody } } },
    async (request, reply) => {
      const { brand, member } = request.reader;
      const brandId = brand.id;
      const offset = request.body.offset ?? 0;
      const languages = textLanguages(request, brand);
      const publicOnly = !member;
      // The client shows the default feed for an empty query; answer it the same.
      if (request.body.query.trim() === '') {
        const query: FeedQuery = { brandId, offset, languages, publicOnly };
        return sendSerialized(reply, await feedPage(reply, query));
      }
      return offers.search({ brandId, text: request.body.query, offset, languages, publicOnly });
    },
  );

  app.get(
    '/v1/get/billboard',
    {
      ...readerHooks,
      schema: {
        ...readerRouteDocs,
        description: `${readerRouteDocs.description} A billboard whose offer needs sign-in is none for a visitor (404 billboard_not_found).`,
        response: { 200: Billboard, '4xx': ApiErrorBody },
      },
    },
    async (request) => {
      const { brand, member } = request.reader;
      const languages = textLanguages(request, brand);
      const publicOnly = !member;
      const billboard = await billboards.getOrLoad(`${brand.id}|${languages.language}|${publicOnly}`, () => offers.billboard(brand.id, languages, publicOnly));
      if (!billboard) throw notFound('billboard_not_found', 'There is no billboard');
      return billboard;
    },
  );
}
