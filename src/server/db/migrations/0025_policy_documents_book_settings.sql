CREATE TABLE "agency_book_settings" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"reinstatement_window_days" integer DEFAULT 30 NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_book_settings_reinstatement_window_check" CHECK ("agency_book_settings"."reinstatement_window_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "policy_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_book_settings" ADD CONSTRAINT "agency_book_settings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD CONSTRAINT "policy_documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD CONSTRAINT "policy_documents_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD CONSTRAINT "policy_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_documents_policy_idx" ON "policy_documents" USING btree ("agency_id","policy_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_documents_document_idx" ON "policy_documents" USING btree ("policy_id","document_id");--> statement-breakpoint
-- The quote letters of policies already bound: binding links them from now on (createPolicyInTx).
-- To the millisecond, as the page cursor carries a row's time.
INSERT INTO "policy_documents" ("agency_id", "policy_id", "document_id", "document_type", "uploaded_by_user_id", "created_at")
SELECT q."agency_id", q."policy_id", q."document_id", 'quote', d."uploaded_by_user_id",
  date_trunc('milliseconds', d."created_at")
FROM "quotes" q
JOIN "documents" d ON d."id" = q."document_id" AND d."agency_id" = q."agency_id"
WHERE q."policy_id" IS NOT NULL AND q."document_id" IS NOT NULL
ON CONFLICT DO NOTHING;
