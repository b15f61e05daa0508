import { useLayoutEffect, useRef, type ComponentType } from 'react';
import { useSelector } from '@xstate/react';
import type { NavPage } from '../../machines/navigator.machine.ts';
import { contentRoutes } from './routeTable.ts';
import { MissingScreen, screens, type ScreenProps } from './screens.tsx';
import type { NavigatorRef } from './navigation.ts';
import * as styles from './stackedNavigator.css.ts';

const routeScreens = new Map(contentRoutes.map((route) => [route.path, screens[route.screen]]));
type ScreenFor = (routeId: string | null) => ComponentType<ScreenProps>;
const screenFor: ScreenFor = (routeId) => (routeId ? routeScreens.get(routeId) : undefined) ?? MissingScreen;

/** Scroll offsets by page key, so a page shown again is where the member left it. */
const scrollPositions = new Map<string, number>();

/**
 * Renders every stack (all stay mounted, so tabs keep their pages); in the active one only the
 * top page is visible, the one beneath is inert and deeper pages are hidden (spec 2.1).
 */
export function StackedNavigator({ navigatorRef, screens = screenFor }: { navigatorRef: NavigatorRef; screens?: ScreenFor }) {
  const stackRoots = useSelector(navigatorRef, (s) => s.context.stackRoots);
  const stacks = useSelector(navigatorRef, (s) => s.context.stacks);
  const active = useSelector(navigatorRef, (s) => s.context.active);
  const stacked = useSelector(navigatorRef, (s) => s.context.stacked);
  const pushedKey = useSelector(navigatorRef, (s) => (s.context.lastAction === 'push' ? s.context.currentKey : null));
  return (
    <div className={styles.stacks}>
      {stackRoots.map((root) => (
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
  Screen: ComponentType<ScreenProps>;
}

function Page({ page, depth, visible, stacked, slideIn, scrollToTop, Screen }: PageProps) {
  const ref = useRef<HTMLElement>(null);
  const shown = visible && depth === 0;
  useLayoutEffect(() => {
    if (shown && ref.current) ref.current.scrollTop = scrollPositions.get(page.key) ?? 0;
  }, [shown, page.key]);
  useScrollToTopRequests(scrollToTop, ref, shown);
  const hidden = !stacked ? depth > 0 : depth >= 2;
  return (
    <section
      ref={ref}
      className={slideIn ? `${styles.page} ${styles.slideIn}` : styles.page}
      data-path={page.path}
      data-depth={depth}
      hidden={hidden}
      inert={depth === 1 || undefined}
      aria-hidden={depth === 1 || undefined}
      onScroll={(event) => scrollPositions.set(page.key, event.currentTarget.scrollTop)}
    >
      <Screen params={page.params} />
    </section>
  );
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
