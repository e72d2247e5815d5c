CREATE TABLE "booking_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "booking_searches" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"environment" text NOT NULL,
	"branch_id" integer NOT NULL,
	"date" text NOT NULL,
	"bucket" text NOT NULL,
	"windows" integer NOT NULL,
	"price_cents" integer,
	"price_model" text,
	"fallback" text,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "booking_searches_account_finished_idx" ON "booking_searches" USING btree ("account_id","finished_at");