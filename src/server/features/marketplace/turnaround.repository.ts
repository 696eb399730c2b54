import { inArray, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { marketplaceCarrierTurnaround } from './marketplace.table.ts'

/** The marketplace's copy of the carriers' turnaround, replaced whole: a carrier left out loses its figure. */
export async function replaceCarrierTurnaround(
  executor: Executor,
  measured: (typeof marketplaceCarrierTurnaround.$inferInsert)[],
): Promise<void> {
  await executor.delete(marketplaceCarrierTurnaround).where(sql`true`)
  if (measured.length > 0) await executor.insert(marketplaceCarrierTurnaround).values(measured)
}

/** The measured median days of these carriers (those without a figure are absent). */
export function findTurnaroundOf(executor: Executor, carrierIds: string[]) {
  return executor
    .select({
      carrierId: marketplaceCarrierTurnaround.carrierId,
      medianDays: marketplaceCarrierTurnaround.medianDays,
    })
    .from(marketplaceCarrierTurnaround)
    .where(inArray(marketplaceCarrierTurnaround.carrierId, carrierIds))
}
