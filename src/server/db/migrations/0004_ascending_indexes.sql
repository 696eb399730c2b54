DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "audit_events_agency_idx";--> statement-breakpoint
DROP INDEX "applications_agency_created_idx";--> statement-breakpoint
DROP INDEX "clients_agency_created_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("agency_id","user_id","delivered_at");--> statement-breakpoint
CREATE INDEX "audit_events_agency_idx" ON "audit_events" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_agency_created_idx" ON "applications" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "clients_agency_created_idx" ON "clients" USING btree ("agency_id","created_at","id");