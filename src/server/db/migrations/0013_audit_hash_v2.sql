-- Audit hash version 2 (decisions 011 and 014). Every event written from now on keeps the hash of
-- its personal fields (details, IP address, user agent) in content_hash, and its content hash
-- covers that personal hash and every other field. The check binds every row inserted or updated
-- from this migration on; rows written before it (created before now, version 1) are exempt, so
-- that the start-up seal of rows older than the chain (0010) still passes. The cut-off is the
-- time this migration runs, written into the check.
DO $$
BEGIN
  EXECUTE format(
    'ALTER TABLE audit_events ADD CONSTRAINT audit_events_v2_hashed CHECK (content_hash IS NOT NULL OR created_at < %L::timestamptz) NOT VALID',
    now());
END;
$$;--> statement-breakpoint
-- Still append-only (0001, 0010, 0011). Two updates are allowed:
-- * sealing an old row (0010), unchanged;
-- * the retention tombstone, now only of a version 2 row (content_hash set when it was written,
--   and kept): details '{}', IP and user agent cleared, redacted_at set, every other column as it
--   was, once, and only for an event older than its agency's retention period (7 years for
--   platform events of no agency). Version 1 rows are never tombstoned.
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.hash IS NULL AND NEW.hash IS NOT NULL
       AND to_jsonb(NEW) - 'sequence' - 'prev_hash' - 'hash' = to_jsonb(OLD) - 'sequence' - 'prev_hash' - 'hash' THEN
      RETURN NEW;
    END IF;
    IF OLD.hash IS NOT NULL AND OLD.content_hash IS NOT NULL AND NEW.content_hash = OLD.content_hash
       AND OLD.redacted_at IS NULL AND NEW.redacted_at IS NOT NULL
       AND NEW.details = '{}'::jsonb AND NEW.ip_address IS NULL AND NEW.user_agent IS NULL
       AND to_jsonb(NEW) - 'details' - 'ip_address' - 'user_agent' - 'redacted_at'
         = to_jsonb(OLD) - 'details' - 'ip_address' - 'user_agent' - 'redacted_at'
       AND OLD.created_at < now() - make_interval(years => coalesce(
         (SELECT retention_years FROM agencies WHERE id = OLD.agency_id), 7)) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
