CREATE TABLE "analytics_event" (
	"brand_id" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "analytics_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_name" text NOT NULL,
	"event_type" text NOT NULL,
	"path" text NOT NULL,
	"offer_id" text,
	"session_id" text NOT NULL,
	"user_id" text,
	"client_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"details" jsonb NOT NULL,
	CONSTRAINT "analytics_event_brand_id_id_pk" PRIMARY KEY("brand_id","id")
);
--> statement-breakpoint
ALTER TABLE "analytics_event" ADD CONSTRAINT "analytics_event_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_event_report_idx" ON "analytics_event" USING btree ("brand_id","event_name","received_at");--> statement-breakpoint
CREATE INDEX "analytics_event_received_idx" ON "analytics_event" USING btree ("received_at");