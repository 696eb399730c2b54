import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { rowsOf } from '#server/db/rows.ts'
import { renewalDigests } from './renewal-reminders.table.ts'
import { renewals } from './renewals.table.ts'

/** Open, assigned renewals whose next milestone falls on or before `today`. */
const dueBy = (today: string) =>
  and(isNull(renewals.closedAt), isNotNull(renewals.assigneeId), lte(renewals.dueDate, today))

/** Agencies with a renewal due by `latestToday` (the latest any zone's date is), a page at a time. */
export async function findAgenciesWithDue(
  executor: Executor,
  latestToday: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ agencyId: renewals.agencyId })
    .from(renewals)
    .where(and(dueBy(latestToday), after ? gt(renewals.agencyId, after) : undefined))
    .orderBy(asc(renewals.agencyId))
    .limit(limit)
  return rows.map((row) => row.agencyId)
}

/** The agency's users with a renewal due by `today`, a page at a time, each with how many. */
export function countDueByAssignee(
  executor: Executor,
  agencyId: string,
  today: string,
  after: string | null,
  limit: number,
) {
  return executor
    .select({ userId: sql<string>`${renewals.assigneeId}`, count: sql<number>`count(*)::int` })
    .from(renewals)
    .where(
      and(eq(renewals.agencyId, agencyId), dueBy(today), after ? gt(renewals.assigneeId, after) : undefined),
    )
    .groupBy(renewals.assigneeId)
    .orderBy(asc(renewals.assigneeId))
    .limit(limit)
}

/**
 * Writes a reminder for each of these users' renewals due today (`due`) or before (`overdue`)
 * not reminded of yet; answers only the ones this call wrote, so a second run sends nothing.
 */
export async function insertDueReminders(
  executor: Executor,
  agencyId: string,
  userIds: string[],
  today: string,
) {
  if (userIds.length === 0) return []
  const users = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const result = await executor.execute(sql`
    insert into renewal_reminders (agency_id, renewal_id, user_id, due_date, kind)
    select agency_id, id, assignee_id, due_date,
      case when due_date = ${today}::date then 'due' else 'overdue' end
    from renewals
    where agency_id = ${agencyId}::uuid and closed_at is null and due_date <= ${today}::date
      and assignee_id in (${users})
    on conflict do nothing
    returning renewal_id as "renewalId", user_id as "userId", kind`)
  return rowsOf<{ renewalId: string; userId: string; kind: 'due' | 'overdue' }>(result)
}

/** Writes the day's digest of each user not sent one yet; answers the users this call wrote. */
export async function insertDigests(executor: Executor, rows: (typeof renewalDigests.$inferInsert)[]) {
  if (rows.length === 0) return []
  const written = await executor
    .insert(renewalDigests)
    .values(rows)
    .onConflictDoNothing()
    .returning({ userId: renewalDigests.userId })
  return written.map((row) => row.userId)
}

/** These users' renewals due by `today`, most overdue first, at most `perUser` each. */
export async function findDueRenewals(
  executor: Executor,
  agencyId: string,
  userIds: string[],
  today: string,
  perUser: number,
) {
  if (userIds.length === 0) return []
  const ranked = executor
    .select({
      id: renewals.id,
      rank: sql<number>`row_number() over (partition by ${renewals.assigneeId} order by ${renewals.dueDate}, ${renewals.id})`.as(
        'rank',
      ),
    })
    .from(renewals)
    .where(and(eq(renewals.agencyId, agencyId), inArray(renewals.assigneeId, userIds), dueBy(today)))
    .as('ranked')
  const rows = await executor
    .select({ renewal: renewals })
    .from(renewals)
    .innerJoin(ranked, eq(ranked.id, renewals.id))
    .where(and(eq(renewals.agencyId, agencyId), lte(ranked.rank, perUser)))
    .orderBy(asc(renewals.assigneeId), asc(renewals.dueDate), asc(renewals.id))
  return rows.map((row) => row.renewal)
}

export function findRenewalsByIds(executor: Executor, agencyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return executor
    .select()
    .from(renewals)
    .where(and(eq(renewals.agencyId, agencyId), inArray(renewals.id, ids)))
}
