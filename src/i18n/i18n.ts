import { i18n, type Messages } from '@lingui/core';

export const supportedLocales = ['en', 'sv', 'nb'] as const;
export type Locale = (typeof supportedLocales)[number];

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('./locales/en/messages.po'),
  sv: () => import('./locales/sv/messages.po'),
  nb: () => import('./locales/nb/messages.po'),
};

/** The first browser language we have a catalog for; Norwegian variants (no, nn) read nb. English otherwise. */
export function pickLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'no' || base === 'nn') return 'nb';
    if ((supportedLocales as readonly string[]).includes(base ?? '')) return base as Locale;
  }
  return 'en';
}

/** Loads the catalog of one locale (a chunk of its own) and makes it the active one. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

export { i18n };
