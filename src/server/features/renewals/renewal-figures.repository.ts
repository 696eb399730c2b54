import { and, asc, count, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { UserNamesQuery } from '../auth/find-user-names.ts'
import { renewals } from './renewals.table.ts'

/**
 * A page of the agency's open renewals at risk whose expiration or next milestone falls in
 * [from, to], soonest milestone first, each with how many there are in all. Read on the open
 * renewals' (agency, at risk, due date) index.
 */
export function findAtRiskOpen(
  executor: Executor,
  agencyId: string,
  range: { from: string; to: string },
  limit: number,
) {
  return executor
    .select({ renewal: renewals, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(renewals)
    .where(
      and(
        eq(renewals.agencyId, agencyId),
        eq(renewals.atRisk, true),
        isNull(renewals.closedAt),
        or(
          and(gte(renewals.expirationDate, range.from), lte(renewals.expirationDate, range.to)),
          and(gte(renewals.dueDate, range.from), lte(renewals.dueDate, range.to)),
        ),
      ),
    )
    .orderBy(asc(renewals.dueDate), asc(renewals.expirationDate), asc(renewals.id))
    .limit(limit)
}

/**
 * The agency's open renewals past their milestone (due before `today`), counted per assignee
 * (null: nobody's), named from the users' fragment; most first.
 */
export function countOverdueByAssignee(
  executor: Executor,
  agencyId: string,
  today: string,
  users: UserNamesQuery,
) {
  const overdue = count()
  return executor
    .select({
      assigneeId: renewals.assigneeId,
      firstName: users.firstName,
      lastName: users.lastName,
      overdue,
    })
    .from(renewals)
    .leftJoin(users, eq(users.id, renewals.assigneeId))
    .where(and(eq(renewals.agencyId, agencyId), isNull(renewals.closedAt), lt(renewals.dueDate, today)))
    .groupBy(renewals.assigneeId, users.firstName, users.lastName)
    .orderBy(desc(overdue), asc(users.lastName), asc(users.firstName))
}
