CREATE TABLE "renewal_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"renewal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_stage" text,
	"to_stage" text,
	"details" jsonb,
	"by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "renewal_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "renewals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"line_of_business" text NOT NULL,
	"stage" text NOT NULL,
	"assignee_id" uuid,
	"expiration_date" date NOT NULL,
	"expiring_premium_cents" bigint NOT NULL,
	"due_date" date,
	"offer_premium_cents" bigint,
	"offer_term_months" integer,
	"offer_effective_date" date,
	"offer_changes" text,
	"offer_received_at" timestamp with time zone,
	"change_percent" real,
	"at_risk" boolean DEFAULT false NOT NULL,
	"lost_reason" text,
	"remarket_application_id" uuid,
	"renewed_policy_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "renewal_events" ADD CONSTRAINT "renewal_events_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_events" ADD CONSTRAINT "renewal_events_renewal_id_renewals_id_fk" FOREIGN KEY ("renewal_id") REFERENCES "public"."renewals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_term_id_policy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."policy_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_events_renewal_idx" ON "renewal_events" USING btree ("agency_id","renewal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "renewals_term_idx" ON "renewals" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "renewals_agency_open_idx" ON "renewals" USING btree ("agency_id","at_risk","due_date","id") WHERE "renewals"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "renewals_agency_stage_idx" ON "renewals" USING btree ("agency_id","stage","due_date");--> statement-breakpoint
CREATE INDEX "renewals_agency_assignee_idx" ON "renewals" USING btree ("agency_id","assignee_id","due_date");--> statement-breakpoint
CREATE INDEX "renewals_policy_idx" ON "renewals" USING btree ("agency_id","policy_id");--> statement-breakpoint
CREATE INDEX "renewals_agency_carrier_idx" ON "renewals" USING btree ("agency_id","carrier_id","due_date");--> statement-breakpoint
CREATE INDEX "policies_status_expiration_idx" ON "policies" USING btree ("status","expiration_date","id");