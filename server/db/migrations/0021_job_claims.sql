CREATE TABLE "job_claim" (
	"job" text NOT NULL,
	"subject" text NOT NULL,
	"holder" text NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	CONSTRAINT "job_claim_job_subject_pk" PRIMARY KEY("job","subject")
);
--> statement-breakpoint
CREATE INDEX "job_claim_until_idx" ON "job_claim" USING btree ("claimed_until");