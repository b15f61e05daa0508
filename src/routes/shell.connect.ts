import type { SnapshotFrom } from 'xstate';
import type { navigatorMachine } from '../../machines/navigator.machine.ts';
import type { NavigatorRef } from '../appActor.ts';
import type { Layout } from '../../machines/app.rules.ts';
import type { TabBarEntry } from '../components/shell/TabBar.tsx';
import { isVisitorStack } from './routeTable.ts';

/** Search is its own stack, opened from the feed's search field: its root page still has a way back. */
const searchRoot = '/search';

/** The signed-in frame's view values and intents (from and to the navigator). */
export function connectShell(snapshot: SnapshotFrom<typeof navigatorMachine>, navigatorRef: NavigatorRef) {
  const { active, stacks, index } = snapshot.context;
  const pages = stacks[active]!;
  const depth = pages.length;
  const leavingSearch = active === searchRoot && depth === 1;
  return {
    /** The stack whose tab is highlighted; none while a page of no tab's section (checkout) shows. */
    active: pages[depth - 1]!.outsideTabs ? null : active,
    /** The active stack shows its root page. */
    atRoot: depth === 1,
    canGoBack: depth > 1 || leavingSearch,
    go: (path: string) => navigatorRef.send({ type: 'nav.push', path }),
    // From the search page: back where the member came from in this tab, else to the feed.
    back: () =>
      navigatorRef.send(
        !leavingSearch ? { type: 'nav.back' } : index > 0 ? { type: 'nav.go', delta: -1 } : { type: 'nav.push', path: '/' },
      ),
  };
}

/**
 * The tabs the shell shows: the brand's navigation bar (a visitor's without More), and on desktop a Search tab when the bar
 * has none (spec 2.3: "plus a search tab on some platforms"), since the feed's search field is
 * mobile only. It sits before More, the bar's usual last entry.
 */
export function shellTabs(entries: readonly TabBarEntry[], layout: Layout, searchLabel: string, visitor = false): readonly TabBarEntry[] {
  if (visitor) return shellTabs(entries.filter((entry) => isVisitorStack(entry.path)), layout, searchLabel);
  if (layout !== 'desktop' || entries.some((entry) => entry.key === 'search' || entry.path === searchRoot)) return entries;
  const search: TabBarEntry = { key: 'search', label: searchLabel, icon: 'search', path: searchRoot };
  const more = entries.findIndex((entry) => entry.key === 'more');
  return more < 0 ? [...entries, search] : [...entries.slice(0, more), search, ...entries.slice(more)];
}

/** Door staff's tabs (issue 43): the door, and the brand's More (sign-out, language); not the shop's. */
export function doorStaffTabs(entries: readonly TabBarEntry[], doorLabel: string): readonly TabBarEntry[] {
  const door: TabBarEntry = { key: 'door', label: doorLabel, icon: 'live', path: '/door' };
  const more = entries.find((entry) => entry.key === 'more' || entry.path === '/more');
  return more ? [door, more] : [door, { key: 'more', label: '', icon: 'more', path: '/more' }];
}
