CREATE TABLE "offer_promo" (
	"brand_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"common_code" text,
	"claim_cap" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "offer_promo_brand_id_offer_id_pk" PRIMARY KEY("brand_id","offer_id"),
	CONSTRAINT "offer_promo_claim_cap_check" CHECK ("offer_promo"."claim_cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_claimant" (
	"brand_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"user_id" text NOT NULL,
	"common_claimed_at" timestamp with time zone,
	CONSTRAINT "promo_claimant_brand_id_offer_id_user_id_pk" PRIMARY KEY("brand_id","offer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code" (
	"brand_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_brand_id_offer_id_code_pk" PRIMARY KEY("brand_id","offer_id","code"),
	CONSTRAINT "promo_code_claim_check" CHECK (("promo_code"."claimed_by" IS NULL) = ("promo_code"."claimed_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "offer_promo" ADD CONSTRAINT "offer_promo_brand_id_offer_id_offer_brand_id_id_fk" FOREIGN KEY ("brand_id","offer_id") REFERENCES "public"."offer"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_claimant" ADD CONSTRAINT "promo_claimant_brand_id_offer_id_offer_promo_brand_id_offer_id_fk" FOREIGN KEY ("brand_id","offer_id") REFERENCES "public"."offer_promo"("brand_id","offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code" ADD CONSTRAINT "promo_code_brand_id_offer_id_offer_promo_brand_id_offer_id_fk" FOREIGN KEY ("brand_id","offer_id") REFERENCES "public"."offer_promo"("brand_id","offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_free_idx" ON "promo_code" USING btree ("brand_id","offer_id","created_at","code") WHERE "promo_code"."claimed_by" IS NULL;--> statement-breakpoint
CREATE INDEX "promo_code_claimed_idx" ON "promo_code" USING btree ("brand_id","claimed_by","claimed_at" DESC NULLS LAST) WHERE "promo_code"."claimed_by" IS NOT NULL;