import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import type { Billboard, FeedOffer, OfferType } from '../contract/offer.ts';

export const feedPageSize = 30;

export interface FeedContext {
  /** Undefined is the mixed feed. */
  type: OfferType | undefined;
  /** The category the member filters by; null shows every category. */
  categoryId: string | null;
  items: FeedOffer[];
  offset: number;
  billboard: Billboard | null;
  /** The member's favourite categories (mixed feed), as the app last told. */
  favouriteIds: string[];
  /** The mixed feed shows only offers in the member's favourite categories ("My categories"). */
  favouritesOnly: boolean;
}

export interface PageRequest {
  type: OfferType | undefined;
  categoryIds: string[];
  offset: number;
}

export type FeedEvent =
  | { type: 'feed.loadMore' }
  | { type: 'feed.retry' }
  | { type: 'feed.dismissError' }
  /** Choosing the selected category again clears it. */
  | { type: 'feed.categorySelected'; categoryId: string }
  /** The page's address names the category to show (null: all), e.g. after a reload or back. */
  | { type: 'feed.categoryShown'; categoryId: string | null }
  /** Everything again, e.g. in the language now shown. */
  | { type: 'feed.reload' }
  /** The member turned the "My categories" filter on or off. */
  | { type: 'feed.favouritesToggled' }
  /** The member's favourite categories changed (saved on My categories). */
  | { type: 'feed.favouritesChanged'; categoryIds: string[] };

/** The category after a tap on `tapped`: the selected one again clears the filter (spec 2.3). */
export const nextCategory = (selected: string | null, tapped: string): string | null => (tapped === selected ? null : tapped);

/** Appends a page, dropping offers already in the list (the spec's de-duplication by id). */
export function appendPage(items: FeedOffer[], page: FeedOffer[]): FeedOffer[] {
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...page.filter((item) => !seen.has(item.id) && seen.add(item.id))];
}

const filterOf = (context: FeedContext): string[] => {
  if (context.favouritesOnly && context.favouriteIds.length > 0) return context.favouriteIds;
  return context.categoryId === null ? [] : [context.categoryId];
};

const pageRequest = (context: FeedContext, offset: number): PageRequest => ({ type: context.type, categoryIds: filterOf(context), offset });

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * One offer feed: the billboard (mixed feed only) and pages of 30 of one type and category.
 * `loadingMore` is the lock against double loading; `end` is the no-more-items flag (a page
 * shorter than 30). Changing the category starts over from `loading` (spec 4).
 */
export const feedMachine = setup({
  types: {
    context: {} as FeedContext,
    events: {} as FeedEvent,
    input: {} as { type?: OfferType; categoryId?: string | null; favouriteIds?: string[] },
  },
  actors: {
    loadBillboard: fromPromise<Billboard | null>(async () => notProvided('loadBillboard')),
    loadPage: fromPromise<FeedOffer[], PageRequest>(async () => notProvided('loadPage')),
  },
  actions: {
    addPage: assign(({ context }, page: FeedOffer[]) => ({
      items: appendPage(context.items, page),
      offset: context.offset + page.length,
    })),
  },
  guards: {
    isFullPage: (_, page: FeedOffer[]) => page.length >= feedPageSize,
    /** The billboard belongs to the mixed feed (spec 2.3). */
    showsBillboard: ({ context }) => context.type === undefined,
    showsOtherCategory: ({ context }, categoryId: string | null) => categoryId !== context.categoryId,
    /** The filter by favourites needs some (a member without favourites is sent to My categories instead). */
    hasFavourites: ({ context }) => context.favouriteIds.length > 0,
    /** The filtered list shows other offers with the new favourites: it loads again (none left: all offers). */
    changesFilteredList: ({ context }, categoryIds: string[]) => context.favouritesOnly && !sameIds(categoryIds, context.favouriteIds),
  },
}).createMachine({
  id: 'feed',
  context: ({ input }) => ({
    type: input.type,
    categoryId: input.categoryId ?? null,
    items: [],
    offset: 0,
    billboard: null,
    favouriteIds: input.favouriteIds ?? [],
    favouritesOnly: false,
  }),
  initial: 'loading',
  on: {
    'feed.categorySelected': {
      target: '.loading',
      reenter: true,
      actions: assign({ categoryId: ({ context, event }) => nextCategory(context.categoryId, event.categoryId) }),
    },
    'feed.categoryShown': {
      guard: { type: 'showsOtherCategory', params: ({ event }) => event.categoryId },
      target: '.loading',
      reenter: true,
      actions: assign({ categoryId: ({ event }) => event.categoryId }),
    },
    'feed.reload': { target: '.loading', reenter: true },
    'feed.favouritesToggled': {
      guard: 'hasFavourites',
      target: '.loading',
      reenter: true,
      actions: assign({ favouritesOnly: ({ context }) => !context.favouritesOnly }),
    },
    'feed.favouritesChanged': [
      {
        guard: { type: 'changesFilteredList', params: ({ event }) => event.categoryIds },
        target: '.loading',
        reenter: true,
        actions: assign({ favouriteIds: ({ event }) => event.categoryIds, favouritesOnly: ({ event }) => event.categoryIds.length > 0 }),
      },
      { actions: assign({ favouriteIds: ({ event }) => event.categoryIds }) },
    ],
  },
  states: {
    loading: {
      type: 'parallel',
      entry: assign({ items: [], offset: 0 }),
      states: {
        billboard: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'showsBillboard', target: 'fetching' }, { target: 'done' }] },
            fetching: {
              invoke: {
                src: 'loadBillboard',
                onDone: { target: 'done', actions: assign({ billboard: ({ event }) => event.output }) },
                onError: '#feed.failed',
              },
            },
            done: { type: 'final' },
          },
        },
        firstPage: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                src: 'loadPage',
                input: ({ context }) => pageRequest(context, 0),
                onDone: { target: 'done', actions: { type: 'addPage', params: ({ event }) => event.output } },
                onError: '#feed.failed',
              },
            },
            done: { type: 'final' },
          },
        },
      },
      onDone: [
        { guard: ({ context }) => context.offset >= feedPageSize, target: 'ready.idle' },
        { target: 'ready.end' },
      ],
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'feed.loadMore': 'loadingMore' } },
        loadingMore: {
          invoke: {
            src: 'loadPage',
            input: ({ context }) => pageRequest(context, context.offset),
            onDone: [
              {
                guard: { type: 'isFullPage', params: ({ event }) => event.output },
                target: 'idle',
                actions: { type: 'addPage', params: ({ event }) => event.output },
              },
              { target: 'end', actions: { type: 'addPage', params: ({ event }) => event.output } },
            ],
            onError: 'loadMoreFailed',
          },
        },
        /** Told in an error dialog (spec 8); the member retries or dismisses it. */
        loadMoreFailed: { on: { 'feed.loadMore': 'loadingMore', 'feed.dismissError': 'idle' } },
        end: {},
      },
    },
    failed: { on: { 'feed.retry': 'loading' } },
  },
});
