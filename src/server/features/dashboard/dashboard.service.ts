import type { Executor } from '#server/db/connect.ts'
import { utcDaysBefore, utcMonthStart } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import { countSubmissionsByCarrier } from '../carrier-delivery/carrier-delivery.service.ts'
import { findAgencyCarriers, toCarrier } from '../carriers/carriers.service.ts'
import { countDashboardFigures } from '../reporting/dashboard-figures.service.ts'

// The dashboard's counts across applications and clients come from the read model (reporting);
// the top carriers from carrier delivery's and carriers' services.

function percentChange(current: number, previous: number): number | null {
  return previous === 0 ? null : Math.round(((current - previous) / previous) * 100)
}

export async function getDashboardStats(db: Executor, { actor }: Ctx, now = new Date()) {
  const {
    applications: a,
    activeClients,
    newClients,
  } = await countDashboardFigures(db, actor.agencyId, {
    thisMonth: utcMonthStart(now),
    lastMonth: utcMonthStart(now, -1),
    weekAgo: utcDaysBefore(now, 7),
    twoWeeksAgo: utcDaysBefore(now, 14),
  })
  const rate = (approved: number, total: number) => (total === 0 ? null : (approved / total) * 100)
  const rateNow = rate(a.approvedThisMonth, a.createdThisMonth)
  const rateBefore = rate(a.approvedLastMonth, a.createdLastMonth)
  return {
    total: a.total,
    pending: a.pending,
    approved: a.approved,
    clients: activeClients,
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
