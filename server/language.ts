import type { FastifyRequest } from 'fastify';
import { languageOf, pickText, type Language, type LocalizedText } from '../domain/language.ts';

/** The languages brand texts are served in: the member's (from `Accept-Language`), then the brand's. */
export interface TextLanguages {
  language: Language;
  fallback: Language;
}

export function textLanguages(request: FastifyRequest, brand: { settings: { defaultLanguage?: Language } }): TextLanguages {
  const fallback = brand.settings.defaultLanguage ?? 'en';
  const header = request.headers['accept-language'];
  return { language: languageOf(typeof header === 'string' ? header : undefined, fallback), fallback };
}

/**
 * A configured text in the member's language, else the brand's, else `plain` (the English text of a
 * plain column) or any language it has.
 */
export function textIn(text: string | LocalizedText | null | undefined, languages: TextLanguages, plain?: string): string {
  if (typeof text === 'string') return text;
  const all: LocalizedText = plain === undefined ? { ...text } : { en: plain, ...text };
  return pickText(all, languages.language, languages.fallback);
}
