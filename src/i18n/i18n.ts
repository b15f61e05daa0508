import { i18n, type Messages } from '@lingui/core';

export const supportedLocales = ['en', 'sv', 'nb'] as const;
export type Locale = (typeof supportedLocales)[number];

type Catalog = () => Promise<{ messages: Messages }>;

/** The catalogs besides `base`, each loaded with the code that shows its texts (see lingui.config.ts). */
export type LazyCatalog = 'auth' | 'content';

/** What the app shows before it loads a screen (its frame, the feeds, the visitor's prompts); loads with the app. */
const baseCatalogs: Record<Locale, Catalog> = {
  en: () => import('./locales/en/base.po'),
  sv: () => import('./locales/sv/base.po'),
  nb: () => import('./locales/nb/base.po'),
};

const lazyCatalogs: Record<LazyCatalog, Record<Locale, Catalog>> = {
  /** Sign-in, account creation and reset, set-up: loads with the auth routes, set-up and the visitor's sign-in form. */
  auth: {
    en: () => import('./locales/en/auth.po'),
    sv: () => import('./locales/sv/auth.po'),
    nb: () => import('./locales/nb/auth.po'),
  },
  /** The other signed-in screens: loads with each of them (src/routes/screens.tsx) and the cart. */
  content: {
    en: () => import('./locales/en/content.po'),
    sv: () => import('./locales/sv/content.po'),
    nb: () => import('./locales/nb/content.po'),
  },
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

/** The lazy catalogs asked for so far: a locale shown later loads them too. */
const wanted = new Set<LazyCatalog>();

let activations = 0;

/**
 * Loads the base catalog of one locale (and the lazy ones asked for so far) and makes it the
 * active one, unless another locale was asked for meanwhile: the last one asked for wins, however
 * fast each loads.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const activation = ++activations;
  const base = await baseCatalogs[locale]();
  // A lazy catalog may have been asked for while the base loaded (a member's language adopted at sign-in).
  const more = await Promise.all([...wanted].map((catalog) => lazyCatalogs[catalog][locale]()));
  if (activation !== activations) return;
  i18n.loadAndActivate({ locale, messages: Object.assign({}, base.messages, ...more.map((c) => c.messages)) });
  document.documentElement.lang = locale;
}

/** Adds a lazy catalog's messages of the active locale; the code that shows them waits for it before it renders. */
export async function loadMessages(catalog: LazyCatalog): Promise<void> {
  wanted.add(catalog);
  // Again if another locale became active while these loaded.
  for (let locale = activeLocale(), loaded: Locale | null = null; locale !== loaded; loaded = locale, locale = activeLocale()) {
    const { messages } = await lazyCatalogs[catalog][locale]();
    i18n.load(locale, messages);
  }
}

/** A lazy module that renders once its catalog's messages are in (React's `lazy` takes the result). */
export function withMessages<M>(catalog: LazyCatalog, load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadMessages(catalog)]).then(([module]) => module);
}

export { i18n };
