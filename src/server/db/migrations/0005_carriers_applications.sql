CREATE TABLE "application_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"confirmation_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_carrier_settings" (
	"agency_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"is_active" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_carrier_settings_agency_id_carrier_id_pk" PRIMARY KEY("agency_id","carrier_id")
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"supported_types" text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"avg_premium_cents" integer,
	"coverage_rating" integer,
	"consumer_confidence_score" real,
	"financial_strength" text,
	"submission_method" text DEFAULT 'api' NOT NULL,
	"primary_state" text,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"contact_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "applications_agency_created_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "created_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "submission_type" text DEFAULT 'specific_carriers' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "carrier_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "secondary_carrier_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "carrier_filters" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "application_data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "application_status_changes" ADD CONSTRAINT "application_status_changes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status_changes" ADD CONSTRAINT "application_status_changes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_submissions" ADD CONSTRAINT "application_submissions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_submissions" ADD CONSTRAINT "application_submissions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_submissions" ADD CONSTRAINT "application_submissions_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_carrier_settings" ADD CONSTRAINT "agency_carrier_settings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_carrier_settings" ADD CONSTRAINT "agency_carrier_settings_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_status_changes_app_idx" ON "application_status_changes" USING btree ("agency_id","application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_submissions_key" ON "application_submissions" USING btree ("agency_id","application_id","carrier_id");--> statement-breakpoint
CREATE INDEX "application_submissions_carrier_idx" ON "application_submissions" USING btree ("agency_id","carrier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_catalogue_code_key" ON "carriers" USING btree ("code") WHERE "carriers"."agency_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_agency_code_key" ON "carriers" USING btree ("agency_id","code") WHERE "carriers"."agency_id" is not null;--> statement-breakpoint
CREATE INDEX "carriers_agency_name_idx" ON "carriers" USING btree ("agency_id","name");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_secondary_carrier_id_carriers_id_fk" FOREIGN KEY ("secondary_carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_agency_status_idx" ON "applications" USING btree ("agency_id","status","created_at");--> statement-breakpoint
CREATE INDEX "applications_agency_created_idx" ON "applications" USING btree ("agency_id","created_at","id");