import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';

/** msgid → msgstr of a .po catalog (single-line entries, as Lingui writes them). */
function readCatalog(locale: string, catalog: 'auth' | 'content'): Map<string, string> {
  const text = readFileSync(join(process.cwd(), 'src/i18n/locales', locale, `${catalog}.po`), 'utf8');
  const entries = new Map<string, string>();
  for (const match of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    if (match[1]) entries.set(match[1], match[2]!);
  }
  return entries;
}

describe('translation catalogs', () => {
  const english = new Map([...readCatalog('en', 'auth'), ...readCatalog('en', 'content')]);

  it.each([
    ['sv', 'auth'],
    ['sv', 'content'],
    ['nb', 'auth'],
    ['nb', 'content'],
  ] as const)('%s translates every message of the English %s catalog', (locale, catalog) => {
    const translated = readCatalog(locale, catalog);
    const missing = [...readCatalog('en', catalog).keys()].filter((id) => !translated.get(id));
    expect(missing).toEqual([]);
  });

  it('holds every message the sources use, translated in sv and nb (after adding texts: npm run extract, then translate)', async () => {
    for (const catalog of await getCatalogs(getConfig({ cwd: process.cwd() }))) {
      const used = Object.keys((await catalog.collect()) ?? {});
      // The extractor found the sources at all (the smallest catalog, auth, holds some 80 messages).
      expect(used.length).toBeGreaterThan(20);
      for (const locale of ['en', 'sv', 'nb']) {
        const stored = await catalog.read(locale);
        const missing = used.filter((id) => !stored[id]?.translation?.trim()).map((id) => stored[id]?.message ?? id);
        expect(missing, `${locale}: ${catalog.path}`).toEqual([]);
      }
    }
  }, 120_000);

  it('leaves no English text in sv or nb, but for words both languages share', () => {
    // The same in English, Swedish and Norwegian (or a code, not a word).
    const shared = new Set(['c/o', 'Restaurant', '© {0} {1}', 'CVC', 'Live', 'OK', 'Status', 'Variant', 'Order', 'Order {0}', '{0} × {1}', '{first}–{last}', 'Messenger', 'Support', 'Version {version}']);
    for (const locale of ['sv', 'nb']) {
      const translated = new Map([...readCatalog(locale, 'auth'), ...readCatalog(locale, 'content')]);
      const untranslated = [...english].filter(([id, text]) => translated.get(id) === text && !shared.has(text)).map(([id]) => id);
      expect(untranslated, locale).toEqual([]);
    }
  });

  it('gives a message used on both sides the same translation in both catalogs', () => {
    for (const locale of ['en', 'sv', 'nb']) {
      const auth = readCatalog(locale, 'auth');
      const differing = [...readCatalog(locale, 'content')].filter(([id, text]) => auth.has(id) && auth.get(id) !== text);
      expect(differing).toEqual([]);
    }
  });

  it('keeps the spec keys as message ids', () => {
    for (const key of ['signin_error_enter_email', 'signin_error_invalid_email', 'signin_error_enter_password']) {
      expect(english.has(key)).toBe(true);
    }
  });
});
