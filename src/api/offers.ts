import type { Billboard, CategoryList, FeedOffer, OfferType } from '../../server/schemas/offer.ts';
import { isApiError } from './apiError.ts';
import type { ApiClient } from './client.ts';
import { withMediaBase } from './mediaUrls.ts';

export type { Billboard, CategoryList, FeedOffer, OfferType };

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
