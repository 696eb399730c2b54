import type { Executor } from '#server/db/connect.ts'
import { findTurnaroundOf } from './turnaround.repository.ts'

/**
 * These carriers' measured turnaround in days, to a tenth, as the marketplace shows it: the
 * median from submission to decision over every agency, for catalogue carriers with enough
 * decisions (turnaround.job.ts). A carrier without a figure is absent. One query for them all.
 */
export async function findCarrierTurnaround(
  executor: Executor,
  carrierIds: readonly string[],
): Promise<Map<string, number>> {
  const wanted = [...new Set(carrierIds)]
  if (wanted.length === 0) return new Map()
  const rows = await findTurnaroundOf(executor, wanted)
  return new Map(rows.map((row) => [row.carrierId, Math.round(row.medianDays * 10) / 10]))
}
