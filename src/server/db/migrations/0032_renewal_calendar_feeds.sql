CREATE TABLE "renewal_calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "renewal_calendar_feeds" ADD CONSTRAINT "renewal_calendar_feeds_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_calendar_feeds" ADD CONSTRAINT "renewal_calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_calendar_feeds_token_idx" ON "renewal_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_calendar_feeds_active_idx" ON "renewal_calendar_feeds" USING btree ("agency_id","user_id") WHERE "renewal_calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "renewal_calendar_feeds_user_idx" ON "renewal_calendar_feeds" USING btree ("agency_id","user_id","created_at");