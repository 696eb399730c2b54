ALTER TABLE "commission_rates" DROP CONSTRAINT "commission_rates_carrier_id_carriers_id_fk";
--> statement-breakpoint
ALTER TABLE "policy_commission_rates" DROP CONSTRAINT "policy_commission_rates_policy_id_policies_id_fk";
--> statement-breakpoint
ALTER TABLE "expected_commissions" DROP CONSTRAINT "expected_commissions_policy_id_policies_id_fk";
--> statement-breakpoint
ALTER TABLE "expected_commissions" DROP CONSTRAINT "expected_commissions_transaction_id_policy_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "expected_commissions" DROP CONSTRAINT "expected_commissions_carrier_id_carriers_id_fk";
--> statement-breakpoint
ALTER TABLE "producer_split_shares" DROP CONSTRAINT "producer_split_shares_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "producer_splits" DROP CONSTRAINT "producer_splits_policy_id_policies_id_fk";
--> statement-breakpoint
ALTER TABLE "renewal_calendar_feeds" DROP CONSTRAINT "renewal_calendar_feeds_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "renewal_digests" DROP CONSTRAINT "renewal_digests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "renewal_reminders" DROP CONSTRAINT "renewal_reminders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "renewals" DROP CONSTRAINT "renewals_policy_id_policies_id_fk";
--> statement-breakpoint
ALTER TABLE "renewals" DROP CONSTRAINT "renewals_term_id_policy_terms_id_fk";
--> statement-breakpoint
ALTER TABLE "renewals" DROP CONSTRAINT "renewals_assignee_id_users_id_fk";
