import { useEffect, useRef, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { BillboardCard, Button, Dialog, OfferCard, OfferGrid, Spinner } from '../../components/index.ts';
import type { FeedOffer } from '../../api/offers.ts';
import { AppActor, sameViewValues, type FeedRef } from '../../appActor.ts';
import { useNavigate } from '../../routes/navigation.ts';
import { usePage } from '../../routes/pageContext.ts';
import { billboardOffer, connectFeed } from './feed.connect.ts';
import * as styles from './feed.css.ts';

/** Scrolling to within this many pixels of the bottom loads the next page (spec section 9). */
const loadMoreMargin = 600;

export const offerPath = (offer: FeedOffer) => `/mixedFeed/${offer.type}/${offer.id}`;

export function MixedFeedScreen() {
  const feedRef = AppActor.useSelector((s) => s.children['feed.mixed']) as FeedRef | undefined;
  return feedRef ? <MixedFeed feedRef={feedRef} /> : <Spinner fullscreen />;
}

function MixedFeed({ feedRef }: { feedRef: FeedRef }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const brand = AppActor.useSelector((s) => s.context.brand);
  const feed = useSelector(feedRef, (s) => connectFeed(s, feedRef), sameViewValues);
  const { scrollRoot, visible } = usePage();
  const sentinel = useLoadMoreSentinel(feedRef, scrollRoot, !feed.loading && !feed.atEnd, feed.items.length);
  const billboard = feed.billboard && billboardOffer(feed.billboard);
  const open = (offer: FeedOffer) => navigate(offerPath(offer));

  if (feed.loading) return <Spinner fullscreen />;
  if (feed.failed) {
    return (
      <main className={styles.page}>
        <p role="alert">{t`Could not fetch the data just now. Please try again.`}</p>
        <Button onClick={feed.retry}>{t`Try again`}</Button>
      </main>
    );
  }
  return (
    <main className={styles.page}>
      {brand && (
        <h1 className={styles.logoHeading}>
          <img className={styles.logo} src={brand.logoUrl} alt={brand.name} />
        </h1>
      )}
      {billboard && (
        <div className={styles.billboard}>
          <BillboardCard offer={billboard} href={offerPath(billboard)} onOpen={open} />
        </div>
      )}
      <OfferGrid label={t`Offers`}>
        {feed.items.map((offer, index) => (
          <OfferCard key={offer.id} offer={offer} href={offerPath(offer)} onOpen={open} eagerImage={index < 4} />
        ))}
      </OfferGrid>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {feed.loadingMore && <Spinner />}
      <Dialog
        open={feed.loadMoreFailed && visible}
        title={t`Something went wrong`}
        message={t`Could not fetch the data just now. Please try again.`}
        onClose={feed.dismissError}
        onYes={feed.loadMore}
        yesLabel={t`Try again`}
      />
    </main>
  );
}

/** Asks the feed for more when the end of the list comes within the load-more margin of the viewport. */
function useLoadMoreSentinel(feedRef: FeedRef, scrollRoot: RefObject<HTMLElement | null>, active: boolean, itemCount: number) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !active || typeof IntersectionObserver === 'undefined') return;
    // Observing anew after each page reports at once if the end is still in reach (tall screens).
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) feedRef.send({ type: 'feed.loadMore' });
    }, {
      // The page scrolls inside its own section; the margin is measured there.
      root: scrollRoot.current,
      rootMargin: `0px 0px ${loadMoreMargin}px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [feedRef, scrollRoot, active, itemCount]);
  return ref;
}
