import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import {
  CARRIER_REPORTED_STATUSES,
  carrierMayReport,
  SUBMISSION_STATUS_LABELS,
} from '#shared/domain/submission-status.ts'
import { findCarrierContact } from '../carriers/carriers.service.ts'
import { findConnectionSecret } from './carrier-connections.service.ts'
import * as repository from './carrier-delivery.repository.ts'
import { changeSubmission } from './change-submission.ts'
import { notifySender } from './record-carrier-answer.ts'
import { verifySignature, WEBHOOK_TOLERANCE_SECONDS } from './signing.service.ts'

export const CarrierEventSchema = z.object({
  eventId: z.string().trim().min(1).max(200),
  submissionId: z.uuid(),
  status: z.enum(CARRIER_REPORTED_STATUSES),
  message: z.string().trim().max(1000).optional(),
  confirmationNumber: z.string().trim().max(100).optional(),
})
export type CarrierEvent = z.infer<typeof CarrierEventSchema>

export const EVENT_SHAPE_MESSAGE =
  'Expected eventId, submissionId and a status of acknowledged, under_review, approved or declined'

export type WebhookVerdict =
  | { refused: true }
  | { refused: false; applied: boolean; reason?: string; status?: string }

export interface SignedEvent {
  carrierId: string
  event: CarrierEvent
  raw: Buffer
  timestamp: number
  signature: string
}

/**
 * Checks the signature with the agency's secret for this carrier (the agency is the one whose
 * submission the event names), then applies the event. A bad signature or an unknown submission
 * is refused, the same way each time, so a prober learns nothing.
 */
export async function receiveCarrierEvent(
  db: Db,
  cipher: FieldCipher,
  meta: RequestMeta,
  signed: SignedEvent,
  log: { warn(obj: object, msg: string): void },
): Promise<WebhookVerdict> {
  const { carrierId, event, raw, timestamp, signature } = signed
  const agencyId = await repository.findSubmissionAgency(db, event.submissionId, carrierId)
  const connection = agencyId ? await findConnectionSecret(db, cipher, agencyId, carrierId) : null
  if (!agencyId || !connection?.secret || !verifySignature(connection.secret, timestamp, raw, signature)) {
    log.warn({ carrierId }, 'carrier webhook refused')
    return { refused: true }
  }
  const age = Math.abs(Date.now() / 1000 - timestamp)
  if (age > WEBHOOK_TOLERANCE_SECONDS) {
    log.warn({ carrierId, age }, 'carrier webhook too old: ignored')
    return { refused: false, applied: false, reason: 'Event is too old' }
  }
  return applyEvent(db, meta, carrierId, agencyId, event)
}

/** Where in the submission's story this event lands, in one transaction; replays and stale events change nothing. */
async function applyEvent(
  db: Db,
  meta: RequestMeta,
  carrierId: string,
  agencyId: string,
  event: CarrierEvent,
): Promise<WebhookVerdict> {
  return db.transaction(async (tx) => {
    const fresh = await repository.recordWebhookEvent(tx, {
      carrierId,
      agencyId,
      eventId: event.eventId,
      submissionId: event.submissionId,
    })
    if (!fresh) return { refused: false, applied: false, reason: 'Event already received' }
    const submission = await repository.findSubmission(tx, agencyId, event.submissionId, { forUpdate: true })
    if (!submission) return { refused: true }
    if (!carrierMayReport(submission.status, event.status)) {
      return { refused: false, applied: false, reason: `Submission is already ${submission.status}` }
    }
    const carrier = await findCarrierContact(tx, agencyId, carrierId)
    const carrierName = carrier?.name ?? 'The carrier'
    const label = SUBMISSION_STATUS_LABELS[event.status].toLowerCase()
    const message = event.message ?? `${carrierName} reports the application ${label}`
    await changeSubmission(tx, submission, {
      status: event.status,
      source: 'carrier',
      message,
      ...(event.confirmationNumber ? { confirmationNumber: event.confirmationNumber } : {}),
    })
    await notifySender(tx, submission, { carrierName, status: event.status, message })
    await recordAuditAs(
      tx,
      meta,
      { agencyId, actorUserId: null },
      {
        action: 'submission.carrier_update',
        entity: { type: 'carrier_submission', id: submission.id },
        details: { carrierId, eventId: event.eventId, from: submission.status, to: event.status },
      },
    )
    return { refused: false, applied: true, status: event.status }
  })
}
