import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { billingInvoices, stripeWebhookEvents, subscriptionEvents } from './billing-records.table.ts'

export type InvoiceRow = typeof billingInvoices.$inferSelect
export type NewInvoice = typeof billingInvoices.$inferInsert

export async function insertSubscriptionEvents(
  executor: Executor,
  rows: (typeof subscriptionEvents.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await executor.insert(subscriptionEvents).values(rows)
}

export function listSubscriptionEvents(executor: Executor, agencyId: string) {
  return executor
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.agencyId, agencyId))
    .orderBy(subscriptionEvents.occurredAt)
}

export async function insertInvoice(executor: Executor, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await executor.insert(billingInvoices).values(values).returning()
  return row!
}

/**
 * Records a provider's invoice, or brings a known one up to date. A paid invoice stays paid: a
 * failure reported after the payment (events arrive in any order) does not undo it.
 */
export async function upsertProviderInvoice(executor: Executor, values: NewInvoice): Promise<void> {
  const { agencyId: _agency, externalId: _external, ...changes } = values
  await executor
    .insert(billingInvoices)
    .values(values)
    .onConflictDoUpdate({
      target: [billingInvoices.agencyId, billingInvoices.externalId],
      set: {
        ...changes,
        status: sql`case when ${billingInvoices.status} = 'paid' then 'paid' else excluded.status end`,
        paidAt: sql`coalesce(${billingInvoices.paidAt}, excluded.paid_at)`,
      },
    })
}

export async function countInvoices(executor: Executor, agencyId: string): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(billingInvoices)
    .where(eq(billingInvoices.agencyId, agencyId))
  return row?.total ?? 0
}

/** The agency's invoices, newest first; a page of 100 is more than years of monthly billing. */
export function listInvoices(executor: Executor, agencyId: string) {
  return executor
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.agencyId, agencyId))
    .orderBy(desc(billingInvoices.createdAt), desc(billingInvoices.id))
    .limit(100)
}

export async function findInvoice(
  executor: Executor,
  agencyId: string,
  id: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await executor
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.agencyId, agencyId), eq(billingInvoices.id, id)))
  return row
}

/** Records a Stripe event as applied; false when it already was (a redelivery). */
export async function recordStripeEvent(
  executor: Executor,
  values: { agencyId: string; eventId: string; type: string },
): Promise<boolean> {
  const rows = await executor
    .insert(stripeWebhookEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ eventId: stripeWebhookEvents.eventId })
  return rows.length > 0
}
