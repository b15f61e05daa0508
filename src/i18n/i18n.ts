import { i18n, type Messages } from '@lingui/core';

export const supportedLocales = ['en', 'sv', 'nb'] as const;
export type Locale = (typeof supportedLocales)[number];

type Catalog = () => Promise<{ messages: Messages }>;

/** What a signed-out visitor can see; loads with the app (see lingui.config.ts). */
const authCatalogs: Record<Locale, Catalog> = {
  en: () => import('./locales/en/auth.po'),
  sv: () => import('./locales/sv/auth.po'),
  nb: () => import('./locales/nb/auth.po'),
};

/** Everything signed in; loads with the content routes, so it stays out of the first load. */
const contentCatalogs: Record<Locale, Catalog> = {
  en: () => import('./locales/en/content.po'),
  sv: () => import('./locales/sv/content.po'),
  nb: () => import('./locales/nb/content.po'),
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

const activeLocale = (): Locale =>
  (supportedLocales as readonly string[]).includes(i18n.locale) ? (i18n.locale as Locale) : 'en';

let contentWanted = false;

let activations = 0;

/**
 * Loads the sign-in catalog of one locale (and the content one once content was shown) and makes
 * it the active one, unless another locale was asked for meanwhile: the last one asked for wins,
 * however fast each loads.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const activation = ++activations;
  const auth = await authCatalogs[locale]();
  // Content may have been asked for while the sign-in texts loaded (a member's language adopted at sign-in).
  const content = contentWanted ? await contentCatalogs[locale]() : undefined;
  if (activation !== activations) return;
  i18n.loadAndActivate({ locale, messages: { ...auth.messages, ...content?.messages } });
  document.documentElement.lang = locale;
}

/** Adds the signed-in messages of the active locale; the content routes wait for it before they render. */
export async function loadContentMessages(): Promise<void> {
  contentWanted = true;
  // Again if another locale became active while these loaded.
  for (let locale = activeLocale(), loaded: Locale | null = null; locale !== loaded; loaded = locale, locale = activeLocale()) {
    const { messages } = await contentCatalogs[locale]();
    i18n.load(locale, messages);
  }
}

export { i18n };
