import { and, asc, desc, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { ProducerRole } from '#shared/domain/commission-math.ts'
import { producerSplitShares, producerSplits } from './expected-commissions.table.ts'

export interface SplitShareRow {
  userId: string
  role: ProducerRole
  shareBp: number
}

export interface SplitRow {
  id: string
  effectiveFrom: string
  source: 'default' | 'set'
  createdByUserId: string | null
  createdAt: Date
  shares: SplitShareRow[]
}

/** A policy's splits with their shares in producer order, newest effective date first. */
export async function findPolicySplits(executor: Executor, agencyId: string, policyId: string) {
  const rows = await executor
    .select({
      id: producerSplits.id,
      effectiveFrom: producerSplits.effectiveFrom,
      source: producerSplits.source,
      createdByUserId: producerSplits.createdByUserId,
      createdAt: producerSplits.createdAt,
      userId: producerSplitShares.userId,
      role: producerSplitShares.role,
      shareBp: producerSplitShares.shareBp,
    })
    .from(producerSplits)
    .innerJoin(producerSplitShares, eq(producerSplitShares.splitId, producerSplits.id))
    .where(and(eq(producerSplits.agencyId, agencyId), eq(producerSplits.policyId, policyId)))
    .orderBy(
      desc(producerSplits.effectiveFrom),
      desc(producerSplits.createdAt),
      desc(producerSplits.id),
      asc(producerSplitShares.position),
    )
  const splits = new Map<string, SplitRow>()
  for (const { userId, role, shareBp, ...split } of rows) {
    const entry = splits.get(split.id) ?? { ...split, shares: [] }
    entry.shares.push({ userId, role, shareBp })
    splits.set(split.id, entry)
  }
  return [...splits.values()]
}

/** A split and its shares, in the order given. */
export async function insertSplit(
  executor: Executor,
  values: { agencyId: string; policyId: string; effectiveFrom: string; createdByUserId: string },
  shares: SplitShareRow[],
) {
  const [split] = await executor
    .insert(producerSplits)
    .values({ ...values, source: 'set' })
    .returning()
  await executor.insert(producerSplitShares).values(
    shares.map((share, position) => ({
      agencyId: values.agencyId,
      splitId: split!.id,
      position,
      ...share,
    })),
  )
  return split!
}
