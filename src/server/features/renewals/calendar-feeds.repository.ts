import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { renewalCalendarFeeds } from './calendar-feeds.table.ts'
import { renewals } from './renewals.table.ts'

export type CalendarFeedRow = typeof renewalCalendarFeeds.$inferSelect

const active = (agencyId: string, userId: string) =>
  and(
    eq(renewalCalendarFeeds.agencyId, agencyId),
    eq(renewalCalendarFeeds.userId, userId),
    isNull(renewalCalendarFeeds.revokedAt),
  )

export async function findActiveFeed(executor: Executor, agencyId: string, userId: string) {
  const [row] = await executor.select().from(renewalCalendarFeeds).where(active(agencyId, userId))
  return row
}

/** Revokes the user's feed in use, if any; answers it. */
export async function revokeActiveFeed(executor: Executor, agencyId: string, userId: string) {
  const [row] = await executor
    .update(renewalCalendarFeeds)
    .set({ revokedAt: new Date() })
    .where(active(agencyId, userId))
    .returning()
  return row
}

export async function insertFeed(
  executor: Executor,
  values: { agencyId: string; userId: string; tokenHash: string },
) {
  const [row] = await executor.insert(renewalCalendarFeeds).values(values).returning()
  return row!
}

/** The feed in use with this token's hash; a revoked one is not found. */
export async function findFeedByTokenHash(executor: Executor, tokenHash: string) {
  const [row] = await executor
    .select()
    .from(renewalCalendarFeeds)
    .where(and(eq(renewalCalendarFeeds.tokenHash, tokenHash), isNull(renewalCalendarFeeds.revokedAt)))
  return row
}

/** The user's open renewals, soonest expiring first, at most `limit`. */
export function findAssignedOpenRenewals(
  executor: Executor,
  agencyId: string,
  userId: string,
  limit: number,
) {
  return executor
    .select()
    .from(renewals)
    .where(
      and(
        eq(renewals.agencyId, agencyId),
        eq(renewals.assigneeId, userId),
        isNull(renewals.closedAt),
        isNotNull(renewals.dueDate),
      ),
    )
    .orderBy(asc(renewals.expirationDate), asc(renewals.id))
    .limit(limit)
}
