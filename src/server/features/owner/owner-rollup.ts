import type { Db } from '#server/db/connect.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { measureUserActivity } from '../analytics/analytics.service.ts'
import { countApplicationsByCreator } from '../applications/applications.service.ts'
import { countDeliveryOutcomesByCarrier } from '../carrier-delivery/carrier-delivery.service.ts'
import { replaceRollups } from './owner.repository.ts'

export const OWNER_ROLLUP_JOB = 'owner.rollup'
/** How stale the owner's application and submission counts may get. */
export const OWNER_ROLLUP_EVERY_MS = 10 * 60_000

export const monthStartOf = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1))

/**
 * Counts applications per creator and submissions per carrier across every agency, and measures
 * users' activity (users, active this month, retention; one pass over every user), then replaces the
 * owner dashboard's rollups in one transaction. A million applications take seconds: the jobs
 * worker does it, not a request, and the dashboard says when it was counted.
 */
export async function refreshOwnerRollups(db: Db, now = new Date()): Promise<void> {
  const [applications, carriers, activity] = await Promise.all([
    countApplicationsByCreator(db),
    countDeliveryOutcomesByCarrier(db),
    measureUserActivity(db, monthStartOf(now), now),
  ])
  await db.transaction((tx) =>
    replaceRollups(tx, {
      perUser: applications.perUser,
      carriers,
      applications: applications.total,
      carrierSubmissions: carriers.reduce((sum, carrier) => sum + carrier.submissions, 0),
      activity,
      countedAt: now,
    }),
  )
}

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
