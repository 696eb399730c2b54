import type { Db } from '#server/db/connect.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { applyRetention } from './retention.service.ts'

export const RETENTION_JOB = 'compliance.apply_retention'
const DAY_MS = 24 * 60 * 60 * 1000

/** The next run, booked once however many workers start (a singleton key). */
export function scheduleRetention(db: Db, runAt = new Date(Date.now() + 5 * 60_000)): Promise<void> {
  return scheduleSingleton(db, { type: RETENTION_JOB, singletonKey: RETENTION_JOB, runAt })
}

/** Applies every agency's retention period, then books tomorrow's run (even after a failure). */
export function createRetentionHandler(db: Db, log: { info(obj: object, msg: string): void }): JobHandler {
  return async () => {
    try {
      const { runs, failures, loginFailures } = await applyRetention(db)
      for (const failure of failures) log.info(failure, 'the retention run failed for one agency')
      const tombstoned = runs.reduce((sum, run) => sum + run.tombstoned, 0)
      log.info(
        { agencies: runs.length, failed: failures.length, tombstoned, loginFailures },
        'applied the retention periods',
      )
    } finally {
      await scheduleRetention(db, new Date(Date.now() + DAY_MS))
    }
  }
}
