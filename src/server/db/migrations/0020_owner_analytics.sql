CREATE TABLE "page_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"path" text NOT NULL,
	"device" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_views_device_check" CHECK ("page_views"."device" in ('mobile', 'desktop'))
);
--> statement-breakpoint
CREATE TABLE "user_activity" (
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_active_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_activity_agency_id_user_id_pk" PRIMARY KEY("agency_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "owner_carrier_submissions" (
	"carrier_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"submissions" integer NOT NULL,
	"delivered" integer NOT NULL,
	"failed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_rollup_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"applications" bigint NOT NULL,
	"carrier_submissions" bigint NOT NULL,
	"activity" jsonb NOT NULL,
	"counted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_user_applications" (
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"applications" integer NOT NULL,
	CONSTRAINT "owner_user_applications_agency_id_user_id_pk" PRIMARY KEY("agency_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_views_agency_viewed_idx" ON "page_views" USING btree ("agency_id","viewed_at");--> statement-breakpoint
CREATE INDEX "page_views_user_idx" ON "page_views" USING btree ("agency_id","user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "owner_user_applications_top_idx" ON "owner_user_applications" USING btree ("applications","user_id");--> statement-breakpoint
CREATE INDEX "subscription_events_occurred_idx" ON "subscription_events" USING btree ("occurred_at","id");