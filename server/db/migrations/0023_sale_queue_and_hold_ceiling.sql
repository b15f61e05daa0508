CREATE TABLE "sale_queue_place" (
	"brand_id" text NOT NULL,
	"item_variant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"draw" double precision NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"admitted_at" timestamp with time zone,
	"admitted_until" timestamp with time zone,
	CONSTRAINT "sale_queue_place_brand_id_item_variant_id_user_id_pk" PRIMARY KEY("brand_id","item_variant_id","user_id"),
	CONSTRAINT "sale_queue_status" CHECK ("sale_queue_place"."status" IN ('waiting', 'admitted', 'left', 'done'))
);
--> statement-breakpoint
ALTER TABLE "item_variant" ADD COLUMN "on_sale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_session" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "sale_queue_place" ADD CONSTRAINT "sale_queue_place_brand_id_item_variant_id_item_variant_brand_id_id_fk" FOREIGN KEY ("brand_id","item_variant_id") REFERENCES "public"."item_variant"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_queue_line_idx" ON "sale_queue_place" USING btree ("brand_id","item_variant_id","status");--> statement-breakpoint
ALTER TABLE "checkout_session" ADD CONSTRAINT "checkout_session_end_reason" CHECK ("checkout_session"."end_reason" IS NULL OR "checkout_session"."end_reason" IN ('replaced', 'holdLimit'));