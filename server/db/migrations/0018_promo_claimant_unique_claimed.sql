ALTER TABLE "promo_claimant" ADD COLUMN "unique_claimed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_claimant" ADD CONSTRAINT "promo_claimant_unique_claimed_check" CHECK ("promo_claimant"."unique_claimed" >= 0);--> statement-breakpoint
-- Every member who holds unique codes gets a claimant row counting them (claims made so far came with one).
INSERT INTO "promo_claimant" ("brand_id", "offer_id", "user_id")
SELECT DISTINCT "brand_id", "offer_id", "claimed_by" FROM "promo_code" WHERE "claimed_by" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "promo_claimant" AS c SET "unique_claimed" = held.n
FROM (SELECT "brand_id", "offer_id", "claimed_by", count(*)::int AS n FROM "promo_code" WHERE "claimed_by" IS NOT NULL GROUP BY 1, 2, 3) AS held
WHERE c."brand_id" = held."brand_id" AND c."offer_id" = held."offer_id" AND c."user_id" = held."claimed_by";
