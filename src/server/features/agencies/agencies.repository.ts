import { and, asc, eq, gt, lte, ne } from 'drizzle-orm'
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

/** Sets the plan columns every feature reads; billing decides them (its subscription state). */
export async function setAgencyPlan(
  executor: Executor,
  agencyId: string,
  plan: {
    planCode: string
    billingPeriod: string | null
    subscriptionStatus: string
    subscriptionEndsAt: Date | null
    trialEndsAt: Date | null
  },
): Promise<void> {
  await executor
    .update(agencies)
    .set({ ...plan, updatedAt: new Date() })
    .where(eq(agencies.id, agencyId))
}

/** The agency's plan, how it is billed and the subscription's status: one read for every feature. */
export async function findAgencyPlan(executor: Executor, agencyId: string) {
  const [row] = await executor
    .select({
      name: agencies.name,
      isDemo: agencies.isDemo,
      planCode: agencies.planCode,
      billingPeriod: agencies.billingPeriod,
      subscriptionStatus: agencies.subscriptionStatus,
      subscriptionEndsAt: agencies.subscriptionEndsAt,
      trialEndsAt: agencies.trialEndsAt,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
  return row
}

/** The agency row, locked for the rest of the transaction. */
export async function lockAgencyRow(executor: Executor, agencyId: string): Promise<Agency | undefined> {
  const [agency] = await executor.select().from(agencies).where(eq(agencies.id, agencyId)).for('update')
  return agency
}

export async function findAgency(executor: Executor, agencyId: string): Promise<Agency | undefined> {
  const [agency] = await executor.select().from(agencies).where(eq(agencies.id, agencyId))
  return agency
}

/** The demo agencies' ids (the seed makes one). */
export async function listDemoAgencyIds(executor: Executor): Promise<string[]> {
  const rows = await executor.select({ id: agencies.id }).from(agencies).where(eq(agencies.isDemo, true))
  return rows.map((row) => row.id)
}

export async function setRequireTwoFactor(executor: Executor, agencyId: string, required: boolean) {
  await executor
    .update(agencies)
    .set({ requireTwoFactor: required, updatedAt: new Date() })
    .where(eq(agencies.id, agencyId))
}

/** Agencies on a paid plan whose period has ended (oldest first): billing renews or ends them. */
export async function findAgenciesWithPeriodEnded(executor: Executor, now: Date, limit: number) {
  const rows = await executor
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(ne(agencies.planCode, 'free'), lte(agencies.subscriptionEndsAt, now)))
    .orderBy(asc(agencies.subscriptionEndsAt))
    .limit(limit)
  return rows.map((row) => row.id)
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
