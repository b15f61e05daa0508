CREATE TABLE "brand_role" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"brand_role_id" text NOT NULL,
	"name" text NOT NULL,
	"legacy_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_role_brand_id_id_pk" PRIMARY KEY("brand_id","id")
);
--> statement-breakpoint
CREATE TABLE "brand" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"app_hosts" text[] NOT NULL,
	"auth_tenant_id" text NOT NULL,
	"contact_email" text NOT NULL,
	"logo_url" text NOT NULL,
	"icons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"theme" jsonb NOT NULL,
	"navigation_bar" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_auth_tenant_id_unique" UNIQUE("auth_tenant_id")
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"ssn" text,
	"address_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company_name" text,
	"company_address" jsonb,
	"push_notification_token" text,
	"completed_onboarding" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_brand_id_id_pk" PRIMARY KEY("brand_id","id")
);
--> statement-breakpoint
CREATE TABLE "billboard" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"offer_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billboard_brand_id_id_pk" PRIMARY KEY("brand_id","id")
);
--> statement-breakpoint
CREATE TABLE "category" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"type_list" text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_brand_id_id_pk" PRIMARY KEY("brand_id","id")
);
--> statement-breakpoint
CREATE TABLE "offer" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"category_id" text,
	"title" text NOT NULL,
	"teaser_line" text DEFAULT '' NOT NULL,
	"preamble" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"puff_image" jsonb NOT NULL,
	"reading_time" integer,
	"requires_sign_in" boolean DEFAULT true NOT NULL,
	"call_to_action" jsonb,
	"content_blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"companion_offer_id" text,
	"companion_offer_header" text,
	"item_variant_type" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "offer_brand_id_id_pk" PRIMARY KEY("brand_id","id")
);
--> statement-breakpoint
CREATE TABLE "identity_account" (
	"uid" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"display_name" text,
	"phone_number" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"valid_since" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_login_failure" (
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_oob_code" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"tenant_id" text NOT NULL,
	"request_type" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_refresh_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"tenant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_signing_key" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" text,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "brand_role" ADD CONSTRAINT "brand_role_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billboard" ADD CONSTRAINT "billboard_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_role_user_idx" ON "brand_role" USING btree ("brand_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_ssn_idx" ON "app_user" USING btree ("brand_id","ssn");--> statement-breakpoint
CREATE INDEX "offer_feed_idx" ON "offer" USING btree ("brand_id","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offer_type_feed_idx" ON "offer" USING btree ("brand_id","type","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "identity_account_email_idx" ON "identity_account" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "identity_login_failure_key_idx" ON "identity_login_failure" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "identity_refresh_token_uid_idx" ON "identity_refresh_token" USING btree ("uid");