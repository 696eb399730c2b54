CREATE TABLE "client_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_kind" text,
	"bytes" bigint,
	"status" text DEFAULT 'running' NOT NULL,
	"total_rows" integer,
	"imported" integer,
	"duplicates" integer,
	"errors" integer,
	"last_row" integer,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "client_imports" ADD CONSTRAINT "client_imports_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_imports_agency_started_idx" ON "client_imports" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "client_imports_one_running_key" ON "client_imports" USING btree ("agency_id") WHERE "client_imports"."status" = 'running';--> statement-breakpoint
CREATE INDEX "client_imports_running_idx" ON "client_imports" USING btree ("heartbeat_at") WHERE "client_imports"."status" = 'running';