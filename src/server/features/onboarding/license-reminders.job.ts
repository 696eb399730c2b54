import type { Db, Tx } from '#server/db/connect.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { type OutgoingMail, queueMails } from '#server/platform/mail.ts'
import { dueReminderThreshold, isoDay } from '#shared/domain/license-status.ts'
import { listAgencyIdsAfter } from '../agencies/agencies.service.ts'
import { listAgencyAdmins } from '../auth/auth.service.ts'
import type { NewNotification } from '../notifications/notifications.service.ts'
import { notifyUsers } from '../notifications/notifications.service.ts'
import {
  adminDigestLine,
  agentReminderText,
  agentReminderTitle,
  type DueReminder,
} from './license-reminder-texts.service.ts'
import * as repository from './license-reminders.repository.ts'

export const LICENSE_REMINDERS_JOB = 'onboarding.license_reminders'
const AGENCY_PAGE = 500
const DIGEST_LINES = 200

/** Daily at 06:00 UTC, the next one strictly after `now`. */
export function nextReminderRun(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 6))
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1)
  return next
}

export function scheduleLicenseReminders(db: Db, now = new Date()): Promise<void> {
  return scheduleSingleton(db, {
    type: LICENSE_REMINDERS_JOB,
    singletonKey: LICENSE_REMINDERS_JOB,
    runAt: nextReminderRun(now),
  })
}

/** The agent's own reminders (in the app once they joined, by mail always) and one digest per agency's admin. */
async function deliver(tx: Tx, due: DueReminder[]) {
  const contacts = await repository.findAgentContacts(tx, [
    ...new Set(due.map((reminder) => reminder.agentId)),
  ])
  const admins = await listAgencyAdmins(tx, [...new Set(due.map((reminder) => reminder.agencyId))])
  const notifications: NewNotification[] = []
  const mails: OutgoingMail[] = []
  const digests = new Map<string, string[]>()
  for (const reminder of due) {
    const agent = contacts.get(reminder.agentId)
    if (!agent) continue
    const title = agentReminderTitle(reminder)
    const priority = reminder.threshold === 90 ? 'normal' : reminder.threshold === 30 ? 'high' : 'urgent'
    if (agent.userId)
      notifications.push({
        agencyId: reminder.agencyId,
        userId: agent.userId,
        title,
        message: title,
        type: 'reminder',
        priority,
      })
    mails.push({
      agencyId: reminder.agencyId,
      to: agent.email,
      subject: title,
      text: agentReminderText(reminder, agent.firstName),
    })
    const lines = digests.get(reminder.agencyId) ?? []
    lines.push(
      adminDigestLine(reminder, { agentCode: agent.agentCode, name: `${agent.firstName} ${agent.lastName}` }),
    )
    digests.set(reminder.agencyId, lines)
  }
  for (const admin of admins) {
    const lines = digests.get(admin.agencyId)
    if (!lines) continue
    const title = `License reminders: ${lines.length} ${lines.length === 1 ? 'license needs' : 'licenses need'} attention`
    const shown = lines.slice(0, DIGEST_LINES)
    const more =
      lines.length > shown.length
        ? [`… and ${lines.length - shown.length} more (see Agency Onboarding).`]
        : []
    notifications.push({
      agencyId: admin.agencyId,
      userId: admin.id,
      title,
      message: [...lines.slice(0, 3), ...(lines.length > 3 ? [`and ${lines.length - 3} more`] : [])].join(
        '; ',
      ),
      type: 'reminder',
      priority: 'high',
    })
    mails.push({
      agencyId: admin.agencyId,
      to: admin.email,
      subject: title,
      text: [
        `Hello ${admin.firstName},`,
        '',
        'Licenses of your agents reached a reminder today:',
        '',
        ...shown,
        ...more,
      ].join('\n'),
    })
  }
  await notifyUsers(tx, notifications)
  await queueMails(tx, mails)
}

/**
 * One day's reminders across every agency, a page of agencies per transaction: each license whose
 * days left reached 90, 30 or 0 since its last reminder for this expiration date gets one. The
 * reminder rows are the record: a second run the same day finds nothing due, and a renewed license
 * (a new date beyond 90 days) is not in the window.
 */
export async function sendLicenseReminders(db: Db, today = isoDay()) {
  let after: string | null = null
  let sent = 0
  for (;;) {
    const agencyIds = await listAgencyIdsAfter(db, after, AGENCY_PAGE)
    if (agencyIds.length === 0) break
    sent += await db.transaction(async (tx) => {
      const candidates = await repository.findReminderCandidates(tx, agencyIds, today)
      const due = candidates.flatMap((candidate): DueReminder[] => {
        const threshold = dueReminderThreshold(candidate.daysLeft, candidate.sentTightest)
        return threshold === null ? [] : [{ ...candidate, threshold }]
      })
      const written = await repository.insertReminders(
        tx,
        due.map(({ agencyId, licenseId, expirationDate, threshold }) => ({
          agencyId,
          licenseId,
          expirationDate,
          threshold,
        })),
      )
      const mine = new Set(written.map((row) => `${row.licenseId}:${row.threshold}`))
      const toSend = due.filter((reminder) => mine.has(`${reminder.licenseId}:${reminder.threshold}`))
      if (toSend.length > 0) await deliver(tx, toSend)
      return toSend.length
    })
    after = agencyIds.at(-1)!
  }
  return { sent }
}

/** Sends today's reminders, then books tomorrow's run (even when this one fails). */
export function createLicenseRemindersHandler(
  db: Db,
  log: { info(obj: object, msg: string): void },
): JobHandler {
  return async () => {
    try {
      const { sent } = await sendLicenseReminders(db)
      log.info({ sent }, 'sent the license expiry reminders')
    } finally {
      await scheduleLicenseReminders(db)
    }
  }
}
