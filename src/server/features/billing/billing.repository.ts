import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { checkoutSessions, planUsage } from './billing.table.ts'

export type CheckoutRow = typeof checkoutSessions.$inferSelect
export type CheckoutStatus = 'open' | 'paid' | 'cancelled' | 'failed'

export async function insertCheckout(
  executor: Executor,
  values: typeof checkoutSessions.$inferInsert,
): Promise<CheckoutRow> {
  const [row] = await executor.insert(checkoutSessions).values(values).returning()
  return row!
}

export async function updateCheckout(
  executor: Executor,
  agencyId: string,
  id: string,
  values: Partial<Pick<CheckoutRow, 'externalId' | 'url' | 'amountCents'>>,
): Promise<void> {
  await executor
    .update(checkoutSessions)
    .set(values)
    .where(and(eq(checkoutSessions.agencyId, agencyId), eq(checkoutSessions.id, id)))
}

/** The agency's checkout; `forUpdate` locks the row so that two clicks on Pay cannot both activate it. */
export async function findCheckout(
  executor: Executor,
  agencyId: string,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<CheckoutRow | undefined> {
  const query = executor
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.agencyId, agencyId), eq(checkoutSessions.id, id)))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

export async function findCheckoutByKey(
  executor: Executor,
  agencyId: string,
  idempotencyKey: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await executor
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.agencyId, agencyId), eq(checkoutSessions.idempotencyKey, idempotencyKey)))
  return row
}

/** A change that failed gives its idempotency key back: the caller's retry tries again. */
export async function releaseIdempotencyKey(executor: Executor, agencyId: string, id: string): Promise<void> {
  await executor
    .update(checkoutSessions)
    .set({ idempotencyKey: null })
    .where(and(eq(checkoutSessions.agencyId, agencyId), eq(checkoutSessions.id, id)))
}

export async function closeCheckout(
  executor: Executor,
  agencyId: string,
  id: string,
  status: Exclude<CheckoutStatus, 'open'>,
): Promise<void> {
  await executor
    .update(checkoutSessions)
    .set({ status, completedAt: new Date() })
    .where(and(eq(checkoutSessions.agencyId, agencyId), eq(checkoutSessions.id, id)))
}

export async function getApplicationsUsed(
  executor: Executor,
  agencyId: string,
  periodStart: string,
): Promise<number> {
  const [row] = await executor
    .select({ used: planUsage.applicationsUsed })
    .from(planUsage)
    .where(and(eq(planUsage.agencyId, agencyId), eq(planUsage.periodStart, periodStart)))
  return row?.used ?? 0
}

export async function incrementApplicationsUsed(executor: Executor, agencyId: string, periodStart: string) {
  await executor
    .insert(planUsage)
    .values({ agencyId, periodStart, applicationsUsed: 1 })
    .onConflictDoUpdate({
      target: [planUsage.agencyId, planUsage.periodStart],
      set: { applicationsUsed: sql`${planUsage.applicationsUsed} + 1` },
    })
}
