CREATE TABLE "restaurant_map_settings" (
	"brand_id" text NOT NULL,
	"brand_role_id" text DEFAULT '*' NOT NULL,
	"api_key" text,
	"map_id" text,
	"center_lat" double precision NOT NULL,
	"center_lng" double precision NOT NULL,
	"zoom" integer NOT NULL,
	"zoom_control" boolean DEFAULT true NOT NULL,
	"map_type_control" boolean DEFAULT false NOT NULL,
	"street_view_control" boolean DEFAULT false NOT NULL,
	"fullscreen_control" boolean DEFAULT false NOT NULL,
	CONSTRAINT "restaurant_map_settings_brand_id_brand_role_id_pk" PRIMARY KEY("brand_id","brand_role_id")
);
--> statement-breakpoint
CREATE TABLE "restaurant" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"maps_url" text,
	"short_description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"restaurant_url" text,
	"restaurant_widget_url" text,
	"booking" jsonb,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_brand_id_id_pk" PRIMARY KEY("brand_id","id")
);
--> statement-breakpoint
CREATE TABLE "table_booking" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text NOT NULL,
	"restaurant_id" text NOT NULL,
	"seating_at" timestamp with time zone NOT NULL,
	"party_size" integer NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"guest_phone" text NOT NULL,
	"language" text NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurant_map_settings" ADD CONSTRAINT "restaurant_map_settings_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant" ADD CONSTRAINT "restaurant_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_booking" ADD CONSTRAINT "table_booking_brand_id_restaurant_id_restaurant_brand_id_id_fk" FOREIGN KEY ("brand_id","restaurant_id") REFERENCES "public"."restaurant"("brand_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_booking_seating_idx" ON "table_booking" USING btree ("brand_id","restaurant_id","seating_at");--> statement-breakpoint
CREATE UNIQUE INDEX "table_booking_cancel_token_idx" ON "table_booking" USING btree ("cancel_token_hash");