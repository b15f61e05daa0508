import type { SnapshotFrom } from 'xstate';
import type { feedMachine } from '../../../machines/feed.machine.ts';
import type { Billboard, FeedOffer } from '../../api/offers.ts';
import type { FeedRef } from '../../appActor.ts';

/** The billboard as a feed item, so it renders with the card components. */
export function billboardOffer(billboard: Billboard): FeedOffer {
  return {
    id: billboard.offerId,
    categoryId: billboard.categoryId,
    type: billboard.type,
    title: billboard.title,
    teaserLine: billboard.teaserLine,
    tags: [],
    puffImage: billboard.puffImage,
    readingTime: billboard.readingTime,
  };
}

export function connectFeed(snapshot: SnapshotFrom<typeof feedMachine>, ref: FeedRef) {
  const { billboard, items } = snapshot.context;
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    loadingMore: snapshot.matches({ ready: 'loadingMore' }),
    loadMoreFailed: snapshot.matches({ ready: 'loadMoreFailed' }),
    atEnd: snapshot.matches({ ready: 'end' }),
    billboard,
    items,
    loadMore: () => ref.send({ type: 'feed.loadMore' }),
    retry: () => ref.send({ type: 'feed.retry' }),
    dismissError: () => ref.send({ type: 'feed.dismissError' }),
  };
}
