import { useEffect } from 'react';

/**
 * Moves focus to the element with `targetId` each time a form's machine counts another refused
 * submit. Driven by the snapshot rather than by the submit handler, so a submit the actor takes
 * up only once it has started (a click before React's effects ran) still moves focus.
 */
export function useFocusOnRefusal(refusals: number, targetId: string | null) {
  useEffect(() => {
    if (refusals > 0 && targetId) document.getElementById(targetId)?.focus();
    // Only a new refusal moves focus; a field error changing while typing must not.
  }, [refusals]);
}
