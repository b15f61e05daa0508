import { useEffect, useLayoutEffect, useRef } from 'react';
import { usePage } from '../../navigation/pageContext.ts';

/** Scrolling to within this many pixels of the bottom loads the next page (spec section 9). */
export const loadMoreMargin = 600;

export interface LoadMoreSentinelOptions {
  /** Whether there is more to load (false while the first page loads and at the end). */
  active: boolean;
  /** Observing anew after each page reports at once if the end is still in reach (tall screens). */
  itemCount: number;
  onLoadMore: () => void;
}

/**
 * A ref for an element after the list: when it comes within the load-more margin of the page's
 * own scroll root, `onLoadMore` is called (the machine's lock ignores repeats).
 */
export function useLoadMoreSentinel({ active, itemCount, onLoadMore }: LoadMoreSentinelOptions) {
  const ref = useRef<HTMLDivElement>(null);
  const { scrollRoot } = usePage();
  const loadMore = useRef(onLoadMore);
  useLayoutEffect(() => void (loadMore.current = onLoadMore));
  useEffect(() => {
    const element = ref.current;
    if (!element || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore.current();
      },
      // The page scrolls inside its own section; the margin is measured there.
      { root: scrollRoot.current, rootMargin: `0px 0px ${loadMoreMargin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollRoot, active, itemCount]);
  return ref;
}
