CREATE TABLE "geocode_cache" (
	"geocoder" text NOT NULL,
	"query" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geocode_cache_geocoder_query_pk" PRIMARY KEY("geocoder","query")
);
