import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../../components/Spinner.tsx';
import { categoriesOfType } from '../../../machines/categories.machine.ts';
import { nextCategory } from '../../../machines/feed.machine.ts';
import type { FeedOffer, OfferType } from '../../api/offers.ts';
import { AppActor, appChild, sameViewValues, type CategoriesRef, type FeedRef } from '../../appActor.ts';
import { useNavigate } from '../../navigation/navigation.ts';
import { connectFeed } from '../feed/feed.connect.ts';
import { FeedLoadFailed, LoadMoreFailedDialog } from '../feed/FeedErrors.tsx';
import { OfferList } from '../feed/OfferList.tsx';
import { CategoryFilter } from './CategoryFilter.tsx';
import { useAddressValue } from '../feed/useAddressValue.ts';
import { navigationLabel } from './navigationLabel.ts';
import * as styles from '../feed/feed.css.ts';

/** The category filter as the page's address holds it (?category=), so reload and back keep it. */
export interface CategoryInAddress {
  categoryId: string | null;
  onCategoryChange: (categoryId: string | null) => void;
}

/** The per-type feed at /editorial, /benefit or /live (spec 2.3): the route reads its type from the path and the filter from the query. */
export function TypeFeedScreen({ type, ...address }: { type: OfferType } & CategoryInAddress) {
  const { t } = useLingui();
  const feedRef = AppActor.useSelector((s) => appChild(s, `feed.${type}`));
  const categoriesRef = AppActor.useSelector((s) => appChild(s, 'categories'));
  const label = AppActor.useSelector((s) => navigationLabel(s.context.brand, type));
  const fallbackTitles: Record<OfferType, string> = { editorial: t`Articles`, benefit: t`Benefits`, live: t`Live` };
  if (!feedRef) return <Spinner fullscreen />;
  return <TypeFeed type={type} title={label ?? fallbackTitles[type]} feedRef={feedRef} categoriesRef={categoriesRef} address={address} />;
}

export interface TypeFeedProps {
  type: OfferType;
  title: string;
  feedRef: FeedRef;
  categoriesRef: CategoriesRef | undefined;
  /** Without it the filter lives in the feed machine only (a view on its own, in tests). */
  address?: CategoryInAddress;
}

export function TypeFeed({ type, title, feedRef, categoriesRef, address }: TypeFeedProps) {
  const navigate = useNavigate();
  const feed = useSelector(feedRef, (s) => connectFeed(s, feedRef), sameViewValues);
  const allCategories = useSelector(categoriesRef, (s) => s?.context.categories ?? []);
  const categories = useMemo(() => categoriesOfType(allCategories, type), [allCategories, type]);
  const hrefOf = (offer: FeedOffer) => `/${type}/${offer.id}`;
  // The address is where the filter lives: a tap writes it there, and the feed follows the address.
  useAddressValue(address ? address.categoryId : feed.categoryId, feed.categoryId, feed.showCategory);
  const select = address ? (id: string) => address.onCategoryChange(nextCategory(address.categoryId, id)) : feed.selectCategory;
  const retry = () => {
    feed.retry();
    categoriesRef?.send({ type: 'categories.retry' });
  };

  if (feed.failed) return <FeedLoadFailed onRetry={retry} />;
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <CategoryFilter categories={categories} selectedId={address ? address.categoryId : feed.categoryId} onSelect={select} />
      {feed.loading ? (
        <Spinner />
      ) : (
        <OfferList
          label={title}
          items={feed.items}
          hasMore={!feed.atEnd}
          loadingMore={feed.loadingMore}
          onLoadMore={feed.loadMore}
          hrefOf={hrefOf}
          onOpen={(offer) => navigate(hrefOf(offer))}
        />
      )}
      <LoadMoreFailedDialog open={feed.loadMoreFailed} onRetry={feed.loadMore} onDismiss={feed.dismissError} />
    </main>
  );
}
