import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id } from '#server/db/columns.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

/**
 * The agency's commission schedule, append-only: each row is a carrier and line's rates from a
 * day on (decision 029). Changing a rate adds a row, so a term keeps the rate in force on its
 * effective date; a row with both rates null ends the carrier and line's rate from its day. A null
 * carrier is the agency's default; a null line is every line.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    id: id(),
    agencyId: agencyRef(),
    carrierId: uuid('carrier_id'),
    lineOfBusiness: text('line_of_business').$type<InsuranceType>(),
    effectiveFrom: date('effective_from').notNull(),
    /** Basis points; both null on a row that ends the rate. */
    newBusinessBp: integer('new_business_bp'),
    renewalBp: integer('renewal_bp'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // The rate in force for a carrier and line on a day: the latest row on or before it.
    index('commission_rates_key_idx').on(
      t.agencyId,
      t.carrierId,
      t.lineOfBusiness,
      t.effectiveFrom,
      t.createdAt,
    ),
    index('commission_rates_history_idx').on(t.agencyId, t.effectiveFrom, t.createdAt),
    check(
      'commission_rates_bp_check',
      sql`${t.newBusinessBp} between 0 and 10000 and ${t.renewalBp} between 0 and 10000`,
    ),
  ],
)

/**
 * A policy's own rates, dated like the schedule: its terms that start on or after the day earn
 * them in place of the schedule's. A null rate leaves that kind to the schedule; both null clear
 * the override from the day.
 */
export const policyCommissionRates = pgTable(
  'policy_commission_rates',
  {
    id: id(),
    agencyId: agencyRef(),
    policyId: uuid('policy_id').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    newBusinessBp: integer('new_business_bp'),
    renewalBp: integer('renewal_bp'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('policy_commission_rates_policy_idx').on(t.agencyId, t.policyId, t.effectiveFrom, t.createdAt),
    check(
      'policy_commission_rates_bp_check',
      sql`${t.newBusinessBp} between 0 and 10000 and ${t.renewalBp} between 0 and 10000`,
    ),
  ],
)
