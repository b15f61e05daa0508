import { fromCallback, type AnyEventObject } from 'xstate';
import type { WhenLanguageChangesInput } from '../../machines/whenLanguageChanges.ts';

/**
 * Stands in for Lingui's `change` event behind `whenLanguageChanges` (machines/whenLanguageChanges.ts):
 * `languageShown()` tells every machine that invokes it, as the app's activation of a new locale does.
 */
export function fakeLanguageChanges() {
  const listeners = new Set<() => void>();
  return {
    whenLanguageChanges: fromCallback<AnyEventObject, WhenLanguageChangesInput>(({ sendBack, input }) => {
      const tell = () => sendBack(input.tell);
      listeners.add(tell);
      return () => void listeners.delete(tell);
    }),
    languageShown: () => listeners.forEach((tell) => tell()),
    /** How many machines listen now (a stopped machine stops listening). */
    listening: () => listeners.size,
  };
}

/** A language that never changes, for tests about something else. */
export const steadyLanguage = fromCallback<AnyEventObject, WhenLanguageChangesInput>(() => undefined);
