import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { appendPage, feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import type { Billboard, FeedOffer, OfferType } from '../../contract/offer.ts';
import { testOffers } from './fixtures.ts';

/** A feed over a fake server holding `total` offers; records every page request. */
function startFeed(
  total: number,
  options: { billboard?: Billboard | null; failPageAt?: number; input?: { type?: OfferType; categoryId?: string } } = {},
) {
  const requests: PageRequest[] = [];
  let releasePage: (() => void) | null = null;
  const actor = createActor(
    feedMachine.provide({
      actors: {
        loadBillboard: fromPromise<Billboard | null>(async () => options.billboard ?? null),
        loadPage: fromPromise<FeedOffer[], PageRequest>(async ({ input }) => {
          requests.push(input);
          if (input.offset === options.failPageAt) throw new Error('network');
          await new Promise<void>((resolve) => (releasePage = resolve));
          return testOffers(Math.max(0, Math.min(30, total - input.offset)), input.offset);
        }),
      },
    }),
    { input: options.input ?? { type: 'live', categoryId: 'music' } },
  );
  actor.start();
  const release = async () => {
    await waitFor(actor, () => releasePage !== null);
    const r = releasePage!;
    releasePage = null;
    r();
  };
  return { actor, requests, release };
}

describe('feed machine', () => {
  it('loads the billboard of the mixed feed with its first page', async () => {
    const billboard = { offerId: 'x', categoryId: null, teaserLine: '', title: 'B', type: 'live', puffImage: { jpeg: {}, webp: {} }, readingTime: null } as Billboard;
    const { actor, requests, release } = startFeed(40, { billboard, input: {} });
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.billboard).toEqual(billboard);
    expect(requests).toEqual([{ type: undefined, categoryIds: [], offset: 0 }]);
  });

  it('loads no billboard for a per-type feed, then pages of 30 until a short page', async () => {
    const billboard = { offerId: 'x', categoryId: null, teaserLine: '', title: 'B', type: 'live', puffImage: { jpeg: {}, webp: {} }, readingTime: null } as Billboard;
    const { actor, requests, release } = startFeed(65, { billboard });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.billboard).toBeNull();
    actor.send({ type: 'feed.loadMore' });
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.items.length === 60);
    actor.send({ type: 'feed.loadMore' });
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'end' }));
    expect(actor.getSnapshot().context.items).toHaveLength(65);
    expect(requests).toEqual([
      { type: 'live', categoryIds: ['music'], offset: 0 },
      { type: 'live', categoryIds: ['music'], offset: 30 },
      { type: 'live', categoryIds: ['music'], offset: 60 },
    ]);
    actor.send({ type: 'feed.loadMore' });
    expect(requests).toHaveLength(3);
  });

  it('ends at once when the first page is short', async () => {
    const { actor, release } = startFeed(7);
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'end' }));
    expect(actor.getSnapshot().context.items).toHaveLength(7);
  });

  it('locks against double loading: a second loadMore while loading asks nothing', async () => {
    const { actor, requests, release } = startFeed(100);
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'feed.loadMore' });
    actor.send({ type: 'feed.loadMore' });
    actor.send({ type: 'feed.loadMore' });
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.offset === 60);
    expect(requests.map((r) => r.offset)).toEqual([0, 30]);
  });

  it('a category choice resets the feed and reloads it; choosing it again clears it', async () => {
    const { actor, requests, release } = startFeed(100, { input: { type: 'live' } });
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'feed.loadMore' });
    await release();
    await waitFor(actor, (s) => s.context.offset === 60);
    actor.send({ type: 'feed.categorySelected', categoryId: 'jazz' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ categoryId: 'jazz', items: [], offset: 0 });
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'feed.categorySelected', categoryId: 'jazz' });
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.categoryId).toBeNull();
    expect(requests.map((r) => [r.categoryIds, r.offset])).toEqual([[[], 0], [[], 30], [['jazz'], 0], [[], 0]]);
  });

  it('a category choice while a page loads drops that page and asks again', async () => {
    const { actor, requests, release } = startFeed(100, { input: { type: 'live' } });
    await waitFor(actor, () => requests.length === 1);
    actor.send({ type: 'feed.categorySelected', categoryId: 'jazz' });
    await release();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(requests.map((r) => r.categoryIds)).toEqual([[], ['jazz']]);
    expect(actor.getSnapshot().context.items).toHaveLength(30);
  });

  it('fails to a retryable state when the first page cannot load', async () => {
    const { actor } = startFeed(10, { failPageAt: 0 });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().can({ type: 'feed.retry' })).toBe(true);
  });
});

describe('appendPage', () => {
  it('drops offers already listed, and duplicates within the page', () => {
    const [a, b, c] = testOffers(3);
    expect(appendPage([a!, b!], [b!, c!, c!]).map((o) => o.id)).toEqual(['offer-0', 'offer-1', 'offer-2']);
  });
});
