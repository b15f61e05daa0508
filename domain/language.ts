/** The languages the product speaks (spec 9): English, Swedish and the Norwegian set. */
export const languages = ['en', 'sv', 'nb'] as const;
export type Language = (typeof languages)[number];

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (languages as readonly string[]).includes(value);

/**
 * The member's language from an `Accept-Language` header (the app sends its chosen language, a
 * browser its own): the first of en, sv, nb (no and nn count as nb) it names, else `fallback`.
 */
export function languageOf(acceptLanguage: string | undefined, fallback: Language = 'en'): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if (tag === 'sv') return 'sv';
    if (tag === 'nb' || tag === 'no' || tag === 'nn') return 'nb';
    if (tag === 'en') return 'en';
  }
  return fallback;
}

/** A text a brand configures, per language; any language may be missing. */
export type LocalizedText = Partial<Record<Language, string>>;

/** The text in `language`, else in the brand's default language, else any that exists, else ''. */
export function pickText(text: LocalizedText | string, language: Language, defaultLanguage: Language = 'en'): string {
  if (typeof text === 'string') return text;
  return text[language] ?? text[defaultLanguage] ?? Object.values(text).find((value) => value !== undefined) ?? '';
}
