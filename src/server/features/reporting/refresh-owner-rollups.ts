import type { Db } from '#server/db/connect.ts'
import { utcMonthStart } from '#server/platform/calendar.ts'
import { countApplicationsByCreator } from '../applications/applications.service.ts'
import { countDeliveryOutcomesByCarrier } from '../carrier-delivery/carrier-delivery.service.ts'
import { replaceRollups } from './owner-rollups.repository.ts'
import { measureActivity } from './user-activity.repository.ts'

export const monthStartOf = (date: Date) => utcMonthStart(date)

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
    measureActivity(db, monthStartOf(now), now),
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
