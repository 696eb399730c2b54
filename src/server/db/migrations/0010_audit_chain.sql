-- Each agency's audit events form a hash chain (decision 011). Rows written before this migration
-- keep null chain columns until the start-up backfill seals them (sealLegacyAuditEvents); the
-- check is NOT VALID so that it binds every new row and every update, but not those old rows.
CREATE TABLE "audit_chain_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"sequence" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "sequence" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_agency_chain_idx" ON "audit_events" USING btree ("agency_id","sequence") WHERE agency_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_platform_chain_idx" ON "audit_events" USING btree ("sequence") WHERE agency_id IS NULL;--> statement-breakpoint
CREATE INDEX "audit_events_unsealed_idx" ON "audit_events" USING btree ("agency_id") WHERE hash IS NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_chained" CHECK (sequence IS NOT NULL AND prev_hash IS NOT NULL AND hash IS NOT NULL) NOT VALID;--> statement-breakpoint
-- Still append-only. The one update allowed seals an old row into its chain: it sets the three
-- chain columns of a row that had none and leaves every other column as it was. New rows are
-- sealed when written (the check above), so no row can be changed twice, or after it is sealed.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.hash IS NULL AND NEW.hash IS NOT NULL
       AND to_jsonb(NEW) - 'sequence' - 'prev_hash' - 'hash' = to_jsonb(OLD) - 'sequence' - 'prev_hash' - 'hash' THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
