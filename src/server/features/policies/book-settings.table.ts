import { sql } from 'drizzle-orm'
import { check, integer, pgTable, uuid } from 'drizzle-orm/pg-core'
import { updatedAt } from '#server/db/columns.ts'
import { DEFAULT_REINSTATEMENT_WINDOW_DAYS } from '#shared/domain/policy-ledger.ts'
import { agencies } from '../agencies/agencies.table.ts'

/**
 * How an agency runs its book, one row per agency, written when an admin first changes a default.
 * Renewals (horizon, milestones, threshold) and commissions (tolerance) add their columns here,
 * each with its default, so an agency without a row reads the defaults.
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
    updatedByUserId: uuid('updated_by_user_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'agency_book_settings_reinstatement_window_check',
      sql`${t.reinstatementWindowDays} between 1 and 365`,
    ),
  ],
)
