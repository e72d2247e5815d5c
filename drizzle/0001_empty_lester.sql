CREATE TABLE "job_probe_writes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_probe_writes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" uuid NOT NULL,
	"lease_owner" text,
	"attempt" integer NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"namespace" text NOT NULL,
	"account_id" integer NOT NULL,
	"environment" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"input_hash" text NOT NULL,
	"input" jsonb NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"error" jsonb,
	"run_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"time_limit_ms" integer NOT NULL,
	"retention_seconds" integer NOT NULL,
	"lease_token" uuid,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('processing', 'complete', 'failed', 'canceled')),
	CONSTRAINT "jobs_environment_check" CHECK ("jobs"."environment" in ('live', 'sandbox'))
);
--> statement-breakpoint
CREATE INDEX "job_probe_writes_job_id_idx" ON "job_probe_writes" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_idempotency_key_idx" ON "jobs" USING btree ("namespace","account_id","environment","key");--> statement-breakpoint
CREATE INDEX "jobs_processing_lease_idx" ON "jobs" USING btree ("lease_expires_at") WHERE "jobs"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "jobs_expires_at_idx" ON "jobs" USING btree ("expires_at");