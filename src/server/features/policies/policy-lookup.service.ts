import type { Executor } from '#server/db/connect.ts'
import { utcToday } from '#server/platform/calendar.ts'
import * as repository from './policies.repository.ts'

/** How other features find the agency's policies without reading the policies' tables. */

export { selectPolicyNumbers } from './policy-lookup.repository.ts'

/** At most this many policies answer a search: a person picks one from a short list. */
export const CARRIER_POLICY_SEARCH_LIMIT = 20

export interface CarrierPolicyMatch {
  policyId: string
  policyNumber: string
  insuredName: string
}

/**
 * The agency's policies with one carrier whose number starts with `q` (as the policies list reads
 * a number: without case or spaces) or whose insured's name holds it; an empty `q` lists the
 * carrier's policies. The latest expiring first, at most 20.
 */
export async function searchCarrierPolicies(
  executor: Executor,
  agencyId: string,
  carrierId: string,
  q: string,
): Promise<CarrierPolicyMatch[]> {
  const rows = await repository.findPolicies(
    executor,
    agencyId,
    { q: q.trim() || undefined, carrierId, today: utcToday() },
    { sort: 'expiration', descending: true, limit: CARRIER_POLICY_SEARCH_LIMIT },
  )
  return rows.map((row) => ({
    policyId: row.id,
    policyNumber: row.policyNumber,
    insuredName: row.insuredName,
  }))
}
