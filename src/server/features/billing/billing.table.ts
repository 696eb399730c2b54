import { date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    agencyId: agencyRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planCode: text('plan_code').notNull(),
    billingPeriod: text('billing_period').notNull(),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider').notNull(),
    externalId: text('external_id'),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [index('checkout_sessions_agency_idx').on(t.agencyId, t.createdAt)],
)

/** Applications counted against the plan's monthly quota, one row per agency and calendar month. */
export const planUsage = pgTable(
  'plan_usage',
  {
    agencyId: agencyRef(),
    periodStart: date('period_start').notNull(),
    applicationsUsed: integer('applications_used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.periodStart] })],
)
