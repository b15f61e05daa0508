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
  const { billboard, items, categoryId, favouritesOnly, favouriteIds } = snapshot.context;
  // Filtered by favourites, a billboard in another category would contradict the filter.
  const shownBillboard = billboard && (!favouritesOnly || (billboard.categoryId !== null && favouriteIds.includes(billboard.categoryId))) ? billboard : null;
  return {
    loading: snapshot.matches('loading'),
    failed: snapshot.matches('failed'),
    loadingMore: snapshot.matches({ ready: 'loadingMore' }),
    loadMoreFailed: snapshot.matches({ ready: 'loadMoreFailed' }),
    atEnd: snapshot.matches({ ready: 'end' }),
    billboard: shownBillboard,
    /** The member has favourite categories, so the mixed feed can show only them ("My categories"). */
    canFilterByFavourites: snapshot.can({ type: 'feed.favouritesToggled' }),
    favouritesOnly,
    toggleFavourites: () => ref.send({ type: 'feed.favouritesToggled' }),
    // The billboard's offer is shown above the grid; the grid does not repeat it.
    items: shownBillboard ? items.filter((item) => item.id !== shownBillboard.offerId) : items,
    /** The category filtered by, or null for all. */
    categoryId,
    loadMore: () => ref.send({ type: 'feed.loadMore' }),
    /** Choosing the selected category again clears the filter (the machine decides). */
    selectCategory: (id: string) => ref.send({ type: 'feed.categorySelected', categoryId: id }),
    /** Shows the category the page's address names (after a reload or back); nothing if already shown. */
    showCategory: (id: string | null) => ref.send({ type: 'feed.categoryShown', categoryId: id }),
    retry: () => ref.send({ type: 'feed.retry' }),
    dismissError: () => ref.send({ type: 'feed.dismissError' }),
  };
}
