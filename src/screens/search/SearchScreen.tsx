import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../../components/Spinner.tsx';
import { TextField } from '../../components/TextField.tsx';
import type { FeedOffer } from '../../api/offers.ts';
import { AppActor, appChild, sameViewValues, type FeedRef, type SearchRef } from '../../appActor.ts';
import { useNavigate } from '../../navigation/navigation.ts';
import { usePage } from '../../navigation/pageContext.ts';
import { connectFeed } from '../feed/feed.connect.ts';
import { OfferList } from '../feed/OfferList.tsx';
import { connectSearch } from './search.connect.ts';
import { useAddressValue } from '../feed/useAddressValue.ts';
import * as feedStyles from '../feed/feed.css.ts';
import * as styles from './search.css.ts';

export const searchResultPath = (offer: FeedOffer) => `/search/${offer.type}/${offer.id}`;

/** What was searched for as the page's address holds it (?q=), so reload and back keep it. */
export interface QueryInAddress {
  query: string;
  onQueryChange: (query: string) => void;
}

/** Search at /search (spec 2.3, 4): the default feed until something is typed, then the results. */
export function SearchScreen(address: QueryInAddress) {
  const searchRef = AppActor.useSelector((s) => appChild(s, 'search'));
  const feedRef = AppActor.useSelector((s) => appChild(s, 'feed.mixed'));
  return searchRef && feedRef ? <Search searchRef={searchRef} feedRef={feedRef} address={address} /> : <Spinner fullscreen />;
}

/** `address` absent: the query lives in the search machine only (a view on its own, in tests). */
export function Search({ searchRef, feedRef, address }: { searchRef: SearchRef; feedRef: FeedRef; address?: QueryInAddress }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const search = useSelector(searchRef, (s) => connectSearch(s, searchRef), sameViewValues);
  // Typing goes to the machine at once (the field stays responsive) and to the address beside it.
  useAddressValue(address ? address.query : search.query, search.query, search.changeQuery);
  const changeQuery = (value: string) => {
    search.changeQuery(value);
    address?.onQueryChange(value);
  };
  const input = useFocusWhenShown(search.query === '' || search.arrivingFromFeedField);
  const open = (offer: FeedOffer) => navigate(searchResultPath(offer));
  const answeredQuery = search.resultsQuery;
  return (
    <main className={feedStyles.page}>
      <div className={styles.searchBar}>
        <TextField
          type="search"
          label={t`Search`}
          value={search.query}
          onChange={changeQuery}
          ref={input}
          enterKeyHint="search"
          autoComplete="off"
        />
      </div>
      {search.showsDefaultFeed ? (
        <DefaultFeed feedRef={feedRef} onOpen={open} />
      ) : (
        <>
          {search.results.length === 0 &&
            (search.pending ? <Spinner /> : <p className={styles.noResults}>{t`No offers match “${answeredQuery}”.`}</p>)}
          <OfferList
            label={t`Search results`}
            items={search.results}
            hasMore={search.hasMore}
            loadingMore={search.loadingMore}
            onLoadMore={search.loadMore}
            hrefOf={searchResultPath}
            onOpen={open}
          />
        </>
      )}
    </main>
  );
}

/**
 * Focuses the field when the page is shown and the member comes to type: nothing typed yet, or
 * just tapped the feed's field. Coming back from a result leaves the keyboard closed. (The page
 * stays mounted under its tab, so `autoFocus` would fire only once.)
 */
function useFocusWhenShown(wanted: boolean) {
  const ref = useRef<HTMLInputElement>(null);
  const { visible } = usePage();
  const focus = visible && wanted;
  useEffect(() => {
    if (focus) ref.current?.focus({ preventScroll: true });
    // Only on being shown, not on each keystroke.
  }, [visible]);
  return ref;
}

/** The empty query shows the mixed feed's offers, paging it as the feed page does. */
function DefaultFeed({ feedRef, onOpen }: { feedRef: FeedRef; onOpen: (offer: FeedOffer) => void }) {
  const { t } = useLingui();
  const feed = useSelector(feedRef, (s) => connectFeed(s, feedRef), sameViewValues);
  if (feed.loading) return <Spinner />;
  return (
    <OfferList
      label={t`Offers`}
      items={feed.items}
      hasMore={!feed.atEnd && !feed.failed}
      loadingMore={feed.loadingMore}
      onLoadMore={feed.loadMore}
      hrefOf={searchResultPath}
      onOpen={onOpen}
    />
  );
}
