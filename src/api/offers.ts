import type { Billboard, CategoryList, ContentBlock, FeedOffer, OfferDetail, OfferType } from '../../contract/offer.ts';
import { isApiError } from './apiError.ts';
import type { ApiClient } from './client.ts';
import { imageWithMediaBase, withMediaBase } from './mediaUrls.ts';
import { variantWithMediaBase } from './cart.ts';

export type { Billboard, CategoryList, ContentBlock, FeedOffer, OfferDetail, OfferType };

export interface OfferListQuery {
  type?: OfferType;
  offset: number;
  categoryIds?: string[];
}

export async function getOfferList(api: ApiClient, q: OfferListQuery): Promise<FeedOffer[]> {
  const offers = await api.get<FeedOffer[]>('/v1/get_list/offer', {
    type: q.type,
    offset: q.offset,
    categoryIdSelect: q.categoryIds && q.categoryIds.length > 0 ? JSON.stringify(q.categoryIds) : undefined,
  });
  return offers.map((offer) => withMediaBase(api.baseUrl, offer));
}

/** The billboard, or null when there is none (the server answers 404). */
export async function getBillboard(api: ApiClient): Promise<Billboard | null> {
  try {
    return withMediaBase(api.baseUrl, await api.get<Billboard>('/v1/get/billboard'));
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const getCategories = (api: ApiClient) => api.get<CategoryList>('/v1/get_list/brand/category');

/** One offer with everything the offer page shows: promo codes, companion offer, availability. */
export async function getOffer(api: ApiClient, id: string): Promise<OfferDetail> {
  const offer = await api.get<OfferDetail>('/v1/get/offer', { id, getVoucher: true, getCompanionOffer: true, getAvailability: true });
  const base = api.baseUrl;
  return {
    ...withMediaBase(base, offer),
    ...(offer.companionOffer ? { companionOffer: withMediaBase(base, offer.companionOffer) } : {}),
    itemVariantList: offer.itemVariantList.map((variant) => variantWithMediaBase(base, variant)),
    contentBlocks: offer.contentBlocks.map((block): ContentBlock =>
      block.type === 'image' ? { ...block, image: imageWithMediaBase(base, block.image) } : block,
    ),
  };
}

export interface OfferSearchQuery {
  query: string;
  offset: number;
}

/** POST /v1/search/offer: pages of 30 feed offers matching the query. */
export async function searchOffers(api: ApiClient, q: OfferSearchQuery): Promise<FeedOffer[]> {
  const offers = await api.send<FeedOffer[]>('POST', '/v1/search/offer', { query: q.query, offset: q.offset });
  return offers.map((offer) => withMediaBase(api.baseUrl, offer));
}
