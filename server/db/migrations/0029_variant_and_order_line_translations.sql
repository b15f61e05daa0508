ALTER TABLE "item_variant" ADD COLUMN "localized" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "localized" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Orders made before: their offer's title in the languages it has now (the English stays as sold, in "item").
UPDATE "order_line" AS l SET "localized" = jsonb_build_object('offerTitle', o."localized" -> 'title')
FROM "offer" AS o
WHERE o."brand_id" = l."brand_id" AND o."id" = l."offer_id" AND jsonb_typeof(o."localized" -> 'title') = 'object';
