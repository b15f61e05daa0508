CREATE TABLE "eid_sign_in" (
	"order_ref" text PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"qr_start_token" text NOT NULL,
	"qr_start_secret" text NOT NULL,
	"end_user_ip" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "eid_simulated_order" (
	"order_ref" text PRIMARY KEY NOT NULL,
	"auto_start_token" text NOT NULL,
	"qr_start_token" text NOT NULL,
	"qr_start_secret" text NOT NULL,
	"end_user_ip" text NOT NULL,
	"status" text NOT NULL,
	"hint_code" text,
	"personal_number" text,
	"given_name" text,
	"surname" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "eid_simulated_order_auto_start_token_unique" UNIQUE("auto_start_token"),
	CONSTRAINT "eid_simulated_order_qr_start_token_unique" UNIQUE("qr_start_token")
);
--> statement-breakpoint
ALTER TABLE "eid_sign_in" ADD CONSTRAINT "eid_sign_in_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eid_sign_in_address_idx" ON "eid_sign_in" USING btree ("end_user_ip","started_at");--> statement-breakpoint
CREATE INDEX "eid_sign_in_started_idx" ON "eid_sign_in" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "eid_simulated_order_created_idx" ON "eid_simulated_order" USING btree ("created_at");