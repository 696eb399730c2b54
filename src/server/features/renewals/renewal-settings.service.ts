import type { Executor } from '#server/db/connect.ts'
import { type RenewalSettings, todayIn } from '#shared/domain/renewal-pipeline.ts'
import { findRenewalSettings } from '../policies/book-settings.service.ts'

export { MAX_HORIZON_DAYS } from '#shared/domain/renewal-pipeline.ts'

/**
 * Each agency's renewal settings, kept with its book settings (Settings › Book): horizon,
 * milestones, at-risk threshold and time zone, the defaults (120 days, 90/60/45/30, +10% or
 * +$500, America/New_York) where it changed none.
 */
export function renewalSettingsFor(
  executor: Executor,
  agencyIds: string[],
): Promise<Map<string, RenewalSettings>> {
  return findRenewalSettings(executor, agencyIds)
}

/** The agency's calendar date now: its milestones fall due and turn overdue at its own midnight. */
export async function agencyToday(executor: Executor, agencyId: string, now = new Date()): Promise<string> {
  const settings = (await renewalSettingsFor(executor, [agencyId])).get(agencyId)!
  return todayIn(settings.timeZone, now)
}
