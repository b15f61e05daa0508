import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** msgid → msgstr of a .po catalog (single-line entries, as Lingui writes them). */
function readCatalog(locale: string): Map<string, string> {
  const text = readFileSync(join(process.cwd(), 'src/i18n/locales', locale, 'messages.po'), 'utf8');
  const entries = new Map<string, string>();
  for (const match of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    if (match[1]) entries.set(match[1], match[2]!);
  }
  return entries;
}

describe('translation catalogs', () => {
  const english = readCatalog('en');

  it.each(['sv', 'nb'])('%s translates every message of the English catalog', (locale) => {
    const catalog = readCatalog(locale);
    const missing = [...english.keys()].filter((id) => !catalog.get(id));
    expect(missing).toEqual([]);
  });

  it('keeps the spec keys as message ids', () => {
    for (const key of ['signin_error_enter_email', 'signin_error_invalid_email', 'signin_error_enter_password']) {
      expect(english.has(key)).toBe(true);
    }
  });
});
