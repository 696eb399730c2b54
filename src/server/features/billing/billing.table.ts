import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz, updatedAt } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

/**
 * One plan checkout or plan change asked for by an agency admin. A new subscription is paid on the
 * provider's page (`kind` new); an upgrade of a paid plan is paid the prorated difference (`kind`
 * upgrade). `from_plan_code`/`from_billing_period` are the plan it started from: paying a checkout
 * whose agency has since moved to another plan is refused, so racing upgrades leave one plan.
 */
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
    url: text('url'),
    status: text('status').notNull().default('open'),
    kind: text('kind').notNull().default('new'),
    fromPlanCode: text('from_plan_code'),
    fromBillingPeriod: text('from_billing_period'),
    /** The caller's key: the same key again answers this checkout instead of starting another. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    index('checkout_sessions_agency_idx').on(t.agencyId, t.createdAt),
    uniqueIndex('checkout_sessions_idempotency_key').on(t.agencyId, t.idempotencyKey),
  ],
)

/** Applications counted against the plan's monthly quota, one row per agency and quota month. */
export const planUsage = pgTable(
  'plan_usage',
  {
    agencyId: agencyRef(),
    periodStart: date('period_start').notNull(),
    applicationsUsed: integer('applications_used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.periodStart] })],
)

/**
 * How an agency's subscription is billed, beside the plan columns of `agencies` that every
 * feature reads. No row (an agency that never checked out) reads as a test-mode account.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    agencyId: agencyRef().primaryKey(),
    /** 'test' (the built-in checkout) or 'stripe'. */
    provider: text('provider').notNull().default('test'),
    currentPeriodStart: timestamptz('current_period_start'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A downgrade waiting for the end of the period. */
    pendingPlanCode: text('pending_plan_code'),
    pendingBillingPeriod: text('pending_billing_period'),
    pastDueSince: timestamptz('past_due_since'),
    /** Who set up the subscription: told of failed payments and provider-side changes. */
    billingUserId: uuid('billing_user_id').references(() => users.id),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeSubscriptionStatus: text('stripe_subscription_status'),
    stripeScheduleId: text('stripe_schedule_id'),
    /** `created` (Unix seconds) of the newest Stripe event applied: older ones arriving late are ignored. */
    stripeStateAt: integer('stripe_state_at'),
    /** A plan change waiting on the provider: a second one meanwhile is refused. */
    changeStartedAt: timestamptz('change_started_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Webhooks find the agency by Stripe's customer id.
    index('billing_accounts_stripe_customer_idx').on(t.stripeCustomerId),
    check('billing_accounts_provider_check', sql`${t.provider} in ('test', 'stripe')`),
  ],
)
