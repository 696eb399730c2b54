CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"npn" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"state_licenses" text[] NOT NULL,
	"lines_of_authority" text[] NOT NULL,
	"eo_insurance_carrier" text NOT NULL,
	"eo_insurance_amount" integer NOT NULL,
	"eo_expiration_date" date NOT NULL,
	"felony_conviction" boolean NOT NULL,
	"disciplinary_action" boolean NOT NULL,
	"background_details" text DEFAULT '' NOT NULL,
	"w9_signed" boolean NOT NULL,
	"eo_document_signed" boolean NOT NULL,
	"voided_check_submitted" boolean NOT NULL,
	"agency_affiliation" text DEFAULT '' NOT NULL,
	"agency_code" text DEFAULT '' NOT NULL,
	"e_signature" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"request_ip_address" text,
	"request_user_agent" text,
	"geo_location" text DEFAULT '' NOT NULL,
	"terms_accepted" boolean NOT NULL,
	"terms_version" text NOT NULL,
	"privacy_policy_accepted" boolean NOT NULL,
	"consent_to_electronic_signature" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "direct_deposits" (
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_name" text NOT NULL,
	"account_type" text NOT NULL,
	"routing_number_encrypted" text NOT NULL,
	"routing_number_last4" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_deposits_agency_id_user_id_pk" PRIMARY KEY("agency_id","user_id"),
	CONSTRAINT "direct_deposits_account_type_check" CHECK ("direct_deposits"."account_type" in ('checking', 'savings'))
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "uploaded_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_deposits" ADD CONSTRAINT "direct_deposits_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_deposits" ADD CONSTRAINT "direct_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_agency_user_idx" ON "appointments" USING btree ("agency_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_uploader_idx" ON "documents" USING btree ("agency_id","uploaded_by_user_id","document_type","created_at");