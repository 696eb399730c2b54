CREATE TABLE "application_carriers" (
	"agency_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_carriers_application_id_carrier_id_pk" PRIMARY KEY("application_id","carrier_id")
);
--> statement-breakpoint
ALTER TABLE "application_carriers" ADD CONSTRAINT "application_carriers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_carriers" ADD CONSTRAINT "application_carriers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_carriers" ADD CONSTRAINT "application_carriers_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_carriers_agency_carrier_idx" ON "application_carriers" USING btree ("agency_id","carrier_id","application_id");--> statement-breakpoint
-- The carriers each existing application already went to, from carrier delivery's records.
INSERT INTO "application_carriers" ("agency_id", "application_id", "carrier_id", "created_at")
SELECT s."agency_id", s."record_id", s."carrier_id", min(s."created_at")
FROM "carrier_submissions" s
JOIN "applications" a ON a."id" = s."record_id" AND a."agency_id" = s."agency_id"
WHERE s."record_type" = 'application'
GROUP BY s."agency_id", s."record_id", s."carrier_id"
ON CONFLICT DO NOTHING;
