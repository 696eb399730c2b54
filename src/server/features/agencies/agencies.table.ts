import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'

/** The tenant. Every tenant-owned row carries its id. */
export const agencies = pgTable('agencies', {
  id: id(),
  name: text('name').notNull(),
  planCode: text('plan_code').notNull().default('free'),
  subscriptionStatus: text('subscription_status').notNull().default('active'),
  billingPeriod: text('billing_period'),
  subscriptionEndsAt: timestamptz('subscription_ends_at'),
  trialEndsAt: timestamptz('trial_ends_at'),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** The agency a tenant-owned row belongs to (`agency_id`, required, a foreign key). */
export const agencyRef = () =>
  uuid('agency_id')
    .notNull()
    .references(() => agencies.id)
