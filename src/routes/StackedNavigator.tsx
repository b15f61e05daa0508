import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useSelector } from '@xstate/react';
import type { NavPage } from '../../machines/navigator.machine.ts';
import { contentRoutes } from './routeTable.ts';
import { MissingScreen, screens } from './screens.tsx';
import type { RouteMatch } from './routeParams.ts';
import type { NavigatorRef } from '../navigation/navigation.ts';
import { PageContext } from '../navigation/pageContext.ts';
import * as styles from './stackedNavigator.css.ts';

const routeScreens = new Map(contentRoutes.map((route) => [route.path, screens[route.screen]]));
type ScreenFor = (routeId: string | null) => ComponentType<RouteMatch>;
const screenFor: ScreenFor = (routeId) => (routeId ? routeScreens.get(routeId) : undefined) ?? MissingScreen;

/** Scroll offsets by page key, so a page shown again is where the member left it. */
const scrollPositions = new Map<string, number>();

/**
 * Renders every stack the member has opened (they stay mounted, so tabs keep their pages); in the
 * active one only the top page is visible, the one beneath is inert and deeper pages are hidden
 * (spec 2.1). A tab never opened is drawn on its first visit, not on the first paint.
 */
export function StackedNavigator({ navigatorRef, screens = screenFor }: { navigatorRef: NavigatorRef; screens?: ScreenFor }) {
  const stackRoots = useSelector(navigatorRef, (s) => s.context.stackRoots);
  const stacks = useSelector(navigatorRef, (s) => s.context.stacks);
  const active = useSelector(navigatorRef, (s) => s.context.active);
  const stacked = useSelector(navigatorRef, (s) => s.context.stacked);
  const pushedKey = useSelector(navigatorRef, (s) => (s.context.lastAction === 'push' ? s.context.currentKey : null));
  const container = useFocusOnNavigation(navigatorRef);
  const opened = useOpenedStacks(active);
  return (
    <div className={styles.stacks} ref={container}>
      {stackRoots.filter((root) => opened.has(root)).map((root) => (
        <div key={root} className={styles.stack} hidden={root !== active} data-stack={root}>
          {stacks[root]!.map((page, index, pages) => (
            <Page
              key={page.key}
              page={page}
              depth={pages.length - 1 - index}
              visible={root === active}
              stacked={stacked}
              slideIn={stacked && page.key === pushedKey}
              scrollToTop={index === 0 ? navigatorRef : null}
              Screen={screens(page.routeId)}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

interface PageProps {
  page: NavPage;
  /** 0 is the top page, 1 the one beneath, ... */
  depth: number;
  visible: boolean;
  stacked: boolean;
  slideIn: boolean;
  /** Given to a stack's root page: it scrolls to the top when its tab is chosen again. */
  scrollToTop: NavigatorRef | null;
  Screen: ComponentType<RouteMatch>;
}

function Page({ page, depth, visible, stacked, slideIn, scrollToTop, Screen }: PageProps) {
  const ref = useRef<HTMLElement>(null);
  const shown = visible && depth === 0;
  useLayoutEffect(() => {
    const saved = scrollPositions.get(page.key);
    // A page never scrolled is at the top: setting it anyway would force a layout in the middle of a render.
    if (shown && ref.current && saved !== undefined) ref.current.scrollTop = saved;
  }, [shown, page.key]);
  useScrollToTopRequests(scrollToTop, ref, shown);
  useEffect(() => () => void scrollPositions.delete(page.key), [page.key]);
  const context = useMemo(() => ({ scrollRoot: ref, visible: shown }), [shown]);
  const hidden = !stacked ? depth > 0 : depth >= 2;
  return (
    <section
      ref={ref}
      className={slideIn ? `${styles.page} ${styles.slideIn}` : styles.page}
      data-path={page.path}
      data-depth={depth}
      hidden={hidden}
      inert={depth === 1 || undefined}
      // inert already hides it from assistive technology; aria-hidden says so to older tools too.
      aria-hidden={depth === 1 || undefined}
      tabIndex={-1}
      onScroll={(event) => scrollPositions.set(page.key, event.currentTarget.scrollTop)}
    >
      <PageContext.Provider value={context}>
        <Screen params={page.params} path={page.path} search={page.search ?? ''} />
      </PageContext.Provider>
    </section>
  );
}

/** The stacks that have been active at least once. */
function useOpenedStacks(active: string): ReadonlySet<string> {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([active]));
  // Derived state, updated during render so a newly chosen tab draws in the same commit.
  if (!opened.has(active)) setOpened(new Set(opened).add(active));
  return opened;
}

function useScrollToTopRequests(navigatorRef: NavigatorRef | null, ref: React.RefObject<HTMLElement | null>, shown: boolean) {
  const requests = useSelector(navigatorRef ?? undefined, (s) => s?.context.scrollToTop ?? 0);
  const seen = useRef(requests);
  useLayoutEffect(() => {
    if (requests === seen.current) return;
    seen.current = requests;
    const reduceMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (shown) ref.current?.scrollTo?.({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [requests, shown, ref]);
}

/**
 * After a navigation the control that was used is usually inert or hidden now: move focus to
 * the new page's heading (or the page), so keyboard and screen-reader users land on it.
 */
function useFocusOnNavigation(navigatorRef: NavigatorRef) {
  const container = useRef<HTMLDivElement>(null);
  const currentKey = useSelector(navigatorRef, (s) => s.context.currentKey);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const page = container.current?.querySelector<HTMLElement>('[data-stack]:not([hidden]) > section[data-depth="0"]');
    // A page that took focus itself (an autofocus search field) keeps it.
    if (page?.contains(document.activeElement)) return;
    const target = page?.querySelector<HTMLElement>('h1') ?? page;
    if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target?.focus({ preventScroll: true });
  }, [currentKey]);
  return container;
}
