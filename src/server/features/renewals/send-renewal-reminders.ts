import type { Db, Tx } from '#server/db/connect.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { nextMilestone, todayIn } from '#shared/domain/renewal-pipeline.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { mailUserIfWanted } from '../auth/mail-if-wanted.ts'
import { type NewNotification, notifyUsers } from '../notifications/notifications.service.ts'
import { findPolicyItems } from '../policies/policies.service.ts'
import * as texts from './renewal-reminder-texts.service.ts'
import * as repository from './renewal-reminders.repository.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'
import type { RenewalRow } from './renewals.repository.ts'

/** The agency's local hour from which its day's reminders go out: the start of a working morning. */
export const REMINDER_HOUR = 7
const AGENCY_PAGE = 200
/** Users whose reminders and digest are written in one transaction. */
const USER_PAGE = 100
/** More new reminders than this for one user in one run become a single summary notification. */
const MAX_SINGLE_REMINDERS = 10
/** Lines a digest lists; the rest are counted. */
const DIGEST_LINES = 50

function localHour(timeZone: string, now: Date): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now)
  return Number(hour)
}

/**
 * The day's renewal reminders for every agency whose morning has come (REMINDER_HOUR in its time
 * zone): each assignee is told in the app once when a renewal's milestone falls due and once when
 * it is missed, and mailed one digest a day of all their renewals due or overdue, if they want it.
 * Idempotent: the reminder and digest rows are written with what they send, in one transaction,
 * so a second run (or one after a crash) the same day sends nothing again.
 */
export async function sendRenewalReminders(db: Db, options: { now?: Date; baseUrl: string }) {
  const now = options.now ?? new Date()
  // No zone's date is later than a day after UTC's.
  const latestToday = addDays(now.toISOString().slice(0, 10), 1)
  let after: string | null = null
  const sent = { notifications: 0, digests: 0 }
  for (;;) {
    const agencyIds = await repository.findAgenciesWithDue(db, latestToday, after, AGENCY_PAGE)
    const settings = await renewalSettingsFor(db, agencyIds)
    for (const agencyId of agencyIds) {
      const { timeZone } = settings.get(agencyId)!
      if (localHour(timeZone, now) < REMINDER_HOUR) continue
      const agency = await remindAgency(db, agencyId, todayIn(timeZone, now), options.baseUrl)
      sent.notifications += agency.notifications
      sent.digests += agency.digests
    }
    if (agencyIds.length < AGENCY_PAGE) return sent
    after = agencyIds.at(-1)!
  }
}

async function remindAgency(db: Db, agencyId: string, today: string, baseUrl: string) {
  const sent = { notifications: 0, digests: 0 }
  let after: string | null = null
  for (;;) {
    const counts = await repository.countDueByAssignee(db, agencyId, today, after, USER_PAGE)
    if (counts.length === 0) return sent
    const page = await db.transaction((tx) => remindUsers(tx, agencyId, today, counts, baseUrl))
    sent.notifications += page.notifications
    sent.digests += page.digests
    if (counts.length < USER_PAGE) return sent
    after = counts.at(-1)!.userId
  }
}

/** One page of users: their new reminders in the app, and their digest if not sent today. */
async function remindUsers(
  tx: Tx,
  agencyId: string,
  today: string,
  counts: { userId: string; count: number }[],
  baseUrl: string,
) {
  const reminders = await repository.insertDueReminders(
    tx,
    agencyId,
    counts.map((entry) => entry.userId),
    today,
  )
  const digestUsers = await repository.insertDigests(
    tx,
    counts.map(({ userId, count }) => ({ agencyId, userId, day: today, renewalCount: count })),
  )
  const listed = await repository.findDueRenewals(tx, agencyId, digestUsers, today, DIGEST_LINES)
  const reminded = await repository.findRenewalsByIds(
    tx,
    agencyId,
    reminders.map((reminder) => reminder.renewalId),
  )
  const subjects = await subjectsOf(tx, agencyId, [...listed, ...reminded])

  const notifications: NewNotification[] = []
  for (const { userId } of counts) {
    const mine = reminders.filter((reminder) => reminder.userId === userId)
    if (mine.length > MAX_SINGLE_REMINDERS) {
      const due = mine.filter((reminder) => reminder.kind === 'due').length
      notifications.push({
        agencyId,
        userId,
        title: texts.summaryTitle(mine.length),
        message: texts.summaryMessage(due, mine.length - due),
        type: 'reminder',
        priority: 'high',
      })
      continue
    }
    for (const reminder of mine) {
      const subject = subjects.get(reminder.renewalId)!
      notifications.push({
        agencyId,
        userId,
        title: texts.reminderTitle(subject, reminder.kind),
        message: texts.reminderMessage(subject, reminder.kind),
        type: 'reminder',
        priority: reminder.kind === 'due' ? 'normal' : 'high',
      })
    }
  }
  await notifyUsers(tx, notifications)

  const names = await findUserNames(tx, digestUsers)
  for (const userId of digestUsers) {
    const total = counts.find((entry) => entry.userId === userId)!.count
    await mailUserIfWanted(tx, {
      agencyId,
      userId,
      kind: 'renewalReminders',
      subject: texts.digestSubject(total, today),
      text: texts.digestText({
        firstName: names.get(userId)?.firstName ?? '',
        day: today,
        subjects: listed.filter((row) => row.assigneeId === userId).map((row) => subjects.get(row.id)!),
        total,
        baseUrl,
      }),
    })
  }
  return { notifications: notifications.length, digests: digestUsers.length }
}

/** Each renewal as a reminder names it: its milestone, the insured, policy number and carrier. */
async function subjectsOf(tx: Tx, agencyId: string, rows: RenewalRow[]) {
  const policies = await findPolicyItems(
    tx,
    agencyId,
    rows.map((row) => row.policyId),
  )
  return new Map(
    rows.map((row): [string, texts.ReminderSubject] => {
      const policy = policies.get(row.policyId)!
      return [
        row.id,
        {
          id: row.id,
          // Only open renewals have a due date, and every open stage has its milestone.
          milestone: nextMilestone(row.stage)!,
          dueDate: row.dueDate!,
          expirationDate: row.expirationDate,
          insuredName: policy.insuredName,
          policyNumber: policy.policyNumber,
          carrierName: policy.carrierName,
        },
      ]
    }),
  )
}
