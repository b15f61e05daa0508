import type { SnapshotFrom } from 'xstate';
import type { navigatorMachine } from '../../../machines/navigator.machine.ts';
import type { NavigatorRef } from '../../appActor.ts';

/** The signed-in frame's view values and intents (from and to the navigator). */
export function connectShell(snapshot: SnapshotFrom<typeof navigatorMachine>, navigatorRef: NavigatorRef) {
  const depth = snapshot.context.stacks[snapshot.context.active]!.length;
  return {
    active: snapshot.context.active,
    /** The active stack shows its root page. */
    atRoot: depth === 1,
    canGoBack: depth > 1,
    go: (path: string) => navigatorRef.send({ type: 'nav.push', path }),
    back: () => navigatorRef.send({ type: 'nav.back' }),
  };
}
