ALTER TABLE "purchase_order" DROP CONSTRAINT "purchase_order_status";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "purchase_order" ADD COLUMN "reference" text;--> statement-breakpoint
UPDATE "purchase_order" SET "reference" = translate(upper(substr(md5("brand_id" || '/' || "id"), 1, 4) || '-' || substr(md5("brand_id" || '/' || "id"), 5, 4)), '01', 'QR') WHERE "reference" IS NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entry" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_idx" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_queue_idx" ON "mail_outbox" USING btree ("delivery","sent_at","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_reference_idx" ON "purchase_order" USING btree ("brand_id","reference");--> statement-breakpoint
CREATE INDEX "purchase_order_payment_idx" ON "purchase_order" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "waiting_list_address_idx" ON "waiting_list_entry" USING btree ("brand_id","item_variant_id","client_address");--> statement-breakpoint
ALTER TABLE "purchase_order" ADD CONSTRAINT "purchase_order_status" CHECK ("purchase_order"."status" IN ('paid', 'cancelled', 'refunded'));