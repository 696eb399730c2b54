import { asc, eq, gt } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { agencies } from './agencies.table.ts'

export type Agency = typeof agencies.$inferSelect

export async function createAgency(
  executor: Executor,
  input: { name: string; isDemo?: boolean },
): Promise<Agency> {
  const [agency] = await executor
    .insert(agencies)
    .values({ name: input.name, isDemo: input.isDemo ?? false })
    .returning()
  return agency!
}

export async function activatePlan(
  executor: Executor,
  agencyId: string,
  plan: { planCode: string; billingPeriod: string; endsAt: Date },
): Promise<void> {
  await executor
    .update(agencies)
    .set({
      planCode: plan.planCode,
      billingPeriod: plan.billingPeriod,
      subscriptionStatus: 'active',
      subscriptionEndsAt: plan.endsAt,
      updatedAt: new Date(),
    })
    .where(eq(agencies.id, agencyId))
}

/** The agency's plan, how it is billed and the subscription's status: one read for every feature. */
export async function findAgencyPlan(executor: Executor, agencyId: string) {
  const [row] = await executor
    .select({
      planCode: agencies.planCode,
      billingPeriod: agencies.billingPeriod,
      subscriptionStatus: agencies.subscriptionStatus,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
  return row
}

/** Locks the agency row for the rest of the transaction (serialises quota checks). */
export async function lockAgency(executor: Executor, agencyId: string): Promise<Agency> {
  const [agency] = await executor.select().from(agencies).where(eq(agencies.id, agencyId)).for('update')
  if (!agency) throw new Error(`Agency ${agencyId} not found`)
  return agency
}

export async function findAgencyName(executor: Executor, agencyId: string): Promise<string | undefined> {
  const [row] = await executor.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId))
  return row?.name
}

/** Agency ids in id order after `after`, a page at a time: for jobs that visit every agency. */
export async function listAgencyIdsAfter(executor: Executor, after: string | null, limit: number) {
  const rows = await executor
    .select({ id: agencies.id })
    .from(agencies)
    .where(after ? gt(agencies.id, after) : undefined)
    .orderBy(asc(agencies.id))
    .limit(limit)
  return rows.map((row) => row.id)
}
