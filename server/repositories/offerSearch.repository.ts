import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { offers } from '../db/schema/index.ts';
import type { TextLanguages } from '../language.ts';
import { feedColumns, feedPageSize, isShown } from './offers.repository.ts';

/** More words than a 200-character query sensibly holds are ignored. */
const maxWords = 16;
/** A shorter last word is matched whole: a one-letter prefix matches nearly every offer. */
const minPrefixLength = 2;

/** The query's words: runs of letters, marks and digits; everything else separates them. */
export function searchWords(query: string): string[] {
  return (query.normalize('NFC').match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, maxWords);
}

/**
 * Every word must match in English, Swedish or Norwegian (stemmed, accents folded); the last one
 * may be a word still being typed. The words go to the database as parameters and are quoted as
 * lexemes there (klubb_search_term, migration 0001), so no text reaches to_tsquery's syntax.
 */
function searchQuery(words: string[]): SQL {
  const terms = words.map((word, i) => {
    const prefix = i === words.length - 1 && word.length >= minPrefixLength;
    return sql`klubb_search_term(${word}, ${prefix ? sql`true` : sql`false`})`;
  });
  return sql.join(terms, sql` && `);
}

export interface SearchQuery {
  brandId: string;
  words: string[];
  offset: number;
  languages: TextLanguages;
  /** A visitor's search: member-only offers are left out. */
  publicOnly?: boolean;
}

/**
 * A page of the brand's active offers matching every word, best match first. The search vector holds
 * the texts of every language, so a member finds an offer by its title in theirs. The page is ranked
 * first and only its 30 rows get their texts picked, not every match.
 */
export async function searchOffers(db: Executor, q: SearchQuery) {
  if (q.words.length === 0) return [];
  const query = searchQuery(q.words);
  const rank = sql<number>`ts_rank(${offers.searchVector}, ${query})`.as('rank');
  const page = db
    .select({ pageId: offers.id, rank, pagePublishedAt: sql`${offers.publishedAt}`.as('page_published_at') })
    .from(offers)
    .where(and(eq(offers.brandId, q.brandId), isShown(q.publicOnly), sql`${offers.searchVector} @@ (${query})`))
    .orderBy(sql`rank DESC`, desc(offers.publishedAt), desc(offers.id))
    .limit(feedPageSize)
    .offset(q.offset)
    .as('page');
  return db
    .select(feedColumns(q.languages))
    .from(offers)
    .innerJoin(page, and(eq(offers.brandId, q.brandId), eq(offers.id, page.pageId)))
    .orderBy(desc(page.rank), desc(page.pagePublishedAt), desc(offers.id));
}
