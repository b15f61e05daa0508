import { useDeferredValue } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { BillboardCard } from '../../components/BillboardCard.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import type { FeedOffer } from '../../api/offers.ts';
import { AppActor, appChild, sameViewValues, type FeedRef } from '../../appActor.ts';
import { useNavigate } from '../../navigation/navigation.ts';
import { billboardOffer, connectFeed } from './feed.connect.ts';
import { FeedLoadFailed, LoadMoreFailedDialog } from './FeedErrors.tsx';
import { FeedSearchField } from './FeedSearchField.tsx';
import { OfferList } from './OfferList.tsx';
import * as styles from './feed.css.ts';

export const offerPath = (offer: FeedOffer) => `/mixedFeed/${offer.type}/${offer.id}`;

export function MixedFeedScreen() {
  const feedRef = AppActor.useSelector((s) => appChild(s, 'feed.mixed'));
  return feedRef ? <MixedFeed feedRef={feedRef} /> : <Spinner fullscreen />;
}

function MixedFeed({ feedRef }: { feedRef: FeedRef }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const brand = AppActor.useSelector((s) => s.context.brand);
  // The search field is the mobile way into search; desktop has its own (spec 2.3).
  const searchRef = AppActor.useSelector((s) => (s.context.layout === 'mobile' ? appChild(s, 'search') : undefined));
  // The machine's news reaches React as an urgent update: the first page's arrival (the spinner
  // becoming the whole page) is drawn in a background render React can slice instead (issue 26).
  const feed = useDeferredValue(useSelector(feedRef, (s) => connectFeed(s, feedRef), sameViewValues));
  const billboard = feed.billboard && billboardOffer(feed.billboard);
  const open = (offer: FeedOffer) => navigate(offerPath(offer));

  if (feed.loading) return <Spinner fullscreen />;
  if (feed.failed) return <FeedLoadFailed onRetry={feed.retry} />;
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
      {searchRef && <FeedSearchField searchRef={searchRef} />}
      {feed.canFilterByFavourites && (
        <div className={styles.categoryRow}>
          <button type="button" className={styles.categoryChip} aria-pressed={feed.favouritesOnly} onClick={feed.toggleFavourites}>
            {t`My categories`}
          </button>
        </div>
      )}
      <OfferList
        label={t`Offers`}
        items={feed.items}
        hasMore={!feed.atEnd}
        loadingMore={feed.loadingMore}
        onLoadMore={feed.loadMore}
        hrefOf={offerPath}
        onOpen={open}
      />
      <LoadMoreFailedDialog open={feed.loadMoreFailed} onRetry={feed.loadMore} onDismiss={feed.dismissError} />
    </main>
  );
}
