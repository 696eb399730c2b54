import { type JobHandler, PermanentJobError } from '#server/platform/jobs.ts'
import { findCarrierContact } from '../carriers/carriers.service.ts'
import * as repository from './carrier-delivery.repository.ts'
import { deliverByApi } from './deliver-by-api.ts'
import { deliverByEmail } from './deliver-by-email.ts'
import { deliverByPacket } from './deliver-by-packet.ts'
import type { Delivery, DeliveryDeps } from './delivery-context.ts'
import { failSubmission } from './settle-attempt.ts'

/** Queued before packets were built at queue time (an upgrade): a retry builds one. */
const NO_PACKET = 'This submission was queued before an upgrade and has no packet: retry it to send it.'

/**
 * The worker's handler for one submission: delivers its packet by the method it was queued with
 * and records the attempt and the outcome. Only a queued submission is delivered, so a job that
 * runs again after a crash finds the work done and stops; an API delivery that was in flight when
 * the worker died is sent again with the same idempotency key, which the carrier answers as the
 * same submission.
 */
export function createDeliveryHandler(deps: DeliveryDeps): JobHandler {
  return async (job) => {
    const submissionId = String(job.payload.submissionId ?? '')
    if (!job.agencyId || !submissionId)
      throw new PermanentJobError('A delivery job needs an agency and a submission')
    const submission = await repository.findSubmission(deps.db, job.agencyId, submissionId)
    if (submission?.status !== 'queued') return
    const carrier = await findCarrierContact(deps.db, job.agencyId, submission.carrierId)
    if (!carrier)
      throw new PermanentJobError('The carrier of this submission is no longer visible to its agency')
    const startedAt = new Date()
    const { body } = submission
    if (!body) return failSubmission(deps.db, submission, carrier.name, { startedAt, message: NO_PACKET })
    const delivery: Delivery = { job, submission: { ...submission, body }, carrier, startedAt }
    switch (submission.method) {
      case 'api':
        return deliverByApi(deps, delivery)
      case 'email':
        return deliverByEmail(deps, delivery)
      case 'pdf':
      case 'manual':
        return deliverByPacket(deps, delivery, submission.method)
      default:
        throw new PermanentJobError(`Unknown submission method ${submission.method}`)
    }
  }
}
