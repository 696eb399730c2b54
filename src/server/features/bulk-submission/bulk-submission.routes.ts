import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  bulkSubmitCall,
  listSubmissionsCall,
  recommendationsCall,
  submitCall,
} from '#shared/contracts/bulk-submission.contract.ts'
import { listApplicationSubmissions } from '../applications/applications.service.ts'
import type { DeliverySettings } from '../carrier-delivery/carrier-delivery.service.ts'
import { submitManyToCarriers } from './bulk-submit.service.ts'
import { getRecommendations } from './recommendations.service.ts'
import { submitToCarriers } from './submit.service.ts'

export function bulkSubmissionRoutes(
  app: FastifyInstance,
  { db, storage, delivery }: { db: Db; storage: FileStorage; delivery: DeliverySettings },
): void {
  const submitOptions = { storage, wake: delivery.wake, waitMs: delivery.submitWaitMs }
  const headerKey = (raw: { headers: Record<string, unknown> }) => {
    const header = raw.headers['idempotency-key']
    return typeof header === 'string' ? header : undefined
  }
  registerCall(app, recommendationsCall, {}, async ({ raw, body }) =>
    getRecommendations(db, requireCtx(raw), body),
  )
  registerCall(app, submitCall, {}, async ({ raw, body }) =>
    submitToCarriers(db, requireCtx(raw), body, headerKey(raw), submitOptions),
  )
  registerCall(app, bulkSubmitCall, {}, async ({ raw, body }) =>
    submitManyToCarriers(db, requireCtx(raw), body, headerKey(raw), submitOptions),
  )
  registerCall(app, listSubmissionsCall, {}, async ({ raw, params }) =>
    listApplicationSubmissions(db, requireCtx(raw), params.id),
  )
}
