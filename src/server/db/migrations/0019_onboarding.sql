CREATE TABLE "onboarding_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"agent_code" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"department" text,
	"start_date" date DEFAULT current_date NOT NULL,
	"supervisor" text,
	"workflow_id" uuid NOT NULL,
	"user_id" uuid,
	"joined_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_step_completions" (
	"agency_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"step_id" text NOT NULL,
	"completed_by" uuid,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_step_completions_agency_id_agent_id_step_id_pk" PRIMARY KEY("agency_id","agent_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "onboarding_versions" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onboarding_workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"steps" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"license_number" text NOT NULL,
	"state" text NOT NULL,
	"license_type" text NOT NULL,
	"lines_of_authority" text[] DEFAULT '{}'::text[] NOT NULL,
	"issue_date" date,
	"expiration_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"document_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_licenses_status_check" CHECK ("agent_licenses"."status" in ('active', 'expired', 'suspended', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "license_reminders" (
	"agency_id" uuid NOT NULL,
	"license_id" uuid NOT NULL,
	"expiration_date" date NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_reminders_agency_id_license_id_expiration_date_threshold_pk" PRIMARY KEY("agency_id","license_id","expiration_date","threshold"),
	CONSTRAINT "license_reminders_threshold_check" CHECK ("license_reminders"."threshold" in (90, 30, 0))
);
--> statement-breakpoint
CREATE TABLE "onboarding_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"document_name" text NOT NULL,
	"document_url" text,
	"file_document_id" uuid,
	"file_name" text,
	"file_size" integer,
	"expiration_date" date,
	"is_required" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"review_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_documents_status_check" CHECK ("onboarding_documents"."status" in ('pending', 'approved', 'rejected', 'needs_revision')),
	CONSTRAINT "onboarding_documents_type_check" CHECK ("onboarding_documents"."document_type" in ('license', 'w9', 'eo_insurance', 'background_check', 'voided_check', 'resume', 'references', 'contract', 'compliance_training', 'product_training', 'photo_id', 'social_security', 'other'))
);
--> statement-breakpoint
CREATE TABLE "training_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"trainer_id" text,
	"title" text NOT NULL,
	"description" text,
	"training_type" text NOT NULL,
	"scheduled_date" timestamp with time zone NOT NULL,
	"duration" integer DEFAULT 60 NOT NULL,
	"location" text,
	"meeting_link" text,
	"attendance_required" boolean DEFAULT true NOT NULL,
	"attendance_confirmed" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_sessions_status_check" CHECK ("training_sessions"."status" in ('scheduled', 'in_progress', 'completed', 'cancelled', 'no_show')),
	CONSTRAINT "training_sessions_type_check" CHECK ("training_sessions"."training_type" in ('onboarding', 'continuing_education', 'product_training', 'compliance', 'sales_training', 'technology_training', 'customer_service', 'leadership_development')),
	CONSTRAINT "training_sessions_duration_check" CHECK ("training_sessions"."duration" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "onboarding_agents" ADD CONSTRAINT "onboarding_agents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_agents" ADD CONSTRAINT "onboarding_agents_workflow_id_onboarding_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."onboarding_workflows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_agents" ADD CONSTRAINT "onboarding_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_invitations" ADD CONSTRAINT "onboarding_invitations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_invitations" ADD CONSTRAINT "onboarding_invitations_agent_id_onboarding_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."onboarding_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_step_completions" ADD CONSTRAINT "onboarding_step_completions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_step_completions" ADD CONSTRAINT "onboarding_step_completions_agent_id_onboarding_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."onboarding_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_versions" ADD CONSTRAINT "onboarding_versions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_workflows" ADD CONSTRAINT "onboarding_workflows_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_licenses" ADD CONSTRAINT "agent_licenses_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_licenses" ADD CONSTRAINT "agent_licenses_agent_id_onboarding_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."onboarding_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_reminders" ADD CONSTRAINT "license_reminders_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_reminders" ADD CONSTRAINT "license_reminders_license_id_agent_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."agent_licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_documents" ADD CONSTRAINT "onboarding_documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_documents" ADD CONSTRAINT "onboarding_documents_agent_id_onboarding_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."onboarding_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_sessions" ADD CONSTRAINT "training_sessions_agent_id_onboarding_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."onboarding_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_agents_code_key" ON "onboarding_agents" USING btree ("agency_id",lower("agent_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_agents_email_key" ON "onboarding_agents" USING btree ("agency_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_agents_user_key" ON "onboarding_agents" USING btree ("agency_id","user_id") WHERE "onboarding_agents"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "onboarding_invitations_agent_idx" ON "onboarding_invitations" USING btree ("agency_id","agent_id");--> statement-breakpoint
CREATE INDEX "onboarding_workflows_agency_idx" ON "onboarding_workflows" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_licenses_agent_idx" ON "agent_licenses" USING btree ("agency_id","agent_id");--> statement-breakpoint
CREATE INDEX "agent_licenses_expiry_idx" ON "agent_licenses" USING btree ("agency_id","status","expiration_date");--> statement-breakpoint
CREATE INDEX "onboarding_documents_agent_idx" ON "onboarding_documents" USING btree ("agency_id","agent_id");--> statement-breakpoint
CREATE INDEX "training_sessions_agent_idx" ON "training_sessions" USING btree ("agency_id","agent_id","scheduled_date");