import { millisecondsInDay } from 'date-fns/constants'
import type { Db } from '#server/db/connect.ts'
import { enqueueJobs, type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import {
  applyAgencyRetention,
  listRetentionAgencies,
  purgeExpiredLoginFailures,
} from './retention.service.ts'

/** Books one agency job per agency, then tomorrow's run. */
export const RETENTION_JOB = 'compliance.apply_retention'
/** One agency's retention run: its failure or slowness touches no other agency. */
export const RETENTION_AGENCY_JOB = 'compliance.apply_retention_agency'

const DAY_MS = millisecondsInDay
const AGENCY_PAGE = 500

interface Log {
  info(obj: object, msg: string): void
}

/** The next run, booked once however many workers start (a singleton key). */
export function scheduleRetention(db: Db, runAt = new Date(Date.now() + 5 * 60_000)): Promise<void> {
  return scheduleSingleton(db, { type: RETENTION_JOB, singletonKey: RETENTION_JOB, runAt })
}

/**
 * The daily run fans out, as the weekly report does: one job per agency, all booked in one
 * transaction (a failed run books none, so its retry books no second copy), each retried on its
 * own with the queue's backoff. Then it purges failed sign-ins (they belong to no agency) and
 * books tomorrow's run, even after a failure. Two runs of one agency at once are harmless: the
 * tombstoning locks its rows and skips tombstones.
 */
export function createRetentionHandler(db: Db, log: Log): JobHandler {
  return async () => {
    try {
      let booked = 0
      await db.transaction(async (tx) => {
        let after: string | null = null
        for (;;) {
          const agencyIds = await listRetentionAgencies(tx, after, AGENCY_PAGE)
          await enqueueJobs(
            tx,
            agencyIds.map((agencyId) => ({
              type: RETENTION_AGENCY_JOB,
              agencyId,
              payload: { agencyId },
              maxAttempts: 3,
            })),
          )
          booked += agencyIds.length
          if (agencyIds.length < AGENCY_PAGE) break
          after = agencyIds.at(-1)!
        }
      })
      const loginFailures = await purgeExpiredLoginFailures(db)
      log.info({ agencies: booked, loginFailures }, 'booked the retention run of each agency')
    } finally {
      await scheduleRetention(db, new Date(Date.now() + DAY_MS))
    }
  }
}

/** One agency's run; a failure goes back to the queue for this agency alone. */
export function createAgencyRetentionHandler(db: Db, log: Log): JobHandler {
  return async (job) => {
    const { agencyId } = job.payload as { agencyId: string }
    const run = await applyAgencyRetention(db, agencyId)
    if (run) log.info(run, 'applied the retention period of one agency')
  }
}
