CREATE TABLE "account_settings" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_settings_account_id_kind_pk" PRIMARY KEY("account_id","kind"),
	CONSTRAINT "account_settings_kind_check" CHECK ("account_settings"."kind" in ('optimization', 'booking', 'slot_policy', 'pickup_override'))
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"name" text NOT NULL,
	"address_line1" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"environment" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_prefix_unique" UNIQUE("prefix"),
	CONSTRAINT "api_keys_environment_check" CHECK ("api_keys"."environment" in ('live', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"external_user_id" text NOT NULL,
	"default_account_id" integer,
	"email" text,
	"password_hash" text,
	"role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_external_user_id_unique" UNIQUE("external_user_id"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" is null or "users"."role" in ('admin', 'dispatcher'))
);
--> statement-breakpoint
CREATE TABLE "service_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "itineraries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "itineraries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"environment" text NOT NULL,
	"problem_id" text NOT NULL,
	"external_id" text NOT NULL,
	"driver_external_id" text NOT NULL,
	"vehicle_external_id" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"route_skills" jsonb NOT NULL,
	"date" date NOT NULL,
	"time_zone" text NOT NULL,
	"scheduled_start" timestamp with time zone NOT NULL,
	"shift_end" timestamp with time zone NOT NULL,
	"route_start" timestamp with time zone NOT NULL,
	"route_end" timestamp with time zone NOT NULL,
	"capacity_pounds" double precision NOT NULL,
	"capacity_cubic_inches" double precision NOT NULL,
	"max_stops" integer NOT NULL,
	"start_latitude" double precision,
	"start_longitude" double precision,
	"end_latitude" double precision,
	"end_longitude" double precision,
	"distance_meters" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"travel_seconds" integer NOT NULL,
	"service_seconds" integer NOT NULL,
	"waiting_seconds" integer NOT NULL,
	"orders" jsonb NOT NULL,
	"fleet_entry" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "itineraries_environment_check" CHECK ("itineraries"."environment" in ('live', 'sandbox'))
);
--> statement-breakpoint
CREATE TABLE "itinerary_stops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "itinerary_stops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"itinerary_id" integer NOT NULL,
	"stop_number" integer NOT NULL,
	"type" text NOT NULL,
	"order_external_ids" jsonb NOT NULL,
	"address_line1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"arrival" timestamp with time zone NOT NULL,
	"service_start" timestamp with time zone NOT NULL,
	"departure" timestamp with time zone NOT NULL,
	"wait_seconds" integer NOT NULL,
	"service_seconds" integer NOT NULL,
	"window_open" timestamp with time zone,
	"window_close" timestamp with time zone,
	"load_pounds" double precision NOT NULL,
	"load_cubic_inches" double precision NOT NULL,
	"leg_distance_meters" integer NOT NULL,
	"leg_duration_seconds" integer NOT NULL,
	CONSTRAINT "itinerary_stops_type_check" CHECK ("itinerary_stops"."type" in ('pickup', 'dropoff'))
);
--> statement-breakpoint
CREATE TABLE "geocode_cache" (
	"geocoder" text NOT NULL,
	"query" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geocode_cache_geocoder_query_pk" PRIMARY KEY("geocoder","query")
);
--> statement-breakpoint
ALTER TABLE "account_settings" ADD CONSTRAINT "account_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_account_id_accounts_id_fk" FOREIGN KEY ("default_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itinerary_stops" ADD CONSTRAINT "itinerary_stops_itinerary_id_itineraries_id_fk" FOREIGN KEY ("itinerary_id") REFERENCES "public"."itineraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_parent_id_idx" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "api_keys_account_id_idx" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "job_probe_writes_job_id_idx" ON "job_probe_writes" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_idempotency_key_idx" ON "jobs" USING btree ("namespace","account_id","environment","key");--> statement-breakpoint
CREATE INDEX "jobs_processing_lease_idx" ON "jobs" USING btree ("lease_expires_at") WHERE "jobs"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "jobs_expires_at_idx" ON "jobs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "itineraries_problem_idx" ON "itineraries" USING btree ("account_id","environment","problem_id");--> statement-breakpoint
CREATE INDEX "itineraries_account_env_date_idx" ON "itineraries" USING btree ("account_id","environment","date");--> statement-breakpoint
CREATE INDEX "itinerary_stops_itinerary_idx" ON "itinerary_stops" USING btree ("itinerary_id","stop_number");