-- Every change to the carriers an agency sees moves a version in the same transaction (decision
-- 024): an agency's own carriers and its switches move its version, catalogue carriers (agency_id
-- null) the catalogue's, and a truncate the catalogue's, which every agency's key includes. A
-- process that kept what it read asks for the versions in the statement that would read the rows
-- again. Scopes are taken in order, so two transactions bumping the same ones cannot deadlock here.
CREATE OR REPLACE FUNCTION bump_carrier_versions() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO carrier_versions (scope, version) VALUES ('catalogue', nextval('carrier_version_seq'))
      ON CONFLICT (scope) DO UPDATE SET version = excluded.version;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO carrier_versions (scope, version)
      SELECT scope, nextval('carrier_version_seq')
      FROM (SELECT DISTINCT coalesce(agency_id::text, 'catalogue') AS scope FROM new_rows ORDER BY 1) changed
      ON CONFLICT (scope) DO UPDATE SET version = excluded.version;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO carrier_versions (scope, version)
      SELECT scope, nextval('carrier_version_seq')
      FROM (SELECT DISTINCT coalesce(agency_id::text, 'catalogue') AS scope FROM old_rows ORDER BY 1) changed
      ON CONFLICT (scope) DO UPDATE SET version = excluded.version;
  ELSE
    INSERT INTO carrier_versions (scope, version)
      SELECT scope, nextval('carrier_version_seq')
      FROM (
        SELECT coalesce(agency_id::text, 'catalogue') AS scope FROM new_rows
        UNION
        SELECT coalesce(agency_id::text, 'catalogue') FROM old_rows
        ORDER BY 1
      ) changed
      ON CONFLICT (scope) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER carriers_version_insert AFTER INSERT ON carriers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_carrier_versions();
--> statement-breakpoint
CREATE TRIGGER carriers_version_update AFTER UPDATE ON carriers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_carrier_versions();
--> statement-breakpoint
CREATE TRIGGER carriers_version_delete AFTER DELETE ON carriers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_carrier_versions();
--> statement-breakpoint
CREATE TRIGGER carriers_version_truncate AFTER TRUNCATE ON carriers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_carrier_versions();
--> statement-breakpoint
CREATE TRIGGER agency_carrier_settings_version_insert AFTER INSERT ON agency_carrier_settings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_carrier_versions();
--> statement-breakpoint
CREATE TRIGGER agency_carrier_settings_version_update AFTER UPDATE ON agency_carrier_settings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_carrier_versions();
--> statement-breakpoint
CREATE TRIGGER agency_carrier_settings_version_delete AFTER DELETE ON agency_carrier_settings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_carrier_versions();
--> statement-breakpoint
CREATE TRIGGER agency_carrier_settings_version_truncate AFTER TRUNCATE ON agency_carrier_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_carrier_versions();
