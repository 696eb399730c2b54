-- Carrier delivery becomes its own feature (issue #10): application_submissions becomes
-- carrier_submissions, whose rows name any record (an application today, an appointment next)
-- and carry the packet their owner built when queuing them. Renamed in place, so history,
-- attempts and webhook events keep their rows.
ALTER TABLE "application_submissions" RENAME TO "carrier_submissions";--> statement-breakpoint
ALTER TABLE "carrier_submissions" RENAME COLUMN "application_id" TO "record_id";--> statement-breakpoint
ALTER TABLE "carrier_submissions" DROP CONSTRAINT "application_submissions_application_id_applications_id_fk";--> statement-breakpoint
ALTER TABLE "carrier_submissions" RENAME CONSTRAINT "application_submissions_pkey" TO "carrier_submissions_pkey";--> statement-breakpoint
ALTER TABLE "carrier_submissions" RENAME CONSTRAINT "application_submissions_agency_id_agencies_id_fk" TO "carrier_submissions_agency_id_agencies_id_fk";--> statement-breakpoint
ALTER TABLE "carrier_submissions" RENAME CONSTRAINT "application_submissions_carrier_id_carriers_id_fk" TO "carrier_submissions_carrier_id_carriers_id_fk";--> statement-breakpoint
ALTER TABLE "carrier_submissions" ADD COLUMN "record_type" text DEFAULT 'application' NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_submissions" ALTER COLUMN "record_type" DROP DEFAULT;--> statement-breakpoint
-- Packets are built by their owner when queued. Rows queued before this release have none: the
-- deliverer fails such a row with a message asking the agent to retry, which builds it afresh.
ALTER TABLE "carrier_submissions" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "carrier_submissions" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "carrier_submissions" ADD COLUMN "body" jsonb;--> statement-breakpoint
DROP INDEX "application_submissions_key";--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_submissions_key" ON "carrier_submissions" USING btree ("agency_id","record_type","record_id","carrier_id");--> statement-breakpoint
ALTER INDEX "application_submissions_carrier_idx" RENAME TO "carrier_submissions_carrier_idx";--> statement-breakpoint
ALTER TABLE "submission_status_changes" RENAME CONSTRAINT "submission_status_changes_submission_id_application_submissions_id_fk" TO "submission_status_changes_submission_id_carrier_submissions_id_fk";--> statement-breakpoint
ALTER TABLE "carrier_webhook_events" RENAME CONSTRAINT "carrier_webhook_events_submission_id_application_submissions_id_fk" TO "carrier_webhook_events_submission_id_carrier_submissions_id_fk";--> statement-breakpoint
ALTER TABLE "submission_attempts" RENAME CONSTRAINT "submission_attempts_submission_id_application_submissions_id_fk" TO "submission_attempts_submission_id_carrier_submissions_id_fk";--> statement-breakpoint
-- Document bytes move to file storage; start-up moves older rows' bytes (moveDocumentsToStorage).
ALTER TABLE "documents" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "singleton_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("singleton_key") WHERE "jobs"."status" = 'queued';
