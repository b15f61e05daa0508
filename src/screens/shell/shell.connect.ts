import type { SnapshotFrom } from 'xstate';
import type { navigatorMachine } from '../../../machines/navigator.machine.ts';
import type { NavigatorRef } from '../../appActor.ts';

/** The signed-in frame's view values and intents (from and to the navigator). */
export function connectShell(snapshot: SnapshotFrom<typeof navigatorMachine>, navigatorRef: NavigatorRef) {
  const pages = snapshot.context.stacks[snapshot.context.active]!;
  const depth = pages.length;
  return {
    /** The stack whose tab is highlighted; none while a page of no tab's section (checkout) shows. */
    active: pages[depth - 1]!.outsideTabs ? null : snapshot.context.active,
    /** The active stack shows its root page. */
    atRoot: depth === 1,
    canGoBack: depth > 1,
    go: (path: string) => navigatorRef.send({ type: 'nav.push', path }),
    back: () => navigatorRef.send({ type: 'nav.back' }),
  };
}
