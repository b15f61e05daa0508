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

/** A card grid that asks for the next page when its end scrolls within reach. */
export function OfferList({ label, items, hasMore, loadingMore, onLoadMore, hrefOf, onOpen }: OfferListProps) {
  const sentinel = useLoadMoreSentinel({ active: hasMore, itemCount: items.length, onLoadMore });
  return (
    <>
      <OfferGrid label={label}>
        {items.map((offer, index) => (
          <OfferCard key={offer.id} offer={offer} href={hrefOf(offer)} onOpen={onOpen} eagerImage={index < 4} />
        ))}
      </OfferGrid>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {loadingMore && <Spinner />}
    </>
  );
}
