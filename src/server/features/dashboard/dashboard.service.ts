import { and, count, countDistinct, eq, gte, ne, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import { applications } from '../applications/applications.table.ts'
import { countSubmissionsByCarrier } from '../carrier-delivery/carrier-delivery.service.ts'
import { findAgencyCarriers, toCarrier } from '../carriers/carriers.service.ts'
import { clients } from '../clients/clients.table.ts'

// The dashboard reads across applications, clients and carriers; its queries are aggregates
// only, so they live here rather than widening each feature's service.

const monthStart = (now: Date, offset = 0) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000)

function percentChange(current: number, previous: number): number | null {
  return previous === 0 ? null : Math.round(((current - previous) / previous) * 100)
}

export async function getDashboardStats(db: Executor, { actor }: Ctx, now = new Date()) {
  const agency = eq(applications.agencyId, actor.agencyId)
  const thisMonth = monthStart(now)
  const lastMonth = monthStart(now, -1)
  const weekAgo = daysAgo(now, 7)
  const twoWeeksAgo = daysAgo(now, 14)
  // Three independent aggregates: on PostgreSQL they run at once on separate connections.
  const [[apps], [active], [newClients]] = await Promise.all([
    db
      .select({
        total: count(),
        pending: sql<number>`count(*) filter (where ${applications.status} in ('pending', 'review'))`.mapWith(
          Number,
        ),
        approved: sql<number>`count(*) filter (where ${applications.status} = 'approved')`.mapWith(Number),
        createdThisMonth:
          sql<number>`count(*) filter (where ${applications.createdAt} >= ${thisMonth})`.mapWith(Number),
        createdLastMonth:
          sql<number>`count(*) filter (where ${applications.createdAt} >= ${lastMonth} and ${applications.createdAt} < ${thisMonth})`.mapWith(
            Number,
          ),
        approvedThisMonth:
          sql<number>`count(*) filter (where ${applications.createdAt} >= ${thisMonth} and ${applications.status} = 'approved')`.mapWith(
            Number,
          ),
        approvedLastMonth:
          sql<number>`count(*) filter (where ${applications.createdAt} >= ${lastMonth} and ${applications.createdAt} < ${thisMonth} and ${applications.status} = 'approved')`.mapWith(
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
      .where(and(eq(clients.agencyId, actor.agencyId), gte(clients.createdAt, lastMonth))),
  ])
  const a = apps!
  const rate = (approved: number, total: number) => (total === 0 ? null : (approved / total) * 100)
  const rateNow = rate(a.approvedThisMonth, a.createdThisMonth)
  const rateBefore = rate(a.approvedLastMonth, a.createdLastMonth)
  return {
    total: a.total,
    pending: a.pending,
    approved: a.approved,
    clients: active?.value ?? 0,
    changes: {
      total: percentChange(a.createdThisMonth, a.createdLastMonth),
      pending: percentChange(a.pendingThisWeek, a.pendingLastWeek),
      approvalRate: rateNow === null || rateBefore === null ? null : Math.round(rateNow - rateBefore),
      clients: percentChange(newClients?.thisMonth ?? 0, newClients?.lastMonth ?? 0),
    },
  }
}

/** The agency's three carriers with the most applications, with their status. */
export async function getTopCarriers(db: Executor, ctx: Ctx) {
  const counts = await countSubmissionsByCarrier(db, ctx.actor.agencyId, 'application')
  const top = [...counts]
    .map(([carrierId, applications]) => ({ carrierId, applications }))
    .sort((a, b) => b.applications - a.applications)
    .slice(0, 3)
  const carriers = await findAgencyCarriers(
    db,
    ctx.actor.agencyId,
    top.map((row) => row.carrierId),
  )
  return top.flatMap((row) => {
    const carrier = carriers.find((c) => c.id === row.carrierId)
    if (!carrier) return []
    const { id, name, status } = toCarrier(carrier)
    return [{ id, name, applications: row.applications, status }]
  })
}
