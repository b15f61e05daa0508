CREATE TABLE "ticket_signing_key" (
	"brand_id" text NOT NULL,
	"kid" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_signing_key_brand_id_kid_pk" PRIMARY KEY("brand_id","kid")
);
--> statement-breakpoint
ALTER TABLE "ticket_signing_key" ADD CONSTRAINT "ticket_signing_key_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE cascade ON UPDATE no action;