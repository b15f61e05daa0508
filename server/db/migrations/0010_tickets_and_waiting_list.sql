CREATE SEQUENCE "public"."waiting_list_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ticket" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"order_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"unit_no" integer NOT NULL,
	"offer_id" text NOT NULL,
	"item_variant_id" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "ticket_brand_id_id_pk" PRIMARY KEY("brand_id","id")
);
--> statement-breakpoint
CREATE TABLE "waiting_list_entry" (
	"brand_id" text NOT NULL,
	"item_variant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"position" bigint DEFAULT nextval('waiting_list_position_seq') NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"offered_until" timestamp with time zone,
	"checkout_session_id" text,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"app_origin" text NOT NULL,
	CONSTRAINT "waiting_list_entry_brand_id_item_variant_id_user_id_pk" PRIMARY KEY("brand_id","item_variant_id","user_id"),
	CONSTRAINT "waiting_list_status" CHECK ("waiting_list_entry"."status" IN ('waiting', 'offered', 'expired', 'bought', 'left'))
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_brand_id_order_id_purchase_order_brand_id_id_fk" FOREIGN KEY ("brand_id","order_id") REFERENCES "public"."purchase_order"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entry" ADD CONSTRAINT "waiting_list_entry_brand_id_item_variant_id_item_variant_brand_id_id_fk" FOREIGN KEY ("brand_id","item_variant_id") REFERENCES "public"."item_variant"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_unit_idx" ON "ticket" USING btree ("brand_id","order_id","line_no","unit_no");--> statement-breakpoint
CREATE INDEX "waiting_list_line_idx" ON "waiting_list_entry" USING btree ("brand_id","item_variant_id","status","position");--> statement-breakpoint
CREATE INDEX "waiting_list_offer_lapse_idx" ON "waiting_list_entry" USING btree ("status","offered_until");