import { and, desc, eq, lte, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { commissionRates, policyCommissionRates } from './commission-rates.table.ts'

export type CommissionRateRow = typeof commissionRates.$inferSelect
export type PolicyRateRow = typeof policyCommissionRates.$inferSelect

export async function insertRate(executor: Executor, values: typeof commissionRates.$inferInsert) {
  const [row] = await executor.insert(commissionRates).values(values).returning()
  return row!
}

export async function findRate(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(commissionRates)
    .where(and(eq(commissionRates.agencyId, agencyId), eq(commissionRates.id, id)))
  return row
}

/** The row in force for one carrier and line on a day (the latest on or before it), an ending row included. */
export async function findRateOn(
  executor: Executor,
  agencyId: string,
  key: { carrierId: string | null; lineOfBusiness: string | null },
  on: string,
) {
  const [row] = await executor
    .select()
    .from(commissionRates)
    .where(
      and(
        eq(commissionRates.agencyId, agencyId),
        sql`${commissionRates.carrierId} is not distinct from ${key.carrierId}::uuid`,
        sql`${commissionRates.lineOfBusiness} is not distinct from ${key.lineOfBusiness}::text`,
        lte(commissionRates.effectiveFrom, on),
      ),
    )
    .orderBy(desc(commissionRates.effectiveFrom), desc(commissionRates.createdAt))
    .limit(1)
  return row
}

/** Each carrier and line's row in force on a day, rows that ended their rate left out. */
export async function findRatesInForce(executor: Executor, agencyId: string, on: string) {
  const latest = await executor
    .selectDistinctOn([commissionRates.carrierId, commissionRates.lineOfBusiness])
    .from(commissionRates)
    .where(and(eq(commissionRates.agencyId, agencyId), lte(commissionRates.effectiveFrom, on)))
    .orderBy(
      commissionRates.carrierId,
      commissionRates.lineOfBusiness,
      desc(commissionRates.effectiveFrom),
      desc(commissionRates.createdAt),
    )
  return latest.filter((row) => row.newBusinessBp !== null)
}

/** The schedule's rows, newest effective date first, at most `limit`, and how many there are. */
export async function findRateHistory(executor: Executor, agencyId: string, limit: number) {
  const [rows, [count]] = await Promise.all([
    executor
      .select()
      .from(commissionRates)
      .where(eq(commissionRates.agencyId, agencyId))
      .orderBy(desc(commissionRates.effectiveFrom), desc(commissionRates.createdAt), desc(commissionRates.id))
      .limit(limit),
    executor
      .select({ total: sql<number>`count(*)::int` })
      .from(commissionRates)
      .where(eq(commissionRates.agencyId, agencyId)),
  ])
  return { rows, total: count?.total ?? 0 }
}

export async function insertPolicyRate(
  executor: Executor,
  values: typeof policyCommissionRates.$inferInsert,
) {
  const [row] = await executor.insert(policyCommissionRates).values(values).returning()
  return row!
}

/** A policy's overrides, newest effective date first. */
export function findPolicyRates(executor: Executor, agencyId: string, policyId: string) {
  return executor
    .select()
    .from(policyCommissionRates)
    .where(and(eq(policyCommissionRates.agencyId, agencyId), eq(policyCommissionRates.policyId, policyId)))
    .orderBy(desc(policyCommissionRates.effectiveFrom), desc(policyCommissionRates.createdAt))
}
