import { useDeferredValue } from 'react';
import type { Phase } from './appActor.ts';

/**
 * The phase whose screens are drawn. Leaving the loading spinner, the new phase's screens are drawn
 * in a background render React can slice between tasks, not in the update the actor's change
 * triggered (a long task on a slow phone); the spinner, which takes no input, stays meanwhile.
 * Every other change is drawn at once: a form drawn for a phase the actor has left would send
 * its events to the wrong state.
 */
export function useShownPhase(phase: Phase): Phase {
  const deferred = useDeferredValue(phase);
  return deferred === 'loading' ? deferred : phase;
}
