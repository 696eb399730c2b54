import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamptz } from '#server/db/columns.ts'
import { agencyRef } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

/**
 * The agency's billing history: Stripe's invoices (with links to Stripe's PDF and page), and in
 * test mode our own receipts of the test checkout's payments and renewals.
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: id(),
    agencyId: agencyRef(),
    provider: text('provider').notNull(),
    /** Stripe's invoice id; null for a test receipt. */
    externalId: text('external_id'),
    number: text('number').notNull(),
    description: text('description').notNull(),
    planCode: text('plan_code'),
    billingPeriod: text('billing_period'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    periodStart: timestamptz('period_start'),
    periodEnd: timestamptz('period_end'),
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
    createdAt: createdAt(),
    paidAt: timestamptz('paid_at'),
  },
  (t) => [
    index('billing_invoices_agency_idx').on(t.agencyId, t.createdAt),
    uniqueIndex('billing_invoices_external_key').on(t.agencyId, t.externalId),
    check(
      'billing_invoices_status_check',
      sql`${t.status} in ('paid', 'open', 'failed', 'void', 'uncollectible')`,
    ),
  ],
)

/**
 * What happened to agencies' subscriptions, for the owner dashboard (spec part 3: recent events
 * with eventType, userName, toPlan, amount, timestamp). One row per change:
 *
 * - `event_type`: started (Free to a paid plan), upgraded (at once), downgraded (asked for; takes
 *   effect at `effective_at`, the period's end), cancelled (asked for, or ended by the provider;
 *   the agency is on Free from `effective_at`).
 * - `from_plan_code` / `to_plan_code` / `billing_period`: the plans before and after (to Free for
 *   a cancellation) and the period `to_plan_code` is billed by.
 * - `amount_cents`: the recurring price, in cents, of the plan the event concerns: `to_plan_code`
 *   for started, upgraded and downgraded; the plan given up for cancelled (the revenue lost).
 * - `charged_cents`: what was charged at the event itself (a prorated upgrade, a first payment);
 *   0 when nothing was charged then.
 * - `actor_user_id`: who asked; null when the provider reported it (Stripe's portal, a lapse).
 * - `occurred_at`: when it was asked for or reported; `effective_at`: when the plan changes.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: id(),
    agencyId: agencyRef(),
    eventType: text('event_type').notNull(),
    fromPlanCode: text('from_plan_code').notNull(),
    toPlanCode: text('to_plan_code').notNull(),
    billingPeriod: text('billing_period'),
    amountCents: integer('amount_cents').notNull(),
    chargedCents: integer('charged_cents').notNull().default(0),
    provider: text('provider').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id),
    occurredAt: timestamptz('occurred_at').defaultNow().notNull(),
    effectiveAt: timestamptz('effective_at').notNull(),
  },
  (t) => [
    index('subscription_events_agency_idx').on(t.agencyId, t.occurredAt),
    // The owner dashboard's latest events across agencies (a platform read, decision 021).
    index('subscription_events_occurred_idx').on(t.occurredAt, t.id),
    check(
      'subscription_events_type_check',
      sql`${t.eventType} in ('started', 'upgraded', 'downgraded', 'cancelled')`,
    ),
  ],
)

/** Stripe events already applied, by id: a redelivery is acknowledged and changes nothing. */
export const stripeWebhookEvents = pgTable(
  'stripe_webhook_events',
  {
    agencyId: agencyRef(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.eventId] })],
)
