import type { Db } from '#server/db/connect.ts'
import { MILESTONE_LABELS } from '#shared/contracts/renewals-texts.ts'
import { MILESTONES, milestoneDates, nextMilestone } from '#shared/domain/renewal-pipeline.ts'
import { isActiveUser } from '../auth/auth.service.ts'
import { findPolicyItems } from '../policies/policies.service.ts'
import { buildRenewalCalendar, type CalendarEvent } from './build-renewal-calendar.ts'
import { tokenHashOf } from './calendar-feed.service.ts'
import * as repository from './calendar-feeds.repository.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'
import { notFound } from './renewals.service.ts'

/** Renewals one feed lists: far more than anyone works at once, and a bounded answer. */
const MAX_RENEWALS = 2000
/** A token is 43 URL-safe characters; anything else is not one. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/

/**
 * The calendar behind a feed's token: the milestones still ahead of each open renewal assigned to
 * its user, as all-day events. An unknown or revoked token, or a user since disabled, is 404.
 */
export async function readCalendarFeed(
  db: Db,
  token: unknown,
  options: { publicUrl: string; now?: Date },
): Promise<string> {
  if (typeof token !== 'string' || !TOKEN.test(token)) throw notFound()
  const feed = await repository.findFeedByTokenHash(db, tokenHashOf(token))
  if (!feed || !(await isActiveUser(db, feed.agencyId, feed.userId))) throw notFound()
  const [rows, settings] = await Promise.all([
    repository.findAssignedOpenRenewals(db, feed.agencyId, feed.userId, MAX_RENEWALS),
    renewalSettingsFor(db, [feed.agencyId]),
  ])
  const policies = await findPolicyItems(
    db,
    feed.agencyId,
    rows.map((row) => row.policyId),
  )
  const { milestoneDays } = settings.get(feed.agencyId)!
  const origin = options.publicUrl.replace(/\/$/, '')
  const host = new URL(origin).host
  const events = rows.flatMap((row): CalendarEvent[] => {
    const policy = policies.get(row.policyId)!
    const from = MILESTONES.indexOf(nextMilestone(row.stage)!)
    const url = `${origin}/renewals/${row.id}`
    return milestoneDates(row.expirationDate, milestoneDays)
      .slice(from)
      .map(({ milestone, date }) => ({
        uid: `${row.id}-${milestone}@${host}`,
        date,
        summary: `${MILESTONE_LABELS[milestone]}: ${policy.insuredName} — ${policy.policyNumber}`,
        description: `Renewal of policy ${policy.policyNumber} (${policy.carrierName}), expiring ${row.expirationDate}.\n${url}`,
        url,
      }))
  })
  return buildRenewalCalendar({ name: 'Renewal milestones', events, now: options.now ?? new Date() })
}
