CREATE TABLE "referral_token" (
	"brand_id" text NOT NULL,
	"user_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_token_brand_id_user_id_offer_id_pk" PRIMARY KEY("brand_id","user_id","offer_id")
);
--> statement-breakpoint
ALTER TABLE "referral_token" ADD CONSTRAINT "referral_token_brand_id_user_id_app_user_brand_id_id_fk" FOREIGN KEY ("brand_id","user_id") REFERENCES "public"."app_user"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_token" ADD CONSTRAINT "referral_token_brand_id_offer_id_offer_brand_id_id_fk" FOREIGN KEY ("brand_id","offer_id") REFERENCES "public"."offer"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_token_token_idx" ON "referral_token" USING btree ("token");