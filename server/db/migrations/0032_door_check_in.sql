-- Door check-in (issue 43, docs/door.md): one check_in row per admitted ticket (its key the ticket, so two doors admitting one ticket at once record it once; the door device and the ticket's variant kept), and the double entries: tickets admitted offline at another door device after their check-in, one row per ticket and device.
CREATE TABLE "check_in_double_entry" (
	"brand_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"evening_id" text NOT NULL,
	"door" text NOT NULL,
	"device_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_double_entry_brand_id_ticket_id_device_id_pk" PRIMARY KEY("brand_id","ticket_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "check_in" (
	"brand_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"item_variant_id" text NOT NULL,
	"door" text NOT NULL,
	"device_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" text NOT NULL,
	"mode" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_brand_id_ticket_id_pk" PRIMARY KEY("brand_id","ticket_id"),
	CONSTRAINT "check_in_mode" CHECK ("check_in"."mode" IN ('online', 'offline'))
);
--> statement-breakpoint
ALTER TABLE "check_in_double_entry" ADD CONSTRAINT "check_in_double_entry_brand_id_ticket_id_ticket_brand_id_id_fk" FOREIGN KEY ("brand_id","ticket_id") REFERENCES "public"."ticket"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in" ADD CONSTRAINT "check_in_brand_id_ticket_id_ticket_brand_id_id_fk" FOREIGN KEY ("brand_id","ticket_id") REFERENCES "public"."ticket"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_double_entry_evening_idx" ON "check_in_double_entry" USING btree ("brand_id","evening_id","device_id");--> statement-breakpoint
CREATE INDEX "check_in_variant_idx" ON "check_in" USING btree ("brand_id","item_variant_id");