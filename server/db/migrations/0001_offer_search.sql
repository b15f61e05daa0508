-- Written by hand: the functions the search_vector column is generated from (drizzle-kit does not
-- generate functions). translate() rather than unaccent(): that needs CREATE EXTENSION (and loading
-- into PGlite) and is not IMMUTABLE, which a generated column requires. SQL-standard bodies: PG 14+.
CREATE OR REPLACE FUNCTION klubb_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN lower(replace(replace(replace(translate(input,
    'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿÑñÇç',
    'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooooouuuuuuuuyyynncc'), 'Æ', 'ae'), 'æ', 'ae'), 'ß', 'ss'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION klubb_rich_text(content jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT coalesce(string_agg(t #>> '{}', ' '), '')
    FROM jsonb_path_query(content, 'lax $[*] ? (@.type == "richText").editorStateRaw.blocks[*].text') AS t
  );--> statement-breakpoint
CREATE OR REPLACE FUNCTION klubb_search_words(doc text, weight "char") RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(
    to_tsvector('english'::regconfig, klubb_fold(coalesce(doc, '')))
      || to_tsvector('swedish'::regconfig, klubb_fold(coalesce(doc, '')))
      || to_tsvector('norwegian'::regconfig, klubb_fold(coalesce(doc, ''))),
    weight);--> statement-breakpoint
CREATE OR REPLACE FUNCTION klubb_offer_search_vector(title text, teaser text, preamble text, content jsonb) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN klubb_search_words(title, 'A') || klubb_search_words(teaser, 'B') || klubb_search_words(preamble, 'C')
    || klubb_search_words(klubb_rich_text(content), 'D');--> statement-breakpoint
-- One query word as a tsquery lexeme in each language (quoted here, so any text is safe), optionally a
-- prefix; the same stem from two languages is kept once.
CREATE OR REPLACE FUNCTION klubb_search_term(word text, prefix boolean) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (
    SELECT coalesce(string_agg(DISTINCT '(' || stem::text || ')', ' | ') FILTER (WHERE numnode(stem) > 0), '')::tsquery
    FROM (
      SELECT to_tsquery(config, '''' || replace(replace(klubb_fold(word), '\', '\\'), '''', '''''') || ''''
        || CASE WHEN prefix THEN ':*' ELSE '' END) AS stem
      FROM unnest('{english,swedish,norwegian}'::regconfig[]) AS config
      WHERE word <> ''
    ) AS stems
  );--> statement-breakpoint
DROP INDEX "offer_feed_idx";--> statement-breakpoint
DROP INDEX "offer_type_feed_idx";--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (klubb_offer_search_vector("title", "teaser_line", "preamble", "content_blocks")) STORED NOT NULL;--> statement-breakpoint
-- Kept in the row (compressed) rather than in the TOAST table: a search reads every matching vector to rank it.
ALTER TABLE "offer" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "offer_search_idx" ON "offer" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "offer_feed_idx" ON "offer" USING btree ("brand_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id") WHERE active;--> statement-breakpoint
CREATE INDEX "offer_type_feed_idx" ON "offer" USING btree ("brand_id","type","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category_id") WHERE active;