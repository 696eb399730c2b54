import type { Executor } from '#server/db/connect.ts'
import { type Agency, lockAgencyRow } from './agencies.repository.ts'

export type { Agency } from './agencies.repository.ts'
// The agency is the tenant every feature hangs off, and agencies import no other feature: the
// others read and set its row through these functions, never through its table.
export {
  activatePlan,
  createAgency,
  findAgenciesWithPeriodEnded,
  findAgency,
  findAgencyName,
  findAgencyPlan,
  listAgencyIdsAfter,
  listDemoAgencyIds,
  setAgencyPlan,
  setRequireTwoFactor,
} from './agencies.repository.ts'

/** Locks the agency row for the rest of the transaction (serialises quota checks). */
export async function lockAgency(executor: Executor, agencyId: string): Promise<Agency> {
  const agency = await lockAgencyRow(executor, agencyId)
  if (!agency) throw new Error(`Agency ${agencyId} not found`)
  return agency
}
