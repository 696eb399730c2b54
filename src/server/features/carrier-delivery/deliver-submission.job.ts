import { isLastAttempt, type JobHandler, PermanentJobError } from '#server/platform/jobs.ts'
import { findCarrierContact } from '../carriers/carriers.service.ts'
import { findDocumentInfo } from '../documents/documents.service.ts'
import * as repository from './carrier-delivery.repository.ts'
import { deliverByApi } from './deliver-by-api.ts'
import { deliverByEmail } from './deliver-by-email.ts'
import { deliverByPacket } from './deliver-by-packet.ts'
import type { Delivery, DeliveryDeps } from './delivery-context.service.ts'
import { attachPacket } from './send-to-carriers.ts'
import { failSubmission } from './settle-attempt.ts'

type Carrier = Delivery['carrier']

/**
 * A submission queued before packets were built at queue time (it was in flight during an
 * upgrade) gets its packet now, once, from its record's owner. Null when the record is gone.
 */
async function withPacket(deps: DeliveryDeps, submission: repository.SubmissionRow, carrier: Carrier) {
  if (submission.body) return { ...submission, body: submission.body }
  return deps.db.transaction(async (tx) => {
    const current = await repository.findSubmission(tx, submission.agencyId, submission.id, {
      forUpdate: true,
    })
    if (current?.status !== 'queued') return null
    if (!current.body) {
      const source = deps.packetSources[current.recordType]
      const packet = await source?.(tx, current.agencyId, current.recordId, current.requestedByUserId)
      if (!packet) return null
      await attachPacket(tx, deps.storage, current, packet, carrier)
    }
    const packed = await repository.findSubmission(tx, current.agencyId, current.id)
    return packed?.body ? { ...packed, body: packed.body } : null
  })
}

async function dispatch(deps: DeliveryDeps, delivery: Delivery): Promise<void> {
  const method = delivery.submission.method
  switch (method) {
    case 'api':
      return deliverByApi(deps, delivery)
    case 'email':
      return deliverByEmail(deps, delivery)
    case 'pdf':
    case 'manual':
      return deliverByPacket(deps, delivery, method)
    default:
      throw new PermanentJobError(`Unknown submission method ${method}`)
  }
}

/**
 * The worker's handler for one submission: delivers its packet by the method it was queued with
 * and records the attempt and the outcome. Only a queued submission is delivered, so a job that
 * runs again after a crash finds the work done and stops; an API delivery that was in flight when
 * the worker died is sent again with the same idempotency key, which the carrier answers as the
 * same submission. Whatever ends the job for good also ends the submission, visibly: none is left
 * queued with no job behind it.
 */
export function createDeliveryHandler(deps: DeliveryDeps): JobHandler {
  return async (job) => {
    const submissionId = String(job.payload.submissionId ?? '')
    if (!job.agencyId || !submissionId)
      throw new PermanentJobError('A delivery job needs an agency and a submission')
    const found = await repository.findSubmission(deps.db, job.agencyId, submissionId)
    if (found?.status !== 'queued') return
    const startedAt = new Date()
    const carrier = await findCarrierContact(deps.db, job.agencyId, found.carrierId)
    if (!carrier) {
      const message = 'This carrier is no longer available to your agency.'
      return failSubmission(deps.db, found, 'the carrier', { startedAt, message })
    }
    try {
      const submission = await withPacket(deps, found, carrier)
      if (!submission) {
        const message = 'What this submission sends no longer exists, so it cannot be delivered.'
        return await failSubmission(deps.db, found, carrier.name, { startedAt, message })
      }
      const info = submission.documentId
        ? await findDocumentInfo(deps.db, submission.agencyId, submission.documentId)
        : undefined
      const packet = info ? { documentId: info.id, filename: info.filename } : null
      await dispatch(deps, { job, submission, carrier, packet, startedAt })
    } catch (error) {
      if (error instanceof PermanentJobError || !isLastAttempt(job)) throw error
      // Something unexpected on the last attempt (a secret that no longer decrypts, storage down):
      // the agent sees a failure to retry, and the job still fails as an error for an operator.
      const message = 'Delivery failed on an unexpected error; retry it, and tell support if it fails again.'
      await failSubmission(deps.db, found, carrier.name, { startedAt, message }).catch(() => undefined)
      throw error
    }
  }
}
