CREATE TABLE "custom_fee" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"title" text NOT NULL,
	"price_current" integer NOT NULL,
	"price_original" integer NOT NULL,
	"tax_rate_ids" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "custom_fee_brand_id_id_pk" PRIMARY KEY("brand_id","id"),
	CONSTRAINT "custom_fee_price_nonnegative" CHECK ("custom_fee"."price_current" >= 0 AND "custom_fee"."price_original" >= 0)
);
--> statement-breakpoint
CREATE TABLE "item_variant" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"offer_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_current" integer NOT NULL,
	"price_original" integer NOT NULL,
	"currency" text DEFAULT 'SEK' NOT NULL,
	"custom_fee_ids" text[] DEFAULT '{}' NOT NULL,
	"tax_rate_ids" text[] DEFAULT '{}' NOT NULL,
	"purchase_cap" integer,
	"date_start" timestamp with time zone,
	"date_end" timestamp with time zone,
	"location_address" text,
	"location_zip_code" text,
	"location_city" text,
	"location_map_url" text,
	"stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_variant_brand_id_id_pk" PRIMARY KEY("brand_id","id"),
	CONSTRAINT "item_variant_price_nonnegative" CHECK ("item_variant"."price_current" >= 0 AND "item_variant"."price_original" >= 0),
	CONSTRAINT "item_variant_stock_nonnegative" CHECK ("item_variant"."stock" >= 0),
	CONSTRAINT "item_variant_purchase_cap_positive" CHECK ("item_variant"."purchase_cap" IS NULL OR "item_variant"."purchase_cap" >= 1)
);
--> statement-breakpoint
CREATE TABLE "shopping_cart_line" (
	"brand_id" text NOT NULL,
	"user_id" text NOT NULL,
	"item_variant_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"line_no" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shopping_cart_line_line_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "shopping_cart_line_brand_id_user_id_item_variant_id_pk" PRIMARY KEY("brand_id","user_id","item_variant_id"),
	CONSTRAINT "shopping_cart_line_quantity_positive" CHECK ("shopping_cart_line"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "shopping_cart" (
	"brand_id" text NOT NULL,
	"user_id" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopping_cart_brand_id_user_id_pk" PRIMARY KEY("brand_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tax_rate" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"display_name" text NOT NULL,
	CONSTRAINT "tax_rate_brand_id_id_pk" PRIMARY KEY("brand_id","id"),
	CONSTRAINT "tax_rate_percentage_range" CHECK ("tax_rate"."percentage" >= 0 AND "tax_rate"."percentage" <= 100)
);
--> statement-breakpoint
ALTER TABLE "custom_fee" ADD CONSTRAINT "custom_fee_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_variant" ADD CONSTRAINT "item_variant_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_variant" ADD CONSTRAINT "item_variant_brand_id_offer_id_offer_brand_id_id_fk" FOREIGN KEY ("brand_id","offer_id") REFERENCES "public"."offer"("brand_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_cart_line" ADD CONSTRAINT "shopping_cart_line_brand_id_user_id_shopping_cart_brand_id_user_id_fk" FOREIGN KEY ("brand_id","user_id") REFERENCES "public"."shopping_cart"("brand_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_cart_line" ADD CONSTRAINT "shopping_cart_line_brand_id_item_variant_id_item_variant_brand_id_id_fk" FOREIGN KEY ("brand_id","item_variant_id") REFERENCES "public"."item_variant"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_cart" ADD CONSTRAINT "shopping_cart_brand_id_user_id_app_user_brand_id_id_fk" FOREIGN KEY ("brand_id","user_id") REFERENCES "public"."app_user"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rate" ADD CONSTRAINT "tax_rate_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_variant_offer_idx" ON "item_variant" USING btree ("brand_id","offer_id","position");