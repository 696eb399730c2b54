import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  getCarrierConnectionCall,
  listSubmissionsCall,
  markSubmissionSentCall,
  recommendationsCall,
  retrySubmissionCall,
  submitCall,
  updateCarrierConnectionCall,
} from '#shared/contracts/bulk-submission.contract.ts'
import { getConnection, updateConnection } from './carrier-connections.ts'
import { carrierWebhookRoutes } from './carrier-webhooks.ts'
import { getRecommendations } from './recommendations.service.ts'
import type { AllowList } from './ssrf.ts'
import { listSubmissions, markSubmissionSent, retrySubmission } from './submissions.service.ts'
import { submitToCarriers } from './submit.service.ts'

export interface DeliverySettings {
  allowList: AllowList
  publicUrl: string
  /** Asks the in-process job worker to run now. */
  wake: () => void
  /** How long a submit waits for first delivery outcomes. */
  submitWaitMs: number
}

const ADMINS = ['agency_admin', 'platform_owner', 'platform_admin'] as const

export function bulkSubmissionRoutes(
  app: FastifyInstance,
  { db, cipher, delivery }: { db: Db; cipher: FieldCipher; delivery: DeliverySettings },
): void {
  registerCall(app, recommendationsCall, {}, async ({ raw, body }) =>
    getRecommendations(db, requireCtx(raw), body),
  )
  registerCall(app, submitCall, {}, async ({ raw, body }) => {
    const header = raw.headers['idempotency-key']
    return submitToCarriers(db, requireCtx(raw), body, typeof header === 'string' ? header : undefined, {
      wake: delivery.wake,
      waitMs: delivery.submitWaitMs,
    })
  })
  registerCall(app, listSubmissionsCall, {}, async ({ raw, params }) =>
    listSubmissions(db, requireCtx(raw), params.id),
  )
  registerCall(app, retrySubmissionCall, {}, async ({ raw, params }) =>
    retrySubmission(db, requireCtx(raw), params.id, delivery.wake),
  )
  registerCall(app, markSubmissionSentCall, {}, async ({ raw, params, body }) =>
    markSubmissionSent(db, requireCtx(raw), params.id, body.confirmationNumber),
  )
  registerCall(app, getCarrierConnectionCall, {}, async ({ raw, params }) =>
    getConnection(db, requireCtx(raw), params.id, delivery),
  )
  registerCall(app, updateCarrierConnectionCall, { roles: ADMINS }, async ({ raw, params, body }) =>
    updateConnection(db, cipher, requireCtx(raw), params.id, body, delivery),
  )
  carrierWebhookRoutes(app, { db, cipher })
}
