import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import { getMeasurementIdCall, recordPageViewCall } from '#shared/contracts/analytics.contract.ts'
import { recordPageView } from './analytics.service.ts'

export function analyticsRoutes(
  app: FastifyInstance,
  deps: { db: Db; analyticsMeasurementId?: string; pageViewsPerMinute: number },
): void {
  const { db } = deps
  const measurementId = deps.analyticsMeasurementId ?? null
  registerCall(app, getMeasurementIdCall, { public: true }, async () => ({ measurementId }))
  // Limited per browser session (its cookie), not per address: an office shares one address.
  const LIMIT = {
    rateLimit: {
      max: deps.pageViewsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: { headers: { cookie?: string }; ip: string }) =>
        request.headers.cookie ?? request.ip,
    },
  }
  registerCall(app, recordPageViewCall, LIMIT, async ({ raw, body }) => {
    await recordPageView(db, requireCtx(raw).actor, body)
    return { recorded: true as const }
  })
}
