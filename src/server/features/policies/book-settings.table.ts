import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { updatedAt } from '#server/db/columns.ts'
import { DEFAULT_REINSTATEMENT_WINDOW_DAYS } from '#shared/domain/policy-ledger.ts'
import { DEFAULT_RENEWAL_SETTINGS as RENEWALS } from '#shared/domain/renewal-pipeline.ts'
import { agencies } from '../agencies/agencies.table.ts'

/**
 * How an agency runs its book, one row per agency, written when an admin first changes a default.
 * Renewals (horizon, milestones, threshold, the agency's time zone) and commissions (tolerance)
 * add their columns here, each with its default, so an agency without a row reads the defaults.
 */
export const agencyBookSettings = pgTable(
  'agency_book_settings',
  {
    agencyId: uuid('agency_id')
      .primaryKey()
      .references(() => agencies.id),
    reinstatementWindowDays: integer('reinstatement_window_days')
      .notNull()
      .default(DEFAULT_REINSTATEMENT_WINDOW_DAYS),
    renewalHorizonDays: integer('renewal_horizon_days').notNull().default(RENEWALS.horizonDays),
    /** Days before expiration each renewal milestone falls due. */
    renewalReviewDays: integer('renewal_review_days').notNull().default(RENEWALS.milestoneDays.review),
    renewalRemarketDecisionDays: integer('renewal_remarket_decision_days')
      .notNull()
      .default(RENEWALS.milestoneDays.remarket_decision),
    renewalQuotesComparedDays: integer('renewal_quotes_compared_days')
      .notNull()
      .default(RENEWALS.milestoneDays.quotes_compared),
    renewalClientContactedDays: integer('renewal_client_contacted_days')
      .notNull()
      .default(RENEWALS.milestoneDays.client_contacted),
    renewalAtRiskPercent: integer('renewal_at_risk_percent').notNull().default(RENEWALS.atRiskPercent),
    renewalAtRiskCents: integer('renewal_at_risk_cents')
      .notNull()
      .default(RENEWALS.atRiskDollars * 100),
    /** IANA name: the agency's midnight is when milestones fall due and turn overdue. */
    timeZone: text('time_zone').notNull().default(RENEWALS.timeZone),
    updatedByUserId: uuid('updated_by_user_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'agency_book_settings_reinstatement_window_check',
      sql`${t.reinstatementWindowDays} between 1 and 365`,
    ),
    check('agency_book_settings_renewal_horizon_check', sql`${t.renewalHorizonDays} between 1 and 365`),
    // The milestones in order inside the horizon, as the settings' schema asks.
    check(
      'agency_book_settings_renewal_milestones_check',
      sql`${t.renewalHorizonDays} >= ${t.renewalReviewDays} and ${t.renewalReviewDays} > ${t.renewalRemarketDecisionDays} and ${t.renewalRemarketDecisionDays} > ${t.renewalQuotesComparedDays} and ${t.renewalQuotesComparedDays} > ${t.renewalClientContactedDays} and ${t.renewalClientContactedDays} >= 1`,
    ),
    check(
      'agency_book_settings_renewal_at_risk_check',
      sql`${t.renewalAtRiskPercent} between 0 and 1000 and ${t.renewalAtRiskCents} between 0 and 100000000`,
    ),
  ],
)
