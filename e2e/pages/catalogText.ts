import { readFileSync } from 'node:fs';

const catalogs = ['base', 'auth', 'content'] as const;

/**
 * The text of a message id (the English source, or a spec key such as user_info_error_phone) in
 * the app's catalogs for `locale`, so the specs follow the translations.
 */
export function catalogText(locale: string, id: string): string {
  for (const catalog of catalogs) {
    const po = readFileSync(new URL(`../../src/i18n/locales/${locale}/${catalog}.po`, import.meta.url), 'utf8');
    const entry = po.split(/\n\n/).find((block) => block.includes(`msgid ${JSON.stringify(id)}\n`));
    const text = entry && /msgstr "((?:[^"\\]|\\.)*)"/.exec(entry)?.[1];
    if (text) return JSON.parse(`"${text}"`) as string;
  }
  throw new Error(`${id} has no ${locale} text`);
}
