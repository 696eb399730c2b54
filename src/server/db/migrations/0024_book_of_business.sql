CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"line_of_business" text NOT NULL,
	"policy_number" text NOT NULL,
	"policy_number_key" text NOT NULL,
	"insured_name" text NOT NULL,
	"producer_user_id" uuid,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"application_id" uuid,
	"quote_id" uuid,
	"effective_date" date NOT NULL,
	"expiration_date" date NOT NULL,
	"written_premium_cents" bigint NOT NULL,
	"cancellation_date" date,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"term_number" integer NOT NULL,
	"effective_date" date NOT NULL,
	"expiration_date" date NOT NULL,
	"written_premium_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"effective_date" date NOT NULL,
	"premium_change_cents" bigint NOT NULL,
	"description" text,
	"details" jsonb,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"premium_cents" bigint,
	"term_months" integer,
	"effective_date" date,
	"quote_number" text,
	"expires_at" date,
	"coverages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decline_reason" text,
	"document_id" uuid,
	"policy_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_terms" ADD CONSTRAINT "policy_terms_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_terms" ADD CONSTRAINT "policy_terms_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_transactions" ADD CONSTRAINT "policy_transactions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_transactions" ADD CONSTRAINT "policy_transactions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_transactions" ADD CONSTRAINT "policy_transactions_term_id_policy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."policy_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policies_number_idx" ON "policies" USING btree ("agency_id","carrier_id","policy_number_key");--> statement-breakpoint
CREATE INDEX "policies_agency_created_idx" ON "policies" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "policies_agency_expiration_idx" ON "policies" USING btree ("agency_id","expiration_date","id");--> statement-breakpoint
CREATE INDEX "policies_agency_status_idx" ON "policies" USING btree ("agency_id","status","expiration_date");--> statement-breakpoint
CREATE INDEX "policies_agency_client_idx" ON "policies" USING btree ("agency_id","client_id");--> statement-breakpoint
CREATE INDEX "policies_agency_key_idx" ON "policies" USING btree ("agency_id","policy_number_key");--> statement-breakpoint
CREATE INDEX "policies_agency_insured_idx" ON "policies" USING btree ("agency_id",lower("insured_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "policy_terms_number_idx" ON "policy_terms" USING btree ("policy_id","term_number");--> statement-breakpoint
CREATE INDEX "policy_transactions_term_idx" ON "policy_transactions" USING btree ("agency_id","policy_id","term_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_application_idx" ON "quotes" USING btree ("agency_id","application_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_carrier_idx" ON "quotes" USING btree ("agency_id","carrier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_idx" ON "quotes" USING btree ("application_id","carrier_id","quote_number");--> statement-breakpoint
-- The policy ledger is append-only: a correction is a new transaction, never an edit.
CREATE OR REPLACE FUNCTION policy_transactions_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'policy_transactions is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER policy_transactions_no_change BEFORE UPDATE OR DELETE ON policy_transactions
  FOR EACH ROW EXECUTE FUNCTION policy_transactions_append_only();
--> statement-breakpoint
CREATE TRIGGER policy_transactions_no_truncate BEFORE TRUNCATE ON policy_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION policy_transactions_append_only();
