CREATE TABLE "renewal_calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "renewal_digests" (
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"renewal_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renewal_digests_agency_id_user_id_day_pk" PRIMARY KEY("agency_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "renewal_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"renewal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_renewals" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD COLUMN "renewal_horizon_days" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD COLUMN "renewal_review_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD COLUMN "renewal_remarket_decision_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD COLUMN "renewal_quotes_compared_days" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD COLUMN "renewal_client_contacted_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD COLUMN "renewal_at_risk_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD COLUMN "renewal_at_risk_cents" integer DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "renewal_calendar_feeds" ADD CONSTRAINT "renewal_calendar_feeds_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_calendar_feeds" ADD CONSTRAINT "renewal_calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_digests" ADD CONSTRAINT "renewal_digests_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_digests" ADD CONSTRAINT "renewal_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_renewal_id_renewals_id_fk" FOREIGN KEY ("renewal_id") REFERENCES "public"."renewals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_calendar_feeds_token_idx" ON "renewal_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_calendar_feeds_active_idx" ON "renewal_calendar_feeds" USING btree ("agency_id","user_id") WHERE "renewal_calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "renewal_calendar_feeds_user_idx" ON "renewal_calendar_feeds" USING btree ("agency_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_reminders_key" ON "renewal_reminders" USING btree ("agency_id","renewal_id","user_id","due_date","kind");--> statement-breakpoint
CREATE INDEX "renewal_reminders_user_idx" ON "renewal_reminders" USING btree ("agency_id","user_id","created_at");--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD CONSTRAINT "agency_book_settings_renewal_horizon_check" CHECK ("agency_book_settings"."renewal_horizon_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD CONSTRAINT "agency_book_settings_renewal_milestones_check" CHECK ("agency_book_settings"."renewal_horizon_days" >= "agency_book_settings"."renewal_review_days" and "agency_book_settings"."renewal_review_days" > "agency_book_settings"."renewal_remarket_decision_days" and "agency_book_settings"."renewal_remarket_decision_days" > "agency_book_settings"."renewal_quotes_compared_days" and "agency_book_settings"."renewal_quotes_compared_days" > "agency_book_settings"."renewal_client_contacted_days" and "agency_book_settings"."renewal_client_contacted_days" >= 1);--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD CONSTRAINT "agency_book_settings_renewal_at_risk_check" CHECK ("agency_book_settings"."renewal_at_risk_percent" between 0 and 1000 and "agency_book_settings"."renewal_at_risk_cents" between 0 and 100000000);