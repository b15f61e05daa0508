-- Door check-in (issue 43, docs/door.md): one check_in row per admitted ticket (its key the ticket, so two doors admitting one ticket at once record it once), and the double entries: tickets admitted offline at another door after their check-in.
CREATE TABLE "check_in_double_entry" (
	"brand_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"door" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_double_entry_brand_id_ticket_id_door_pk" PRIMARY KEY("brand_id","ticket_id","door")
);
--> statement-breakpoint
CREATE TABLE "check_in" (
	"brand_id" text NOT NULL,
	"ticket_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"door" text NOT NULL,
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
CREATE INDEX "check_in_double_entry_offer_idx" ON "check_in_double_entry" USING btree ("brand_id","offer_id");--> statement-breakpoint
CREATE INDEX "check_in_offer_idx" ON "check_in" USING btree ("brand_id","offer_id");