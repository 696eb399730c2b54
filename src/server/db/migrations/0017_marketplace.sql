CREATE TABLE "marketplace_carrier_turnaround" (
	"carrier_id" uuid PRIMARY KEY NOT NULL,
	"median_days" real NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_item_carriers" (
	"item_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_item_carriers_item_id_carrier_id_pk" PRIMARY KEY("item_id","carrier_id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"agency_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"carrier_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" smallint,
	"pros" text[] DEFAULT '{}'::text[] NOT NULL,
	"cons" text[] DEFAULT '{}'::text[] NOT NULL,
	"experience_level" text,
	"category" text,
	"difficulty" text,
	"post_type" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"up_votes" integer DEFAULT 0 NOT NULL,
	"down_votes" integer DEFAULT 0 NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_items_kind_check" CHECK ("marketplace_items"."kind" in ('review', 'practice', 'post')),
	CONSTRAINT "marketplace_items_status_check" CHECK ("marketplace_items"."status" in ('visible', 'hidden')),
	CONSTRAINT "marketplace_items_review_check" CHECK ("marketplace_items"."kind" <> 'review' or ("marketplace_items"."rating" between 1 and 5 and cardinality("marketplace_items"."carrier_ids") = 1
        and "marketplace_items"."experience_level" in ('beginner', 'intermediate', 'expert'))),
	CONSTRAINT "marketplace_items_practice_check" CHECK ("marketplace_items"."kind" <> 'practice' or (cardinality("marketplace_items"."carrier_ids") <= 1
        and "marketplace_items"."category" in ('application_tips', 'underwriting', 'documentation', 'pricing')
        and "marketplace_items"."difficulty" in ('beginner', 'intermediate', 'advanced'))),
	CONSTRAINT "marketplace_items_post_check" CHECK ("marketplace_items"."kind" <> 'post' or (cardinality("marketplace_items"."carrier_ids") <= 5
        and "marketplace_items"."post_type" in ('tip', 'question', 'success_story', 'warning'))),
	CONSTRAINT "marketplace_items_votes_check" CHECK ("marketplace_items"."up_votes" >= 0 and "marketplace_items"."down_votes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_reports" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_reports_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_views" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_views_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_votes" (
	"item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"agency_id" uuid NOT NULL,
	"up" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_votes_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "marketplace_carrier_turnaround" ADD CONSTRAINT "marketplace_carrier_turnaround_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_item_carriers" ADD CONSTRAINT "marketplace_item_carriers_item_id_marketplace_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."marketplace_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_item_carriers" ADD CONSTRAINT "marketplace_item_carriers_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_items" ADD CONSTRAINT "marketplace_items_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_items" ADD CONSTRAINT "marketplace_items_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_replies" ADD CONSTRAINT "marketplace_replies_post_id_marketplace_items_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."marketplace_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_replies" ADD CONSTRAINT "marketplace_replies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_replies" ADD CONSTRAINT "marketplace_replies_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_item_id_marketplace_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."marketplace_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_views" ADD CONSTRAINT "marketplace_views_item_id_marketplace_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."marketplace_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_views" ADD CONSTRAINT "marketplace_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_votes" ADD CONSTRAINT "marketplace_votes_item_id_marketplace_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."marketplace_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_votes" ADD CONSTRAINT "marketplace_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_votes" ADD CONSTRAINT "marketplace_votes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_item_carriers_newest_idx" ON "marketplace_item_carriers" USING btree ("carrier_id","kind","created_at","item_id");--> statement-breakpoint
CREATE INDEX "marketplace_item_carriers_best_idx" ON "marketplace_item_carriers" USING btree ("carrier_id","kind","score","created_at","item_id");--> statement-breakpoint
CREATE INDEX "marketplace_items_newest_idx" ON "marketplace_items" USING btree ("kind","created_at","id") WHERE "marketplace_items"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "marketplace_items_best_idx" ON "marketplace_items" USING btree ("kind","score","created_at","id") WHERE "marketplace_items"."status" = 'visible';--> statement-breakpoint
CREATE INDEX "marketplace_items_author_idx" ON "marketplace_items" USING btree ("author_user_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_items_hidden_idx" ON "marketplace_items" USING btree ("hidden_at") WHERE "marketplace_items"."status" = 'hidden';--> statement-breakpoint
CREATE INDEX "marketplace_replies_post_idx" ON "marketplace_replies" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_replies_author_idx" ON "marketplace_replies" USING btree ("author_user_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_reports_open_idx" ON "marketplace_reports" USING btree ("created_at") WHERE "marketplace_reports"."dismissed_at" is null;--> statement-breakpoint
-- hand-written
-- Marketplace search (decision 019): title weighs most (A), then tags (B), then the text with a
-- review's pros and cons (C). array_to_string is only STABLE, so an IMMUTABLE wrapper with a fixed
-- configuration lets the vector be a stored generated column.
CREATE FUNCTION marketplace_search_vector(title text, tags text[], content text, extra text[])
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'B')
    || setweight(to_tsvector('english'::regconfig,
         coalesce(content, '') || ' ' || coalesce(array_to_string(extra, ' '), '')), 'C')
$$;
--> statement-breakpoint
ALTER TABLE "marketplace_items" ADD COLUMN "search" tsvector
  GENERATED ALWAYS AS (marketplace_search_vector("title", "tags", "content", "pros" || "cons")) STORED;
--> statement-breakpoint
-- Rare words only: common ones are found walking the newest or best index (marketplace.repository.ts).
CREATE INDEX "marketplace_items_search_idx" ON "marketplace_items" USING gin ("search")
  WHERE "status" = 'visible';
--> statement-breakpoint
-- The Wilson lower bound of src/shared/domain/wilson-score.ts (95 %), so that a vote moves the
-- counts and the score in one UPDATE; a test holds the two to the same values.
CREATE FUNCTION marketplace_wilson(up integer, total integer)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN total <= 0 THEN 0::float8 ELSE greatest(0::float8,
    (share + z2 / (2 * n) - z * sqrt((share * (1 - share) + z2 / (4 * n)) / n)) / (1 + z2 / n)) END
  FROM (SELECT total::float8 AS n, least(greatest(up, 0), total)::float8 / nullif(total, 0) AS share,
    1.959963984540054::float8 AS z, 3.8414588206941254::float8 AS z2) k
$$;
