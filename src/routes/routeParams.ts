import type { OfferType } from '../../contract/offer.ts';
import type { OfferInput } from '../../machines/offer.rules.ts';
import { isOfferType } from './routeTable.ts';

/** What the navigator matched for a page: the route's raw parameters and the page's own path. */
export interface RouteMatch {
  params: Record<string, string>;
  path: string;
  /** The page's query ('?q=jazz'); absent or '' without one. */
  search?: string;
}

const queryParam = ({ search }: RouteMatch, name: string): string | null => new URLSearchParams(search ?? '').get(name);

/** /search?q=…: what the member searched for ('' for none). */
export const searchQueryOf = (match: RouteMatch): string => queryParam(match, 'q') ?? '';

/** /{type}?category=…: the category the feed is filtered by (null for all). */
export const categoryOf = (match: RouteMatch): string | null => queryParam(match, 'category') || null;

/** The query a search page shows in its address for what is typed. */
export const searchForQuery = (query: string): string => (query.trim() ? `?${new URLSearchParams({ q: query })}` : '');

/** The query a per-type feed shows in its address for its category filter. */
export const searchForCategory = (categoryId: string | null): string => (categoryId ? `?${new URLSearchParams({ category: categoryId })}` : '');

/** The offer type of a per-type page from its path (/editorial, /benefit, /live); anything else reads live (spec 5). */
export function offerTypeOfPath(path: string): OfferType {
  const segment = path.split('/')[1];
  return isOfferType(segment) ? segment : 'live';
}

/**
 * The offer page's place from /:origin/:type/:id, /:type/:id or /search/:type/:id. The resolver
 * only matches real offer types, so a missing or unknown type here is a route table mistake.
 */
export function offerPlaceOf({ params, path }: RouteMatch): OfferInput {
  const { id, type } = params;
  if (!id || !isOfferType(type)) throw new Error(`Not an offer route: ${path}`);
  // /search/:type/:id has no origin segment; its path says the member came from search.
  const origin = params.origin ?? (path.startsWith('/search/') ? 'search' : undefined);
  return origin ? { id, type, origin } : { id, type };
}

/** /more/restaurant/s/:id: the restaurant's id (the resolver only matches the route with one). */
export function restaurantIdOf({ params, path }: RouteMatch): { id: string } {
  if (!params.id) throw new Error(`Not a restaurant route: ${path}`);
  return { id: params.id };
}
