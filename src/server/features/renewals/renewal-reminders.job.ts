import type { Db } from '#server/db/connect.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { sendRenewalReminders } from './send-renewal-reminders.ts'

export const RENEWAL_REMINDERS_JOB = 'renewals.send_reminders'

/**
 * Hourly, five minutes past, the next one strictly after `now`: agencies keep their own time
 * zones, so each hour's run finds the agencies whose morning has come and that were not reminded
 * on their date yet.
 */
export function nextRemindersRun(now: Date): Date {
  const next = new Date(now)
  next.setUTCMinutes(5, 0, 0)
  if (next <= now) next.setUTCHours(next.getUTCHours() + 1)
  return next
}

export function scheduleRenewalReminders(db: Db, now = new Date()): Promise<void> {
  return scheduleSingleton(db, {
    type: RENEWAL_REMINDERS_JOB,
    singletonKey: RENEWAL_REMINDERS_JOB,
    runAt: nextRemindersRun(now),
  })
}

/** Sends the reminders due this hour, then books the next run (even when this one fails). */
export function createRenewalRemindersHandler(
  db: Db,
  deps: { baseUrl: string; log: { info(obj: object, msg: string): void } },
): JobHandler {
  return async () => {
    try {
      const sent = await sendRenewalReminders(db, { baseUrl: deps.baseUrl })
      deps.log.info(sent, 'sent the renewal reminders')
    } finally {
      await scheduleRenewalReminders(db)
    }
  }
}
