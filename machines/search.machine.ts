import { assign, fromPromise, raise, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import type { FeedOffer } from '../contract/offer.ts';
import { appendPage } from './feed.machine.ts';

export const searchPageSize = 30;
/** Results load this long after the last keystroke (spec 9). */
export const searchDebounceMs = 550;
/** The mixed feed's search field stays hidden in place while the search page slides in: 300 ms + 100 ms (spec 2.3). */
export const searchFieldHideMs = 300 + 100;

export interface SearchRequest {
  query: string;
  offset: number;
}

/** What the list shows: the results of one query; the empty query stands for the default feed. */
export interface SearchResults {
  query: string;
  items: FeedOffer[];
  offset: number;
}

export interface SearchContext {
  /** What the member has typed. */
  query: string;
  results: SearchResults;
}

export type SearchEvent =
  | { type: 'search.queryChanged'; query: string }
  | { type: 'search.loadMore' }
  | { type: 'search.fieldFocused' }
  /** Internal: the first page of a new query arrived. */
  | { type: 'search.resultsLoaded'; query: string; page: FeedOffer[] };

const trimmed = (query: string) => query.trim();
const defaultFeed: SearchResults = { query: '', items: [], offset: 0 };

/**
 * Search (spec 4): `pending` is the query being typed (debounced, then asked for; typing again
 * cancels it; a failure is silently dropped), `list` is what is shown (the default feed, or
 * pages of 30 of the last answered query until a short page), `searchField` hides the mixed
 * feed's field in place while the search page slides in.
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: {
    searchOffers: fromPromise<FeedOffer[], SearchRequest>(async () => notProvided('searchOffers')),
  },
  actions: {
    showFirstPage: assign((_, { query, page }: { query: string; page: FeedOffer[] }) => ({
      results: { query, items: appendPage([], page), offset: page.length },
    })),
    addPage: assign(({ context }, page: FeedOffer[]) => ({
      results: {
        ...context.results,
        items: appendPage(context.results.items, page),
        offset: context.results.offset + page.length,
      },
    })),
  },
  guards: {
    isBlank: (_, query: string) => trimmed(query) === '',
    isSamePendingQuery: ({ context }, query: string) => trimmed(query) !== '' && trimmed(query) === trimmed(context.query),
    /** Blank, or the query already shown: nothing to ask the server. */
    needsNoRequest: ({ context }, query: string) => trimmed(query) === '' || trimmed(query) === context.results.query,
    isFullPage: (_, page: FeedOffer[]) => page.length >= searchPageSize,
  },
  delays: {
    searchDebounce: searchDebounceMs,
    searchFieldHide: searchFieldHideMs,
  },
}).createMachine({
  id: 'search',
  context: { query: '', results: defaultFeed },
  type: 'parallel',
  states: {
    pending: {
      initial: 'none',
      on: {
        'search.queryChanged': [
          {
            // Only spaces around the word changed: the wait or the request under way stays.
            guard: { type: 'isSamePendingQuery', params: ({ event }) => event.query },
            actions: assign({ query: ({ event }) => event.query }),
          },
          {
            guard: { type: 'needsNoRequest', params: ({ event }) => event.query },
            target: '.none',
            actions: assign({ query: ({ event }) => event.query }),
          },
          { target: '.debouncing', actions: assign({ query: ({ event }) => event.query }) },
        ],
      },
      states: {
        none: {},
        // Entered afresh on each keystroke, which restarts the delay and cancels a request under way.
        debouncing: { after: { searchDebounce: 'searching' } },
        searching: {
          invoke: {
            src: 'searchOffers',
            input: ({ context }) => ({ query: trimmed(context.query), offset: 0 }),
            onDone: {
              target: 'none',
              actions: raise(({ context, event }) => ({
                type: 'search.resultsLoaded' as const,
                query: trimmed(context.query),
                page: event.output,
              })),
            },
            // Spec 8: search errors are silently ignored; the previous results stay.
            onError: 'none',
          },
        },
      },
    },
    list: {
      initial: 'defaultFeed',
      on: {
        'search.queryChanged': {
          guard: { type: 'isBlank', params: ({ event }) => event.query },
          target: '.defaultFeed',
          actions: assign({ results: defaultFeed }),
        },
        'search.resultsLoaded': [
          {
            guard: { type: 'isFullPage', params: ({ event }) => event.page },
            target: '.more',
            actions: { type: 'showFirstPage', params: ({ event }) => event },
          },
          { target: '.end', actions: { type: 'showFirstPage', params: ({ event }) => event } },
        ],
      },
      states: {
        /** The empty query: the view shows the mixed feed. */
        defaultFeed: {},
        more: { on: { 'search.loadMore': 'loadingMore' } },
        loadingMore: {
          invoke: {
            src: 'searchOffers',
            input: ({ context }) => ({ query: context.results.query, offset: context.results.offset }),
            onDone: [
              {
                guard: { type: 'isFullPage', params: ({ event }) => event.output },
                target: 'more',
                actions: { type: 'addPage', params: ({ event }) => event.output },
              },
              { target: 'end', actions: { type: 'addPage', params: ({ event }) => event.output } },
            ],
            onError: 'more',
          },
        },
        end: {},
      },
    },
    searchField: {
      initial: 'visible',
      states: {
        visible: { on: { 'search.fieldFocused': 'hiddenInPlace' } },
        hiddenInPlace: { after: { searchFieldHide: 'visible' } },
      },
    },
  },
});
