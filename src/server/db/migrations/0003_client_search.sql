-- Client search: a trigram GIN index over "first last email", led by agency_id (btree_gin) so
-- that one agency's rows are searched within the index, as every tenant index starts with it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX clients_search_idx ON clients USING gin (agency_id, search_text gin_trgm_ops);
--> statement-breakpoint
-- Import and the Add Client dialog deduplicate on email, case-insensitively, within an agency.
CREATE UNIQUE INDEX clients_agency_email_key ON clients (agency_id, lower(email)) WHERE email IS NOT NULL;
