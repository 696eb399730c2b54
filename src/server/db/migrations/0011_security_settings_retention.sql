CREATE TABLE "known_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text DEFAULT 'password' NOT NULL,
	"pending_secret" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_challenges_kind_check" CHECK ("sign_in_challenges"."kind" in ('verify', 'enrol'))
);
--> statement-breakpoint
CREATE TABLE "agency_branding" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"organization_name" text,
	"custom_domain" text,
	"logo_key" text,
	"logo_mime_type" text,
	"logo_size" integer,
	"logo_sha256" text,
	"logo_updated_at" timestamp with time zone,
	"primary_color" text DEFAULT '#8B5CF6' NOT NULL,
	"accent_color" text DEFAULT '#EC4899' NOT NULL,
	"theme_style" text DEFAULT 'modern' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_branding_theme_check" CHECK ("agency_branding"."theme_style" in ('modern', 'professional', 'corporate')),
	CONSTRAINT "agency_branding_colors_check" CHECK ("agency_branding"."primary_color" ~ '^#[0-9A-Fa-f]{6}$' and "agency_branding"."accent_color" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "retention_years" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_application_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_marketing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_security" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_weekly" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_branding" ADD CONSTRAINT "agency_branding_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_branding" ADD CONSTRAINT "agency_branding_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "known_devices_user_device_key" ON "known_devices" USING btree ("user_id","device_hash");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_user_idx" ON "sign_in_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_retention_years_check" CHECK ("agencies"."retention_years" between 1 and 100);--> statement-breakpoint
-- Still append-only (0001, 0010). Besides sealing an old row, one more update is allowed: the
-- retention job's tombstone (decision 011). It clears an event's personal fields (details, IP,
-- user agent), keeps the content hash they had in content_hash so the chain still verifies, and
-- changes nothing else. Only a sealed event older than a year can be tombstoned, and only once.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.hash IS NULL AND NEW.hash IS NOT NULL
       AND to_jsonb(NEW) - 'sequence' - 'prev_hash' - 'hash' = to_jsonb(OLD) - 'sequence' - 'prev_hash' - 'hash' THEN
      RETURN NEW;
    END IF;
    IF OLD.hash IS NOT NULL AND OLD.redacted_at IS NULL AND OLD.content_hash IS NULL
       AND NEW.redacted_at IS NOT NULL AND NEW.content_hash ~ '^[0-9a-f]{64}$'
       AND OLD.created_at < now() - interval '1 year'
       AND NEW.details = '{}'::jsonb AND NEW.ip_address IS NULL AND NEW.user_agent IS NULL
       AND to_jsonb(NEW) - 'details' - 'ip_address' - 'user_agent' - 'content_hash' - 'redacted_at'
         = to_jsonb(OLD) - 'details' - 'ip_address' - 'user_agent' - 'content_hash' - 'redacted_at' THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
