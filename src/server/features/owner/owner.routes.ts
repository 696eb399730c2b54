import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import { getOwnerDashboardCall, OWNER_ROLES } from '#shared/contracts/owner.contract.ts'
import { getOwnerDashboard } from './owner.service.ts'

export function ownerRoutes(app: FastifyInstance, deps: { db: Db }): void {
  registerCall(app, getOwnerDashboardCall, { roles: OWNER_ROLES }, async ({ raw }) =>
    getOwnerDashboard(deps.db, requireCtx(raw)),
  )
}
