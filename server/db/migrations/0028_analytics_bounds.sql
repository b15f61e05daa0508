CREATE TABLE "analytics_daily" (
	"brand_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"events" bigint NOT NULL,
	"sessions" bigint NOT NULL,
	CONSTRAINT "analytics_daily_brand_id_kind_day_key_pk" PRIMARY KEY("brand_id","kind","day","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_ingest_minute" (
	"brand_id" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"last_granted" integer DEFAULT 0 NOT NULL,
	"dropped_over_ceiling" integer DEFAULT 0 NOT NULL,
	"dropped_over_budget" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_ingest_minute_brand_id_minute_pk" PRIMARY KEY("brand_id","minute")
);
--> statement-breakpoint
CREATE TABLE "analytics_usage" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL,
	"last_granted" integer DEFAULT 0 NOT NULL,
	"rolled_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analytics_event" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_ingest_minute" ADD CONSTRAINT "analytics_ingest_minute_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_usage" ADD CONSTRAINT "analytics_usage_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_ingest_minute_idx" ON "analytics_ingest_minute" USING btree ("minute");--> statement-breakpoint
-- Events stored before the budget: their estimated size (server/analytics/bounds.ts, eventBytes) and each brand's total.
UPDATE "analytics_event" SET "bytes" = 200 + octet_length("brand_id") + octet_length("event_name") + octet_length("event_type") + octet_length("path") + coalesce(octet_length("offer_id"), 0) + octet_length("session_id") + coalesce(octet_length("user_id"), 0) + octet_length("details"::text);--> statement-breakpoint
INSERT INTO "analytics_usage" ("brand_id", "stored_bytes") SELECT "brand_id", sum("bytes") FROM "analytics_event" GROUP BY "brand_id";
