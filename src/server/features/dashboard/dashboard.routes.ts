import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import { bookFiguresCall, dashboardStatsCall, topCarriersCall } from '#shared/contracts/dashboard.contract.ts'
import { getBookFigures } from '../policies/policy-figures.service.ts'
import { getDashboardStats, getTopCarriers } from './dashboard.service.ts'

export function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerCall(app, dashboardStatsCall, {}, async ({ raw }) => getDashboardStats(db, requireCtx(raw)))
  registerCall(app, topCarriersCall, {}, async ({ raw }) => ({
    data: await getTopCarriers(db, requireCtx(raw)),
  }))
  registerCall(app, bookFiguresCall, {}, async ({ raw }) =>
    getBookFigures(db, requireCtx(raw).actor.agencyId),
  )
}
