CREATE TABLE "rate_limit_event" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_event_key_idx" ON "rate_limit_event" USING btree ("bucket","key","at");--> statement-breakpoint
CREATE INDEX "rate_limit_event_at_idx" ON "rate_limit_event" USING btree ("at");