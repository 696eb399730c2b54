import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '#server/db/columns.ts'
import type { ProducerRole, RateKind, RateSource } from '#shared/domain/commission-math.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import type { TransactionKind } from '#shared/domain/policy-ledger.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

const cents = (name: string) => bigint(name, { mode: 'number' })

/**
 * What each policy transaction should earn (decision 029): one row per transaction (the unique
 * transaction id is what makes the writing job idempotent), with the rate it used and where that
 * came from. A cancellation's amount is negative: its expected chargeback. Written only where a
 * rate applies. The transaction's facts are copied here (carrier, line, dates, premium) because a
 * carrier statement's line is matched to this row, and "never paid" is read from it.
 */
export const expectedCommissions = pgTable(
  'expected_commissions',
  {
    id: id(),
    agencyId: agencyRef(),
    policyId: uuid('policy_id').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    termId: uuid('term_id').notNull(),
    carrierId: uuid('carrier_id').notNull(),
    lineOfBusiness: text('line_of_business').$type<InsuranceType>().notNull(),
    transactionKind: text('transaction_kind').$type<TransactionKind>().notNull(),
    /** The transaction's date: a statement line is matched near it, and unpaid is counted from it. */
    effectiveDate: date('effective_date').notNull(),
    /** The term's first day: the day its rate was read on. */
    termEffectiveDate: date('term_effective_date').notNull(),
    premiumChangeCents: cents('premium_change_cents').notNull(),
    rateKind: text('rate_kind').$type<RateKind>().notNull(),
    rateBp: integer('rate_bp').notNull(),
    rateSource: text('rate_source').$type<RateSource>().notNull(),
    /** The schedule's or the policy override's row the rate came from. */
    rateId: uuid('rate_id').notNull(),
    /** Signed cents, rounded half-up once. */
    amountCents: cents('amount_cents').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('expected_commissions_transaction_idx').on(t.agencyId, t.transactionId),
    index('expected_commissions_policy_idx').on(t.agencyId, t.policyId, t.effectiveDate),
    // A statement from one carrier is matched against that carrier's expected rows by date.
    index('expected_commissions_carrier_idx').on(t.agencyId, t.carrierId, t.effectiveDate),
  ],
)

/**
 * Who shares a policy's commission from a day on: transactions dated on or after it are split
 * this way, earlier ones keep the split before. The default split (the policy's producer, 100%
 * writing) is written once, with the policy's first expected commission.
 */
export const producerSplits = pgTable(
  'producer_splits',
  {
    id: id(),
    agencyId: agencyRef(),
    policyId: uuid('policy_id').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    source: text('source').$type<'default' | 'set'>().notNull(),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('producer_splits_policy_idx').on(t.agencyId, t.policyId, t.effectiveFrom, t.createdAt),
    // One default a policy, however many jobs race to write it.
    uniqueIndex('producer_splits_default_idx').on(t.agencyId, t.policyId).where(sql`source = 'default'`),
  ],
)

/** One producer's share of a split, in basis points; a split's shares add up to 10,000. */
export const producerSplitShares = pgTable(
  'producer_split_shares',
  {
    agencyId: agencyRef(),
    splitId: uuid('split_id')
      .notNull()
      .references(() => producerSplits.id),
    /** The order the producers were given in: it breaks ties when a leftover cent is handed out. */
    position: integer('position').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role').$type<ProducerRole>().notNull(),
    shareBp: integer('share_bp').notNull(),
  },
  (t) => [
    uniqueIndex('producer_split_shares_position_idx').on(t.agencyId, t.splitId, t.position),
    index('producer_split_shares_user_idx').on(t.agencyId, t.userId),
    check('producer_split_shares_bp_check', sql`${t.shareBp} between 1 and 10000`),
  ],
)
