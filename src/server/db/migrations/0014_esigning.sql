CREATE TABLE "esign_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid,
	"signer_id" uuid,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "esign_signatures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"signing_document_id" uuid,
	"signer_id" uuid,
	"user_id" uuid,
	"signature_type" text NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"signer_role" text NOT NULL,
	"image_document_id" uuid NOT NULL,
	"image_sha256" text NOT NULL,
	"consent_id" uuid NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"reported" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document_sha256_before" text,
	"sealed_document_id" uuid,
	"sealed_sha256" text,
	"certificate_fingerprint" text,
	"placement" jsonb,
	"signed_at" timestamp with time zone NOT NULL,
	"record_mac" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esign_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"signing_document_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"signing_order" integer NOT NULL,
	"token_hash" text,
	"token_sealed" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"provider_signature_id" text,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"signature_id" uuid
);
--> statement-breakpoint
CREATE TABLE "signing_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document_type" text,
	"source_kind" text NOT NULL,
	"source_sha256" text NOT NULL,
	"status" text DEFAULT 'pending_signature' NOT NULL,
	"provider" text,
	"provider_request_id" text,
	"custom_message" text DEFAULT '' NOT NULL,
	"security_level" text,
	"signed_document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "esign_consents" ADD CONSTRAINT "esign_consents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_signatures" ADD CONSTRAINT "esign_signatures_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_signatures" ADD CONSTRAINT "esign_signatures_signing_document_id_signing_documents_id_fk" FOREIGN KEY ("signing_document_id") REFERENCES "public"."signing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_signatures" ADD CONSTRAINT "esign_signatures_consent_id_esign_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."esign_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_signers" ADD CONSTRAINT "esign_signers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_signers" ADD CONSTRAINT "esign_signers_signing_document_id_signing_documents_id_fk" FOREIGN KEY ("signing_document_id") REFERENCES "public"."signing_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_documents" ADD CONSTRAINT "signing_documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esign_consents_user_idx" ON "esign_consents" USING btree ("agency_id","user_id","signer_email","version");--> statement-breakpoint
CREATE INDEX "esign_consents_signer_idx" ON "esign_consents" USING btree ("agency_id","signer_id");--> statement-breakpoint
CREATE INDEX "esign_signatures_agency_idx" ON "esign_signatures" USING btree ("agency_id","signed_at");--> statement-breakpoint
CREATE INDEX "esign_signatures_document_idx" ON "esign_signatures" USING btree ("agency_id","signing_document_id");--> statement-breakpoint
CREATE INDEX "esign_signatures_sealed_idx" ON "esign_signatures" USING btree ("sealed_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_signers_order_key" ON "esign_signers" USING btree ("agency_id","signing_document_id","signing_order");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_signers_token_key" ON "esign_signers" USING btree ("agency_id","token_hash");--> statement-breakpoint
CREATE INDEX "esign_signers_token_idx" ON "esign_signers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signing_documents_agency_idx" ON "signing_documents" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "signing_documents_provider_idx" ON "signing_documents" USING btree ("provider","provider_request_id");