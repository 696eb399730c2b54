CREATE TABLE "billing_accounts" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'test' NOT NULL,
	"current_period_start" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"pending_plan_code" text,
	"pending_billing_period" text,
	"past_due_since" timestamp with time zone,
	"billing_user_id" uuid,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"stripe_subscription_status" text,
	"stripe_schedule_id" text,
	"stripe_state_at" integer,
	"change_started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_provider_check" CHECK ("billing_accounts"."provider" in ('test', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"number" text NOT NULL,
	"description" text NOT NULL,
	"plan_code" text,
	"billing_period" text,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"hosted_url" text,
	"pdf_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "billing_invoices_status_check" CHECK ("billing_invoices"."status" in ('paid', 'open', 'failed', 'void', 'uncollectible'))
);
--> statement-breakpoint
CREATE TABLE "stripe_webhook_events" (
	"agency_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_webhook_events_agency_id_event_id_pk" PRIMARY KEY("agency_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"from_plan_code" text NOT NULL,
	"to_plan_code" text NOT NULL,
	"billing_period" text,
	"amount_cents" integer NOT NULL,
	"charged_cents" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"actor_user_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_events_type_check" CHECK ("subscription_events"."event_type" in ('started', 'upgraded', 'downgraded', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "kind" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "from_plan_code" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "from_billing_period" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_billing_user_id_users_id_fk" FOREIGN KEY ("billing_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_webhook_events" ADD CONSTRAINT "stripe_webhook_events_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_accounts_stripe_customer_idx" ON "billing_accounts" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE INDEX "billing_invoices_agency_idx" ON "billing_invoices" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_external_key" ON "billing_invoices" USING btree ("agency_id","external_id");--> statement-breakpoint
CREATE INDEX "subscription_events_agency_idx" ON "subscription_events" USING btree ("agency_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_idempotency_key" ON "checkout_sessions" USING btree ("agency_id","idempotency_key");--> statement-breakpoint
-- hand-written
COMMENT ON TABLE "subscription_events" IS 'Changes of agencies'' subscriptions for the owner dashboard: one row per started, upgraded, downgraded or cancelled.';
--> statement-breakpoint
COMMENT ON COLUMN "subscription_events"."event_type" IS 'started (Free to paid), upgraded (at once), downgraded (asked for; takes effect at effective_at), cancelled (asked for, or ended by the provider; Free from effective_at)';
--> statement-breakpoint
COMMENT ON COLUMN "subscription_events"."amount_cents" IS 'Recurring price in cents of the plan the event concerns: to_plan_code for started, upgraded and downgraded; the plan given up for cancelled';
--> statement-breakpoint
COMMENT ON COLUMN "subscription_events"."charged_cents" IS 'Charged at the event itself (a first payment, a prorated upgrade); 0 when nothing was charged then';
--> statement-breakpoint
COMMENT ON COLUMN "subscription_events"."actor_user_id" IS 'Who asked; null when the payment provider reported the change (its portal, a lapse)';
--> statement-breakpoint
COMMENT ON COLUMN "subscription_events"."occurred_at" IS 'When the change was asked for or reported';
--> statement-breakpoint
COMMENT ON COLUMN "subscription_events"."effective_at" IS 'When the plan changes (the period''s end for downgrades and cancellations)';
