import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  getCarrierConnectionCall,
  markSubmissionSentCall,
  retrySubmissionCall,
  updateCarrierConnectionCall,
} from '#shared/contracts/carrier-delivery.contract.ts'
import { AGENCY_ADMIN_ROLES } from '#shared/domain/roles.ts'
import { getConnection, updateConnection } from './carrier-connections.service.ts'
import { type DeliverySettings, markSubmissionSent, retrySubmission } from './carrier-delivery.service.ts'
import type { PacketSources } from './carrier-packet.service.ts'
import { carrierWebhookRoutes } from './carrier-webhooks.routes.ts'
import type { CarrierAnswerHandlers, RenewalOfferHandler } from './carrier-webhooks.service.ts'

export function carrierDeliveryRoutes(
  app: FastifyInstance,
  deps: {
    db: Db
    cipher: FieldCipher
    storage: FileStorage
    delivery: DeliverySettings
    packetSources: PacketSources
    /** What a carrier's quoted, declined and bound answers record (the quotes feature's). */
    carrierAnswers?: CarrierAnswerHandlers
    /** What a carrier's renewal offer records (the renewals feature's). */
    renewalOffers?: RenewalOfferHandler
  },
): void {
  const { db, cipher, delivery } = deps
  registerCall(app, retrySubmissionCall, {}, async ({ raw, params }) =>
    retrySubmission(db, requireCtx(raw), params.id, { ...deps, wake: delivery.wake }),
  )
  registerCall(app, markSubmissionSentCall, {}, async ({ raw, params, body }) =>
    markSubmissionSent(db, requireCtx(raw), params.id, body.confirmationNumber),
  )
  registerCall(app, getCarrierConnectionCall, {}, async ({ raw, params }) =>
    getConnection(db, requireCtx(raw), params.id, delivery),
  )
  registerCall(
    app,
    updateCarrierConnectionCall,
    { roles: AGENCY_ADMIN_ROLES },
    async ({ raw, params, body }) => updateConnection(db, cipher, requireCtx(raw), params.id, body, delivery),
  )
  carrierWebhookRoutes(app, { db, cipher, answers: deps.carrierAnswers, renewalOffers: deps.renewalOffers })
}
