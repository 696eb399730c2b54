import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import type { LostReason, RenewalStage } from '#shared/domain/renewal-pipeline.ts'
import { agencyRef } from '../agencies/agencies.table.ts'

const cents = (name: string) => bigint(name, { mode: 'number' })

/**
 * The renewal of one policy term: created once per expiring term (the unique term id is what
 * makes the daily job idempotent), worked through its stages, closed as renewed, lost or
 * non-renewed. The next milestone's date and the at-risk flag are stored, so the list sorts and
 * filters on them with an index; they are written again whenever the stage, the offer or the
 * agency's settings change. Policies, terms and users are linked by id only, as every feature links
 * another's records (decision 026): the owner's service reads them.
 */
export const renewals = pgTable(
  'renewals',
  {
    id: id(),
    agencyId: agencyRef(),
    policyId: uuid('policy_id').notNull(),
    /** The expiring term. */
    termId: uuid('term_id').notNull(),
    /** The policy's carrier and line, kept here for the list's filters (a policy keeps both). */
    carrierId: uuid('carrier_id').notNull(),
    lineOfBusiness: text('line_of_business').notNull(),
    stage: text('stage').$type<RenewalStage>().notNull(),
    assigneeId: uuid('assignee_id'),
    expirationDate: date('expiration_date').notNull(),
    expiringPremiumCents: cents('expiring_premium_cents').notNull(),
    /** The next milestone's date; null once closed. */
    dueDate: date('due_date'),
    offerPremiumCents: cents('offer_premium_cents'),
    offerTermMonths: integer('offer_term_months'),
    offerEffectiveDate: date('offer_effective_date'),
    offerChanges: text('offer_changes'),
    offerReceivedAt: timestamptz('offer_received_at'),
    changePercent: real('change_percent'),
    atRisk: boolean('at_risk').notNull().default(false),
    lostReason: text('lost_reason').$type<LostReason>(),
    /** The application remarketing made from the policy, whose quotes join the comparison. */
    remarketApplicationId: uuid('remarket_application_id'),
    /** The policy that carries the next term: this one, or a new carrier's. */
    renewedPolicyId: uuid('renewed_policy_id'),
    closedAt: timestamptz('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('renewals_term_idx').on(t.termId),
    // The list's order, exactly as it sorts (renewals.repository.ts): at risk first, then the next
    // milestone, closed ones (no date) last; a page is read off it instead of sorting the agency's all.
    index('renewals_list_order_idx').on(
      t.agencyId,
      sql`(case when ${t.atRisk} and ${t.closedAt} is null then 0 else 1 end)`,
      sql`coalesce(${t.dueDate}, '9999-12-31'::date)`,
      t.id,
    ),
    index('renewals_agency_stage_idx').on(t.agencyId, t.stage, t.dueDate),
    index('renewals_agency_assignee_idx').on(t.agencyId, t.assigneeId, t.dueDate),
    index('renewals_policy_idx').on(t.agencyId, t.policyId),
    index('renewals_agency_carrier_idx').on(t.agencyId, t.carrierId, t.dueDate),
    // The retention figures: an agency's closed renewals by the month their term expired.
    index('renewals_agency_closed_expiration_idx')
      .on(t.agencyId, t.expirationDate)
      .where(sql`${t.stage} in ('renewed', 'lost', 'non_renewed')`),
    // A remarketed application's first quote finds its renewal.
    index('renewals_remarket_idx')
      .on(t.agencyId, t.remarketApplicationId)
      .where(sql`${t.remarketApplicationId} is not null`),
  ],
)

/** A renewal's history: every move, assignment, offer, remarketing and outcome, in order. */
export const renewalEvents = pgTable(
  'renewal_events',
  {
    id: id(),
    agencyId: agencyRef(),
    renewalId: uuid('renewal_id')
      .notNull()
      .references(() => renewals.id),
    kind: text('kind')
      .$type<'entered' | 'stage' | 'assigned' | 'offer' | 'remarketed' | 'renewed'>()
      .notNull(),
    fromStage: text('from_stage').$type<RenewalStage>(),
    toStage: text('to_stage').$type<RenewalStage>(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** Null for the daily job and carriers' webhooks. */
    byUserId: uuid('by_user_id'),
    createdAt: createdAt(),
    /** The order of writing: a move and an assignment saved together share their time. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [index('renewal_events_renewal_idx').on(t.agencyId, t.renewalId, t.createdAt)],
)
