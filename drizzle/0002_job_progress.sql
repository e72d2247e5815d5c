ALTER TABLE "jobs" ADD COLUMN "progress" jsonb;--> statement-breakpoint
CREATE INDEX "jobs_listing_idx" ON "jobs" USING btree ("namespace","account_id","created_at");