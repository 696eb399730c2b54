import { millisecondsInDay } from 'date-fns/constants'
import type { Db } from '#server/db/connect.ts'
import { enqueueJobs, type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { mailUserIfWanted } from '../auth/mail-if-wanted.ts'
import * as weekly from '../reporting/weekly-report.service.ts'

/** Books each agency's report, then the next week's run. */
export const WEEKLY_REPORT_JOB = 'settings.weekly_report'
/** One agency's report for one week: mails every user of it who wants the weekly report. */
export const WEEKLY_AGENCY_REPORT_JOB = 'settings.weekly_report_agency'

const WEEK_MS = 7 * millisecondsInDay
const AGENCY_PAGE = 500

/** The weekly run: Mondays at 08:00 UTC, the next one strictly after `now`. */
export function nextWeeklyRun(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 8))
  next.setUTCDate(next.getUTCDate() + ((8 - next.getUTCDay()) % 7))
  if (next <= now) next.setUTCDate(next.getUTCDate() + 7)
  return next
}

/** The first run, booked once however many workers start (and again by each run for the next week). */
export function scheduleWeeklyReport(db: Db, now = new Date()): Promise<void> {
  return scheduleSingleton(db, {
    type: WEEKLY_REPORT_JOB,
    singletonKey: WEEKLY_REPORT_JOB,
    runAt: nextWeeklyRun(now),
  })
}

export function weeklyReportText(
  firstName: string,
  counts: weekly.WeeklyCounts,
  period: weekly.Period,
): string {
  const day = (date: Date) => date.toISOString().slice(0, 10)
  const lastDay = new Date(period.to.getTime() - 1)
  return [
    `Hello ${firstName},`,
    '',
    `Your agency's week from ${day(period.from)} to ${day(lastDay)} (UTC):`,
    `- Clients added: ${counts.clientsAdded}`,
    `- Applications created: ${counts.applicationsCreated}`,
    `- Applications submitted to carriers: ${counts.applicationsSubmitted}`,
    `- Carrier answers received: ${counts.carrierAnswers}`,
    `- Appointment applications: ${counts.appointmentsCreated}`,
    '',
    'You get this email because "Weekly reports" is on in Settings › Notifications.',
  ].join('\n')
}

/**
 * Books one job per agency whose users want the report, all in one transaction (a failed run
 * books none, so its retry books no second copy), then the next week's run, which is booked even
 * if this one fails.
 */
export function createWeeklyReportHandler(db: Db, now: () => Date = () => new Date()): JobHandler {
  return async () => {
    const runAt = now()
    try {
      const to = runAt.toISOString()
      await db.transaction(async (tx) => {
        let after: string | null = null
        for (;;) {
          const agencyIds = await weekly.agenciesWantingWeekly(tx, after, AGENCY_PAGE)
          await enqueueJobs(
            tx,
            agencyIds.map((agencyId) => ({
              type: WEEKLY_AGENCY_REPORT_JOB,
              agencyId,
              payload: { agencyId, to },
            })),
          )
          if (agencyIds.length < AGENCY_PAGE) break
          after = agencyIds.at(-1)!
        }
      })
    } finally {
      await scheduleWeeklyReport(db, runAt)
    }
  }
}

/** One agency's report: counted from its real data over the 7 days before `to`, in one transaction. */
export function createWeeklyAgencyReportHandler(db: Db): JobHandler {
  return async (job) => {
    const { agencyId, to } = job.payload as { agencyId: string; to: string }
    const period = { from: new Date(new Date(to).getTime() - WEEK_MS), to: new Date(to) }
    await db.transaction(async (tx) => {
      const counts = await weekly.countAgencyWeek(tx, agencyId, period)
      for (const user of await weekly.weeklyRecipients(tx, agencyId)) {
        await mailUserIfWanted(tx, {
          agencyId,
          userId: user.id,
          kind: 'weeklyReports',
          subject: 'Your weekly agency report',
          text: weeklyReportText(user.firstName, counts, period),
        })
      }
    })
  }
}
