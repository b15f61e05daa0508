import { sql, type SQL } from 'drizzle-orm';
import type { offers, OfferTranslations } from '../db/schema/index.ts';
import type { TextLanguages } from '../language.ts';

type OfferTable = typeof offers;
type PlainColumn = 'title' | 'teaserLine' | 'preamble';

/**
 * An offer text as the database answers it: the member's language, else the brand's, else the plain
 * (English) column. Works on an aliased offer table too.
 */
export function localizedOfferText(table: OfferTable, field: PlainColumn & keyof OfferTranslations, languages: TextLanguages): SQL<string> {
  const texts = sql`${table.localized} -> ${field}::text`;
  return sql<string>`coalesce(${texts} ->> ${languages.language}::text, ${texts} ->> ${languages.fallback}::text, ${table[field]})`;
}

/** The puff image with its description (alt text) in the member's language, when it has one. */
export function localizedPuffImage(table: OfferTable, languages: TextLanguages): SQL<OfferTable['$inferSelect']['puffImage']> {
  const texts = sql`${table.localized} -> 'imageDescription'`;
  const description = sql`coalesce(${texts} ->> ${languages.language}::text, ${texts} ->> ${languages.fallback}::text, ${table.puffImage} ->> 'imageDescription')`;
  return sql`CASE WHEN ${table.puffImage} ? 'imageDescription' THEN jsonb_set(${table.puffImage}, '{imageDescription}', to_jsonb(${description})) ELSE ${table.puffImage} END`;
}
