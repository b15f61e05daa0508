CREATE TABLE "identity_device_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"tenant_id" text NOT NULL,
	"token_generation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "identity_device_token_uid_idx" ON "identity_device_token" USING btree ("uid");