-- Edited by hand after drizzle-kit: brand texts per language (category and role names, offer texts in
-- jsonb beside the plain English columns), and the search vector over every language's texts. The
-- functions come first (drizzle-kit does not generate functions), and the generated column is made
-- again after the column it reads (PostgreSQL 15 cannot change a generation expression in place).
ALTER TABLE "brand_role" ADD COLUMN "localized_name" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "category" ADD COLUMN "localized_name" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "localized" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The plain text and its translations (the ones that differ from it), for one search weight.
CREATE OR REPLACE FUNCTION klubb_localized_words(texts jsonb, plain text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(plain, '') || coalesce(' ' || (
    SELECT string_agg(value, ' ') FILTER (WHERE value IS DISTINCT FROM plain)
    FROM jsonb_each_text(CASE WHEN jsonb_typeof(texts) = 'object' THEN texts ELSE '{}'::jsonb END)
  ), '');--> statement-breakpoint
CREATE OR REPLACE FUNCTION klubb_offer_search_vector(title text, teaser text, preamble text, content jsonb, localized jsonb) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN klubb_offer_search_vector(
    klubb_localized_words(localized -> 'title', title),
    klubb_localized_words(localized -> 'teaserLine', teaser),
    klubb_localized_words(localized -> 'preamble', preamble),
    content);--> statement-breakpoint
ALTER TABLE "offer" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "offer" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (klubb_offer_search_vector("title", "teaser_line", "preamble", "content_blocks", "localized")) STORED NOT NULL;--> statement-breakpoint
-- Kept in the row (compressed) rather than in the TOAST table: a search reads every matching vector to rank it.
ALTER TABLE "offer" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "offer_search_idx" ON "offer" USING gin ("search_vector");
