import type { Executor } from '#server/db/connect.ts'
import { DEFAULT_RENEWAL_SETTINGS, type RenewalSettings } from '#shared/domain/renewal-pipeline.ts'

/** The longest horizon an agency may set: the job reads terms expiring up to this far ahead. */
export const MAX_HORIZON_DAYS = 365

/**
 * Each agency's renewal settings. Until the agency's book settings carry them (issue #31's
 * Settings section), every agency has the defaults: 120 days, milestones at 90/60/45/30, at risk
 * from +10% or +$500.
 */
export async function renewalSettingsFor(
  _executor: Executor,
  agencyIds: string[],
): Promise<Map<string, RenewalSettings>> {
  return new Map(agencyIds.map((agencyId) => [agencyId, DEFAULT_RENEWAL_SETTINGS]))
}
