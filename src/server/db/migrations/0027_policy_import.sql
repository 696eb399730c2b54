-- The book import (issue #30) keeps its records beside the client import's: a kind on each record,
-- and one running import per agency and kind. Insureds without an email are found by name and ZIP.
DROP INDEX "client_imports_one_running_key";--> statement-breakpoint
ALTER TABLE "client_imports" ADD COLUMN "kind" text DEFAULT 'clients' NOT NULL;--> statement-breakpoint
CREATE INDEX "clients_agency_name_zip_idx" ON "clients" USING btree ("agency_id",lower("last_name"),lower("first_name"),"zip_code");--> statement-breakpoint
CREATE UNIQUE INDEX "client_imports_one_running_key" ON "client_imports" USING btree ("agency_id","kind") WHERE "client_imports"."status" = 'running';