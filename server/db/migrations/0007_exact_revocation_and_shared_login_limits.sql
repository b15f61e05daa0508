DROP TABLE "identity_login_failure" CASCADE;--> statement-breakpoint
ALTER TABLE "identity_account" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_refresh_token" ADD COLUMN "token_generation" integer DEFAULT 0 NOT NULL;