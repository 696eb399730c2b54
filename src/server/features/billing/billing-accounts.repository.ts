import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { billingAccounts } from './billing.table.ts'

export type BillingAccountRow = typeof billingAccounts.$inferSelect
type AccountValues = Partial<Omit<typeof billingAccounts.$inferInsert, 'agencyId'>>

export async function findBillingAccount(
  executor: Executor,
  agencyId: string,
): Promise<BillingAccountRow | undefined> {
  const [row] = await executor.select().from(billingAccounts).where(eq(billingAccounts.agencyId, agencyId))
  return row
}

export async function saveBillingAccount(executor: Executor, agencyId: string, values: AccountValues) {
  await executor
    .insert(billingAccounts)
    .values({ agencyId, ...values })
    .onConflictDoUpdate({ target: billingAccounts.agencyId, set: { ...values, updatedAt: new Date() } })
}

/** The agency whose Stripe customer this is; undefined for a customer that is not ours. */
export async function findAgencyIdByStripeCustomer(
  executor: Executor,
  customerId: string,
): Promise<string | undefined> {
  const [row] = await executor
    .select({ agencyId: billingAccounts.agencyId })
    .from(billingAccounts)
    .where(eq(billingAccounts.stripeCustomerId, customerId))
    .limit(1)
  return row?.agencyId
}
