CREATE TABLE "favourite_category" (
	"brand_id" text NOT NULL,
	"user_id" text NOT NULL,
	"category_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_category_brand_id_user_id_category_id_pk" PRIMARY KEY("brand_id","user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "brand_content" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "favourite_category" ADD CONSTRAINT "favourite_category_brand_id_user_id_app_user_brand_id_id_fk" FOREIGN KEY ("brand_id","user_id") REFERENCES "public"."app_user"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_category" ADD CONSTRAINT "favourite_category_brand_id_category_id_category_brand_id_id_fk" FOREIGN KEY ("brand_id","category_id") REFERENCES "public"."category"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_content" ADD CONSTRAINT "brand_content_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;