CREATE TABLE "commission_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"carrier_id" uuid NOT NULL,
	"line_id" uuid,
	"expected_commission_id" uuid,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"note" text,
	"resolved_by_user_id" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_mappings" (
	"agency_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_mappings_agency_id_carrier_id_pk" PRIMARY KEY("agency_id","carrier_id")
);
--> statement-breakpoint
CREATE TABLE "commission_settings" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"tolerance_cents" integer NOT NULL,
	"tolerance_percent" real NOT NULL,
	"never_paid_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"policy_number" text,
	"insured_name" text,
	"transaction_type" text,
	"effective_date" date,
	"premium_cents" bigint,
	"rate_bp" integer,
	"commission_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"policy_id" uuid,
	"expected_commission_id" uuid,
	"match_reason" text,
	"exception_kind" text,
	"received_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"import_id" uuid,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"line_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"stated_total_cents" bigint,
	"ties_out" boolean,
	"imported_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commission_exceptions" ADD CONSTRAINT "commission_exceptions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_exceptions" ADD CONSTRAINT "commission_exceptions_line_id_commission_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."commission_statement_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_mappings" ADD CONSTRAINT "commission_mappings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statement_lines" ADD CONSTRAINT "commission_statement_lines_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statement_lines" ADD CONSTRAINT "commission_statement_lines_statement_id_commission_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."commission_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_statements" ADD CONSTRAINT "commission_statements_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_exceptions_line_idx" ON "commission_exceptions" USING btree ("agency_id","line_id") WHERE "commission_exceptions"."line_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_exceptions_never_paid_idx" ON "commission_exceptions" USING btree ("agency_id","expected_commission_id") WHERE "commission_exceptions"."kind" = 'never_paid';--> statement-breakpoint
CREATE INDEX "commission_exceptions_queue_idx" ON "commission_exceptions" USING btree ("agency_id","status","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_statement_lines_row_idx" ON "commission_statement_lines" USING btree ("agency_id","statement_id","row_number");--> statement-breakpoint
CREATE INDEX "commission_statement_lines_policy_idx" ON "commission_statement_lines" USING btree ("agency_id","policy_id") WHERE "commission_statement_lines"."policy_id" is not null;--> statement-breakpoint
CREATE INDEX "commission_statement_lines_expected_idx" ON "commission_statement_lines" USING btree ("agency_id","expected_commission_id") WHERE "commission_statement_lines"."expected_commission_id" is not null;--> statement-breakpoint
CREATE INDEX "commission_statement_lines_received_idx" ON "commission_statement_lines" USING btree ("agency_id","received_on");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_statements_file_idx" ON "commission_statements" USING btree ("agency_id","carrier_id","file_sha256");--> statement-breakpoint
CREATE INDEX "commission_statements_agency_idx" ON "commission_statements" USING btree ("agency_id","created_at");