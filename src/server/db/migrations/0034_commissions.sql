CREATE TABLE "commission_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"carrier_id" uuid,
	"line_of_business" text,
	"effective_from" date NOT NULL,
	"new_business_bp" integer,
	"renewal_bp" integer,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_bp_check" CHECK ("commission_rates"."new_business_bp" between 0 and 10000 and "commission_rates"."renewal_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "policy_commission_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"new_business_bp" integer,
	"renewal_bp" integer,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_commission_rates_bp_check" CHECK ("policy_commission_rates"."new_business_bp" between 0 and 10000 and "policy_commission_rates"."renewal_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "expected_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"line_of_business" text NOT NULL,
	"transaction_kind" text NOT NULL,
	"effective_date" date NOT NULL,
	"term_effective_date" date NOT NULL,
	"premium_change_cents" bigint NOT NULL,
	"rate_kind" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"rate_source" text NOT NULL,
	"rate_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producer_split_shares" (
	"agency_id" uuid NOT NULL,
	"split_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"share_bp" integer NOT NULL,
	CONSTRAINT "producer_split_shares_bp_check" CHECK ("producer_split_shares"."share_bp" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "producer_splits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_commission_rates" ADD CONSTRAINT "policy_commission_rates_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_commission_rates" ADD CONSTRAINT "policy_commission_rates_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_commissions" ADD CONSTRAINT "expected_commissions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_commissions" ADD CONSTRAINT "expected_commissions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_commissions" ADD CONSTRAINT "expected_commissions_transaction_id_policy_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."policy_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_commissions" ADD CONSTRAINT "expected_commissions_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producer_split_shares" ADD CONSTRAINT "producer_split_shares_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producer_split_shares" ADD CONSTRAINT "producer_split_shares_split_id_producer_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."producer_splits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producer_split_shares" ADD CONSTRAINT "producer_split_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producer_splits" ADD CONSTRAINT "producer_splits_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "producer_splits" ADD CONSTRAINT "producer_splits_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_rates_key_idx" ON "commission_rates" USING btree ("agency_id","carrier_id","line_of_business","effective_from","created_at");--> statement-breakpoint
CREATE INDEX "commission_rates_history_idx" ON "commission_rates" USING btree ("agency_id","effective_from","created_at");--> statement-breakpoint
CREATE INDEX "policy_commission_rates_policy_idx" ON "policy_commission_rates" USING btree ("agency_id","policy_id","effective_from","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "expected_commissions_transaction_idx" ON "expected_commissions" USING btree ("agency_id","transaction_id");--> statement-breakpoint
CREATE INDEX "expected_commissions_policy_idx" ON "expected_commissions" USING btree ("agency_id","policy_id","effective_date");--> statement-breakpoint
CREATE INDEX "expected_commissions_carrier_idx" ON "expected_commissions" USING btree ("agency_id","carrier_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "producer_split_shares_position_idx" ON "producer_split_shares" USING btree ("agency_id","split_id","position");--> statement-breakpoint
CREATE INDEX "producer_split_shares_user_idx" ON "producer_split_shares" USING btree ("agency_id","user_id");--> statement-breakpoint
CREATE INDEX "producer_splits_policy_idx" ON "producer_splits" USING btree ("agency_id","policy_id","effective_from","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "producer_splits_default_idx" ON "producer_splits" USING btree ("agency_id","policy_id") WHERE source = 'default';