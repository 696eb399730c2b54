import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '#shared/domain/submission-status.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { mailUserIfWanted } from '../auth/mail-if-wanted.ts'
import { findCarrierContact } from '../carriers/carriers.service.ts'
import { notifyUser } from '../notifications/notifications.service.ts'
import * as repository from './carrier-delivery.repository.ts'
import type { SubmissionRecord } from './carrier-packet.service.ts'
import { changeSubmission } from './change-submission.ts'

/**
 * Tells the agent who sent a submission that its carrier answered (a final answer is high
 * priority), in the app and, when their "application updates" preference is on, by email.
 */
export async function notifySender(
  tx: Executor,
  submission: Pick<repository.SubmissionRow, 'agencyId' | 'requestedByUserId' | 'subject'>,
  answer: { carrierName: string; status: SubmissionStatus; message: string },
): Promise<void> {
  if (!submission.requestedByUserId) return
  const label = SUBMISSION_STATUS_LABELS[answer.status].toLowerCase()
  const title = `${answer.carrierName}: ${submission.subject ?? 'submission'} ${label}`
  await notifyUser(tx, {
    agencyId: submission.agencyId,
    userId: submission.requestedByUserId,
    title,
    message: answer.message,
    type: 'update',
    priority: answer.status === 'approved' || answer.status === 'declined' ? 'high' : 'normal',
  })
  await mailUserIfWanted(tx, {
    agencyId: submission.agencyId,
    userId: submission.requestedByUserId,
    kind: 'applicationUpdates',
    subject: title,
    text: `${answer.message}\n\nYou get this email because "Application updates" is on in Settings › Notifications.`,
  })
}

export interface CarrierAnswer {
  status: SubmissionStatus
  message?: string
  /** The owner's state machine: null when the move is allowed, else the 409's message. */
  refuse: (from: SubmissionStatus) => string | null
}

/**
 * An agency admin records a carrier's answer that came outside the API (by phone, letter or the
 * carrier's portal), in the caller's transaction: the submission moves with the agent as its
 * source, the agent who sent it is notified, and the change is audited.
 */
export async function recordCarrierAnswer(
  tx: Executor,
  ctx: Ctx,
  record: SubmissionRecord,
  carrierId: string,
  answer: CarrierAnswer,
): Promise<void> {
  const { agencyId } = ctx.actor
  const [submission] = await repository.findSubmissionsOfRecord(tx, agencyId, record, [carrierId])
  if (!submission) throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
  const refusal = answer.refuse(submission.status)
  if (refusal) throw new AppError('CONFLICT', { message: refusal })
  const carrierName = (await findCarrierContact(tx, agencyId, carrierId))?.name ?? 'The carrier'
  const label = SUBMISSION_STATUS_LABELS[answer.status].toLowerCase()
  const message = answer.message || `${carrierName}: ${label}, recorded by the agency`
  await changeSubmission(tx, submission, { status: answer.status, source: 'agent', message })
  await notifySender(tx, submission, { carrierName, status: answer.status, message })
  await recordAudit(tx, ctx, {
    action: 'submission.status_recorded',
    entity: { type: 'carrier_submission', id: submission.id },
    details: { carrierId, from: submission.status, to: answer.status },
  })
}
