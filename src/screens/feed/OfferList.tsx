import { useDeferredValue } from 'react';
import { OfferCard } from '../../components/OfferCard.tsx';
import { OfferGrid } from '../../components/OfferGrid.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import type { FeedOffer } from '../../api/offers.ts';
import { useLoadMoreSentinel } from './useLoadMoreSentinel.ts';
import * as styles from './feed.css.ts';

export interface OfferListProps {
  /** Accessible name of the grid. */
  label: string;
  items: FeedOffer[];
  /** False at the end of the list: scrolling down asks for nothing more. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  hrefOf: (offer: FeedOffer) => string;
  onOpen: (offer: FeedOffer) => void;
}

/**
 * Cards drawn with the page: a row of the widest grid, two of a phone's; below the billboard that
 * is more than a first screen shows. Every card more made the visitor's first render longer.
 */
const firstCards = 4;

/**
 * A card grid that asks for the next page when its end scrolls within reach. A new list first
 * draws its first cards; the rest follow in a background render React can interrupt, so a page
 * of 30 never blocks the first paint or a tap.
 */
export function OfferList({ label, items, hasMore, loadingMore, onLoadMore, hrefOf, onOpen }: OfferListProps) {
  const shown = useDeferredValue(items, items.slice(0, firstCards));
  // Until every card is drawn the list's end is not where it will be: asking for more would be early.
  // By count, not identity: a new snapshot of the same list must not look like a new list.
  const sentinel = useLoadMoreSentinel({ active: hasMore && shown.length === items.length, itemCount: items.length, onLoadMore });
  return (
    <>
      <OfferGrid label={label}>
        {shown.map((offer, index) => (
          <OfferCard key={offer.id} offer={offer} href={hrefOf(offer)} onOpen={onOpen} eagerImage={index < 4} />
        ))}
      </OfferGrid>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {loadingMore && <Spinner />}
    </>
  );
}
