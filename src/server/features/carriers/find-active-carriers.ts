import type { Executor } from '#server/db/connect.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import * as repository from './carriers.repository.ts'

type Kept = { versions: repository.CarrierVersions; rows: readonly Readonly<repository.CarrierForScoring>[] }

/** Enough for a few agencies' states and types; each list is up to ~1,000 small rows. */
const KEPT_PER_DATABASE = 64
const keptBy = new WeakMap<Executor, Map<string, Kept>>()

/**
 * For recommendations: the active carriers visible to the agency that write the type in the
 * state, kept between calls (decision 024). Each call still asks the database, in one statement,
 * for the catalogue's and the agency's carrier versions, and gets the rows again only when one
 * of them moved; triggers move them in the same transaction as any change to the carriers or the
 * agency's switches, so the answer is what a fresh read gives, with any number of processes.
 * What it spares: sending, parsing and building 1,000 rows again for every profile scored.
 */
export async function findActiveCarriersFor(
  executor: Executor,
  agencyId: string,
  type: InsuranceType,
  state: string,
): Promise<readonly Readonly<repository.CarrierForScoring>[]> {
  let kept = keptBy.get(executor)
  if (!kept) {
    kept = new Map()
    keptBy.set(executor, kept)
  }
  const key = `${agencyId} ${type} ${state}`
  const before = kept.get(key)
  const read = await repository.findActiveCarriersFor(executor, agencyId, type, state, before?.versions)
  // No rows back means the versions were still those of `before`.
  const rows = read.rows ? Object.freeze(read.rows.map((row) => Object.freeze(row))) : before!.rows
  // Deleted and set again, so that the Map's order is least recently used first.
  kept.delete(key)
  kept.set(key, { versions: read.versions, rows })
  if (kept.size > KEPT_PER_DATABASE) kept.delete(kept.keys().next().value!)
  return rows
}
