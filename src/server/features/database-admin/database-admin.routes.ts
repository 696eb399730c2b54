import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  DATABASE_ROLES,
  getDatabasePerformanceCall,
  getDatabaseStatusCall,
  optimizeDatabaseCall,
} from '#shared/contracts/database-admin.contract.ts'
import { getDatabasePerformance, getDatabaseStatus, optimizeDatabase } from './database-admin.service.ts'

export function databaseAdminRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps
  // Polling: the screen asks every 30 and 60 seconds, which is not the admin being active.
  const POLLED = { roles: DATABASE_ROLES, passive: true }
  registerCall(app, getDatabaseStatusCall, POLLED, async () => getDatabaseStatus(db))
  registerCall(app, getDatabasePerformanceCall, POLLED, async () => getDatabasePerformance(db))
  registerCall(app, optimizeDatabaseCall, { roles: DATABASE_ROLES }, async ({ raw }) =>
    optimizeDatabase(db, requireCtx(raw)),
  )
}
