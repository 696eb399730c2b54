import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { REMINDER_GRACE_DAYS } from '#shared/domain/license-status.ts'
import { onboardingAgents } from './onboarding.table.ts'
import { agentLicenses, licenseReminders } from './onboarding-records.table.ts'

/**
 * Active licenses of these agencies whose date is in the reminder window (from 30 days past to 90
 * ahead of `today`) and that have not had the reminder of the tightest threshold they reached for
 * this date: the (agency, status, expiration) index finds them, and the reminder rows already
 * sent rule the rest out. The SQL only narrows; dueReminderThreshold decides (with `sentTightest`).
 */
export function findReminderCandidates(executor: Executor, agencyIds: string[], today: string) {
  const l = agentLicenses
  const r = licenseReminders
  const daysLeft = sql<number>`(${l.expirationDate} - ${today}::date)`
  const sameDate = sql`${r.agencyId} = ${l.agencyId} and ${r.licenseId} = ${l.id} and ${r.expirationDate} = ${l.expirationDate}`
  const reached = sql`case when ${daysLeft} <= 0 then 0 when ${daysLeft} <= 30 then 30 else 90 end`
  return executor
    .select({
      agencyId: l.agencyId,
      licenseId: l.id,
      agentId: l.agentId,
      expirationDate: sql<string>`${l.expirationDate}::text`,
      state: l.state,
      licenseType: l.licenseType,
      licenseNumber: l.licenseNumber,
      daysLeft: sql<number>`${daysLeft}::int`,
      sentTightest: sql<number | null>`(select min(${r.threshold}) from ${r} where ${sameDate})`,
    })
    .from(l)
    .where(
      and(
        inArray(l.agencyId, agencyIds),
        eq(l.status, 'active'),
        sql`${l.expirationDate} between ${today}::date - ${REMINDER_GRACE_DAYS}::int and ${today}::date + 90`,
        sql`not exists (select 1 from ${r} where ${sameDate} and ${r.threshold} <= ${reached})`,
      ),
    )
}

export type ReminderCandidate = Awaited<ReturnType<typeof findReminderCandidates>>[number]

/** Records the reminders; answers those this call wrote (another run that got there first wins). */
export async function insertReminders(
  executor: Executor,
  rows: { agencyId: string; licenseId: string; expirationDate: string; threshold: number }[],
) {
  const written: { licenseId: string; threshold: number }[] = []
  for (let at = 0; at < rows.length; at += 1000) {
    written.push(
      ...(await executor
        .insert(licenseReminders)
        .values(rows.slice(at, at + 1000))
        .onConflictDoNothing()
        .returning({ licenseId: licenseReminders.licenseId, threshold: licenseReminders.threshold })),
    )
  }
  return written
}

/** Who an agent is and how to reach them: the agent's email, and their account if they joined. */
export async function findAgentContacts(executor: Executor, agentIds: string[]) {
  const contacts = new Map<
    string,
    { agentCode: string; firstName: string; lastName: string; email: string; userId: string | null }
  >()
  for (let at = 0; at < agentIds.length; at += 1000) {
    const rows = await executor
      .select({
        id: onboardingAgents.id,
        agentCode: onboardingAgents.agentCode,
        firstName: onboardingAgents.firstName,
        lastName: onboardingAgents.lastName,
        email: onboardingAgents.email,
        userId: onboardingAgents.userId,
      })
      .from(onboardingAgents)
      .where(inArray(onboardingAgents.id, agentIds.slice(at, at + 1000)))
    for (const { id, ...contact } of rows) contacts.set(id, contact)
  }
  return contacts
}
