import { fromCallback, type AnyEventObject } from 'xstate';
import type { WhenLanguageChangesInput } from '../../machines/whenLanguageChanges.ts';
import { i18n } from '../i18n/i18n.ts';

/** The machines' `whenLanguageChanges` (machines/whenLanguageChanges.ts): their event on Lingui's `change` to another locale. */
export const whenLanguageChanges = fromCallback<AnyEventObject, WhenLanguageChangesInput>(({ sendBack, input }) => {
  let shown = i18n.locale;
  return i18n.on('change', () => {
    // Lingui also tells a catalog loaded for the locale already shown.
    if (i18n.locale === shown) return;
    shown = i18n.locale;
    sendBack(input.tell);
  });
});
