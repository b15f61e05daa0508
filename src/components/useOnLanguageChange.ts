import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';

/**
 * Calls `show` when the app shows another language than the page was loaded in: a page that stays
 * mounted in its stack (My orders, My waiting lists) loads its data again in the new language.
 */
export function useOnLanguageChange(show: () => void): void {
  const { i18n } = useLingui();
  const loadedIn = useRef(i18n.locale);
  useEffect(() => {
    if (loadedIn.current === i18n.locale) return;
    loadedIn.current = i18n.locale;
    show();
  }, [i18n.locale, show]);
}
