CREATE TABLE "checkout_session" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_total" integer NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"fee_record" jsonb NOT NULL,
	"tax_list" jsonb NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "checkout_session_brand_id_id_pk" PRIMARY KEY("brand_id","id"),
	CONSTRAINT "checkout_session_status" CHECK ("checkout_session"."status" IN ('pending', 'open', 'complete', 'expired', 'refunded', 'failed')),
	CONSTRAINT "checkout_session_amount_nonnegative" CHECK ("checkout_session"."amount_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_line" (
	"brand_id" text NOT NULL,
	"order_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"item_variant_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"line_price" integer NOT NULL,
	"item" jsonb NOT NULL,
	CONSTRAINT "order_line_brand_id_order_id_line_no_pk" PRIMARY KEY("brand_id","order_id","line_no"),
	CONSTRAINT "order_line_quantity_positive" CHECK ("order_line"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "purchase_order" (
	"brand_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_method" text DEFAULT 'card' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"fee_record" jsonb NOT NULL,
	"tax_list" jsonb NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"provider_payment_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "purchase_order_brand_id_id_pk" PRIMARY KEY("brand_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_refund" (
	"brand_id" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_payment_id" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'needed' NOT NULL,
	"provider_refund_id" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_refund_brand_id_checkout_session_id_pk" PRIMARY KEY("brand_id","checkout_session_id"),
	CONSTRAINT "payment_refund_status" CHECK ("payment_refund"."status" IN ('needed', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "stock_hold" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_hold_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" text NOT NULL,
	"item_variant_id" text NOT NULL,
	"kind" text DEFAULT 'checkout' NOT NULL,
	"checkout_session_id" text,
	"user_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_hold_quantity_positive" CHECK ("stock_hold"."quantity" >= 1),
	CONSTRAINT "stock_hold_kind" CHECK ("stock_hold"."kind" IN ('checkout', 'waiting_list'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_brand_id_order_id_purchase_order_brand_id_id_fk" FOREIGN KEY ("brand_id","order_id") REFERENCES "public"."purchase_order"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_hold" ADD CONSTRAINT "stock_hold_brand_id_item_variant_id_item_variant_brand_id_id_fk" FOREIGN KEY ("brand_id","item_variant_id") REFERENCES "public"."item_variant"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_hold" ADD CONSTRAINT "stock_hold_brand_id_checkout_session_id_checkout_session_brand_id_id_fk" FOREIGN KEY ("brand_id","checkout_session_id") REFERENCES "public"."checkout_session"("brand_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_session_provider_idx" ON "checkout_session" USING btree ("provider_session_id");--> statement-breakpoint
CREATE INDEX "checkout_session_user_idx" ON "checkout_session" USING btree ("brand_id","user_id","status");--> statement-breakpoint
CREATE INDEX "checkout_session_lapse_idx" ON "checkout_session" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "order_line_variant_idx" ON "order_line" USING btree ("brand_id","item_variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_session_idx" ON "purchase_order" USING btree ("brand_id","checkout_session_id");--> statement-breakpoint
CREATE INDEX "purchase_order_user_idx" ON "purchase_order" USING btree ("brand_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refund_status_idx" ON "payment_refund" USING btree ("status");--> statement-breakpoint
CREATE INDEX "stock_hold_variant_idx" ON "stock_hold" USING btree ("brand_id","item_variant_id","expires_at");--> statement-breakpoint
CREATE INDEX "stock_hold_session_idx" ON "stock_hold" USING btree ("brand_id","checkout_session_id");