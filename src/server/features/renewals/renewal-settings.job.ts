import type { Db } from '#server/db/connect.ts'
import type { JobHandler } from '#server/platform/jobs.ts'
import { isAtRisk, milestoneDate, nextMilestone, premiumChange } from '#shared/domain/renewal-pipeline.ts'
import * as repository from './open-renewals.repository.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'

/** Renewals worked out and written a transaction at a time: none holds its locks for long. */
const BATCH = 1000

/**
 * After an agency changed its milestones or at-risk threshold: each open renewal's next milestone
 * date and at-risk flag worked out again from its stage, expiration and offer, and written where
 * they changed. Answers how many changed. Running it twice changes nothing the second time.
 */
export async function applyRenewalSettings(db: Db, agencyId: string): Promise<number> {
  const settings = (await renewalSettingsFor(db, [agencyId])).get(agencyId)!
  let after: string | null = null
  let changed = 0
  for (;;) {
    const { count, last } = await db.transaction(async (tx) => {
      const rows = await repository.lockOpenRenewals(tx, agencyId, after, BATCH)
      const updates = rows.flatMap((row) => {
        const milestone = nextMilestone(row.stage)
        const dueDate = milestone
          ? milestoneDate(row.expirationDate, milestone, settings.milestoneDays)
          : null
        const atRisk =
          row.offerPremiumCents !== null &&
          isAtRisk(premiumChange(row.expiringPremiumCents, row.offerPremiumCents), settings)
        return dueDate === row.dueDate && atRisk === row.atRisk ? [] : [{ id: row.id, dueDate, atRisk }]
      })
      await repository.updateDueDatesAndRisk(tx, agencyId, updates)
      return { count: updates.length, last: rows.length === BATCH ? rows.at(-1)!.id : null }
    })
    changed += count
    if (!last) return changed
    after = last
  }
}

/** Handles policies' announcement that an agency's renewal settings changed. */
export function createRenewalSettingsChangedHandler(
  db: Db,
  log: { info(obj: object, msg: string): void },
): JobHandler {
  return async (job) => {
    if (!job.agencyId) return
    const changed = await applyRenewalSettings(db, job.agencyId)
    log.info({ agencyId: job.agencyId, changed }, 'renewal settings applied to open renewals')
  }
}
