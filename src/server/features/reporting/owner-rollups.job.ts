import type { Db } from '#server/db/connect.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { refreshOwnerRollups } from './refresh-owner-rollups.ts'

export const OWNER_ROLLUP_JOB = 'owner.rollup'
/** How stale the owner's application and submission counts may get. */
export const OWNER_ROLLUP_EVERY_MS = 10 * 60_000

/** The next run, booked once however many workers start; the first soon after start-up. */
export function scheduleOwnerRollup(db: Db, runAt = new Date(Date.now() + 5_000)): Promise<void> {
  return scheduleSingleton(db, { type: OWNER_ROLLUP_JOB, singletonKey: OWNER_ROLLUP_JOB, runAt })
}

export function createOwnerRollupHandler(db: Db, log: { info(obj: object, msg: string): void }): JobHandler {
  return async () => {
    try {
      const started = Date.now()
      await refreshOwnerRollups(db)
      log.info({ ms: Date.now() - started }, 'owner dashboard rollups refreshed')
    } finally {
      await scheduleOwnerRollup(db, new Date(Date.now() + OWNER_ROLLUP_EVERY_MS))
    }
  }
}
