import { isLastAttempt } from '#server/platform/jobs.ts'
import { findConnectionSecret } from './carrier-connections.service.ts'
import { type CarrierReply, classifyCarrierReply } from './classify-answer.ts'
import type { Delivery, DeliveryDeps } from './delivery-context.service.ts'
import { CarrierUnreachableError, postToCarrier } from './post-to-carrier.ts'
import { failSubmission, retryLater, settleAttempt } from './settle-attempt.ts'

/** POSTs the packet's body to the agency's connection, signed, and records what the carrier's answer means. */
export async function deliverByApi(deps: DeliveryDeps, delivery: Delivery): Promise<void> {
  const { job, submission, carrier, startedAt } = delivery
  const connection = await findConnectionSecret(deps.db, deps.cipher, submission.agencyId, carrier.id)
  if (!connection?.apiEndpoint || !connection.secret) {
    const message = `No API connection for ${carrier.name}: add its endpoint and secret under Carriers, then retry.`
    return failSubmission(deps.db, submission, carrier.name, { startedAt, message })
  }
  let reply: CarrierReply
  try {
    reply = await postToCarrier({
      endpoint: connection.apiEndpoint,
      secret: connection.secret,
      body: submission.body,
      idempotencyKey: submission.deliveryKey,
      timeoutMs: deps.apiTimeoutMs,
      allowList: deps.allowList,
    })
  } catch (error) {
    if (!(error instanceof CarrierUnreachableError)) throw error
    reply = { unreachable: error.message }
  }
  const verdict = classifyCarrierReply(carrier.name, reply)
  if (verdict.kind === 'delivered') {
    await settleAttempt(
      deps.db,
      submission,
      { startedAt, outcome: 'delivered', httpStatus: verdict.httpStatus },
      { status: 'sent', message: verdict.message, confirmationNumber: verdict.confirmationNumber },
    )
    return
  }
  if (verdict.kind === 'refused') {
    const { message, httpStatus } = verdict
    return failSubmission(deps.db, submission, carrier.name, { startedAt, httpStatus, message })
  }
  const { problem, httpStatus } = verdict
  if (isLastAttempt(job)) {
    const message = `${problem}; gave up after ${job.attempts} attempts`
    return failSubmission(deps.db, submission, carrier.name, {
      startedAt,
      httpStatus,
      message,
      error: problem,
    })
  }
  return retryLater(deps.db, submission, job, { startedAt, problem, httpStatus })
}
