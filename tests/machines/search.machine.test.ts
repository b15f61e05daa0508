import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { searchDebounceMs, searchFieldHideMs, searchMachine, type SearchRequest } from '../../machines/search.machine.ts';
import type { FeedOffer } from '../../contract/offer.ts';
import { testOffers } from './fixtures.ts';

/** A search over a fake server: `total` hits per query; the query 'boom' fails. Every request is recorded. */
function startSearch(total = 45) {
  const requests: SearchRequest[] = [];
  const actor = createActor(
    searchMachine.provide({
      actors: {
        searchOffers: fromPromise<FeedOffer[], SearchRequest>(async ({ input }) => {
          requests.push(input);
          if (input.query === 'boom') throw new Error('network');
          return testOffers(Math.max(0, Math.min(30, total - input.offset)), input.offset);
        }),
      },
    }),
  ).start();
  const type = (query: string) => actor.send({ type: 'search.queryChanged', query });
  return { actor, requests, type };
}

describe('search machine', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('asks once, 550 ms after the last keystroke', async () => {
    const { actor, requests, type } = startSearch();
    for (const query of ['t', 'te', 'tea']) {
      type(query);
      await vi.advanceTimersByTimeAsync(200);
    }
    await vi.advanceTimersByTimeAsync(searchDebounceMs - 200 - 1);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toEqual([{ query: 'tea', offset: 0 }]);
    expect(actor.getSnapshot().context.results.query).toBe('tea');
    expect(actor.getSnapshot().matches({ list: 'more' })).toBe(true);
  });

  it('a trailing space while the word is being fetched asks nothing more', async () => {
    const requests: SearchRequest[] = [];
    const actor = createActor(
      searchMachine.provide({
        actors: {
          // Never answers: the request stays under way.
          searchOffers: fromPromise<FeedOffer[], SearchRequest>(({ input }) => {
            requests.push(input);
            return new Promise(() => undefined);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'search.queryChanged', query: 'tea' });
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(requests).toHaveLength(1);
    actor.send({ type: 'search.queryChanged', query: 'tea ' });
    await vi.advanceTimersByTimeAsync(searchDebounceMs * 2);
    expect(requests).toEqual([{ query: 'tea', offset: 0 }]);
  });

  it('typing again cancels a request under way; its answer is never shown', async () => {
    let answer: ((page: FeedOffer[]) => void) | null = null;
    const actor = createActor(
      searchMachine.provide({
        actors: {
          searchOffers: fromPromise<FeedOffer[], SearchRequest>(
            ({ input }) => new Promise((resolve) => (answer = (page) => resolve(page.map((o) => ({ ...o, title: input.query }))))),
          ),
        },
      }),
    ).start();
    actor.send({ type: 'search.queryChanged', query: 'tea' });
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    const first = answer!;
    actor.send({ type: 'search.queryChanged', query: 'teas' });
    first(testOffers(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.results.items).toEqual([]);
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    answer!(testOffers(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.results.items.map((o) => o.title)).toEqual(['teas', 'teas', 'teas']);
  });

  it('pages by 30 until a short page, and asks no more at the end', async () => {
    const { actor, requests, type } = startSearch(45);
    type('tea');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    actor.send({ type: 'search.loadMore' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ list: 'end' })).toBe(true);
    actor.send({ type: 'search.loadMore' });
    expect(requests.map((r) => r.offset)).toEqual([0, 30]);
    expect(actor.getSnapshot().context.results.items).toHaveLength(45);
  });

  it('ignores a failed search silently and keeps the previous results, which still page', async () => {
    const { actor, requests, type } = startSearch(45);
    type('tea');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    type('boom');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(actor.getSnapshot().matches({ pending: 'none', list: 'more' })).toBe(true);
    expect(actor.getSnapshot().context.results.query).toBe('tea');
    actor.send({ type: 'search.loadMore' });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([
      { query: 'tea', offset: 0 },
      { query: 'boom', offset: 0 },
      { query: 'tea', offset: 30 },
    ]);
  });

  it('an empty query shows the default feed at once and cancels what was pending', async () => {
    const { actor, requests, type } = startSearch();
    type('tea');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    type('teas');
    type('  ');
    await vi.advanceTimersByTimeAsync(searchDebounceMs * 2);
    expect(actor.getSnapshot().matches({ list: 'defaultFeed', pending: 'none' })).toBe(true);
    expect(actor.getSnapshot().context.results.items).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('typing back to the query shown asks nothing', async () => {
    const { requests, type } = startSearch();
    type('tea');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    type('teas');
    type('tea ');
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(requests).toHaveLength(1);
  });

  it('hides the search field in place for 400 ms after it is focused', async () => {
    const { actor } = startSearch();
    actor.send({ type: 'search.fieldFocused' });
    expect(actor.getSnapshot().matches({ searchField: 'hiddenInPlace' })).toBe(true);
    await vi.advanceTimersByTimeAsync(searchFieldHideMs - 1);
    expect(actor.getSnapshot().matches({ searchField: 'hiddenInPlace' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ searchField: 'visible' })).toBe(true);
  });

  it('de-duplicates results across pages by id', async () => {
    const pages: Record<number, FeedOffer[]> = { 0: testOffers(30), 30: [...testOffers(2, 28), ...testOffers(28, 30)], 60: testOffers(5, 58) };
    const actor = createActor(
      searchMachine.provide({
        actors: { searchOffers: fromPromise<FeedOffer[], SearchRequest>(async ({ input }) => pages[input.offset] ?? []) },
      }),
    ).start();
    actor.send({ type: 'search.queryChanged', query: 'tea' });
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    actor.send({ type: 'search.loadMore' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'search.loadMore' });
    await vi.advanceTimersByTimeAsync(0);
    const ids = actor.getSnapshot().context.results.items.map((o) => o.id);
    expect(actor.getSnapshot().matches({ list: 'end' })).toBe(true);
    expect(ids).toHaveLength(63);
    expect(new Set(ids).size).toBe(63);
  });
});
