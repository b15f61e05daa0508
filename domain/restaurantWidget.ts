/** Any base will do: it only lets URL parse a root-relative address, and is taken off again. */
const relativeBase = 'http://relative.invalid';

/**
 * A booking widget's address with the app's language as `lang` (contract/restaurant.ts): our own
 * widget and its confirmation mail speak it, and another provider may. A root-relative address
 * (our widget on the API's origin) stays root-relative; an existing `lang` is replaced.
 */
export function widgetUrlInLanguage(url: string, language: string): string {
  const relative = url.startsWith('/') && !url.startsWith('//');
  const parsed = new URL(url, relative ? relativeBase : undefined);
  parsed.searchParams.set('lang', language);
  return relative ? parsed.href.slice(relativeBase.length) : parsed.href;
}
