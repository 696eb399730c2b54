import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'

/** The tenant. Every tenant-owned row carries its id. */
export const agencies = pgTable(
  'agencies',
  {
    id: id(),
    name: text('name').notNull(),
    planCode: text('plan_code').notNull().default('free'),
    subscriptionStatus: text('subscription_status').notNull().default('active'),
    billingPeriod: text('billing_period'),
    subscriptionEndsAt: timestamptz('subscription_ends_at'),
    trialEndsAt: timestamptz('trial_ends_at'),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Set by an agency admin: every user must sign in with two-factor (enrolling at next sign-in). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** How long personal data is kept before the retention job tombstones it (the FAQ's 7 years). */
    retentionYears: integer('retention_years').notNull().default(7),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('agencies_retention_years_check', sql`${t.retentionYears} between 1 and 100`)],
)

/** The agency a tenant-owned row belongs to (`agency_id`, required, a foreign key). */
export const agencyRef = () =>
  uuid('agency_id')
    .notNull()
    .references(() => agencies.id)
