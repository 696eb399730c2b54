import { and, count, countDistinct, eq, gte, ne, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { applications } from '../applications/applications.table.ts'
import { clients } from '../clients/clients.table.ts'

// The dashboard's figures read across applications and clients: aggregates only, each naming the agency.

/** The windows the dashboard compares: calendar months (UTC) and rolling weeks. */
export interface DashboardWindows {
  thisMonth: Date
  lastMonth: Date
  weekAgo: Date
  twoWeeksAgo: Date
}

export async function countDashboardFigures(
  db: Executor,
  agencyId: string,
  { thisMonth, lastMonth, weekAgo, twoWeeksAgo }: DashboardWindows,
) {
  const agency = eq(applications.agencyId, agencyId)
  // Three independent aggregates: on PostgreSQL they run at once on separate connections. A bound
  // application was approved before it became a policy: it still counts as approved.
  const [[apps], [active], [newClients]] = await Promise.all([
    db
      .select({
        total: count(),
        pending: sql<number>`count(*) filter (where ${applications.status} in ('pending', 'review'))`.mapWith(
          Number,
        ),
        approved:
          sql<number>`count(*) filter (where ${applications.status} in ('approved', 'bound'))`.mapWith(
            Number,
          ),
        createdThisMonth:
          sql<number>`count(*) filter (where ${applications.createdAt} >= ${thisMonth})`.mapWith(Number),
        createdLastMonth:
          sql<number>`count(*) filter (where ${applications.createdAt} >= ${lastMonth} and ${applications.createdAt} < ${thisMonth})`.mapWith(
            Number,
          ),
        approvedThisMonth:
          sql<number>`count(*) filter (where ${applications.createdAt} >= ${thisMonth} and ${applications.status} in ('approved', 'bound'))`.mapWith(
            Number,
          ),
        approvedLastMonth:
          sql<number>`count(*) filter (where ${applications.createdAt} >= ${lastMonth} and ${applications.createdAt} < ${thisMonth} and ${applications.status} in ('approved', 'bound'))`.mapWith(
            Number,
          ),
        pendingThisWeek:
          sql<number>`count(*) filter (where ${applications.createdAt} >= ${weekAgo} and ${applications.status} in ('pending', 'review'))`.mapWith(
            Number,
          ),
        pendingLastWeek:
          sql<number>`count(*) filter (where ${applications.createdAt} >= ${twoWeeksAgo} and ${applications.createdAt} < ${weekAgo} and ${applications.status} in ('pending', 'review'))`.mapWith(
            Number,
          ),
      })
      .from(applications)
      .where(agency),
    db
      .select({ value: countDistinct(applications.clientId) })
      .from(applications)
      .where(and(agency, ne(applications.status, 'rejected'))),
    db
      .select({
        thisMonth: sql<number>`count(*) filter (where ${clients.createdAt} >= ${thisMonth})`.mapWith(Number),
        lastMonth:
          sql<number>`count(*) filter (where ${clients.createdAt} >= ${lastMonth} and ${clients.createdAt} < ${thisMonth})`.mapWith(
            Number,
          ),
      })
      .from(clients)
      .where(and(eq(clients.agencyId, agencyId), gte(clients.createdAt, lastMonth))),
  ])
  return { applications: apps!, activeClients: active?.value ?? 0, newClients }
}
