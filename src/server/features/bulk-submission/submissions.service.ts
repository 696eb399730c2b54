import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { ApplicationSubmission } from '#shared/contracts/applications.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { getApplication } from '../applications/applications.service.ts'
import {
  changeSubmission,
  findSubmission,
  findSubmissionDetails,
  requeueSubmission,
} from '../applications/submissions.ts'
import { findAgencyCarriers } from '../carriers/carriers.service.ts'

const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

export async function listSubmissions(db: Db, ctx: Ctx, applicationId: string) {
  await getApplication(db, ctx, applicationId)
  return { submissions: await findSubmissionDetails(db, ctx.actor.agencyId, { applicationId }) }
}

async function detailOf(db: Db, ctx: Ctx, id: string): Promise<ApplicationSubmission> {
  const [detail] = await findSubmissionDetails(db, ctx.actor.agencyId, { ids: [id] })
  if (!detail) throw notFound()
  return detail
}

/** A failed delivery is queued again (with the carrier's current method and a new idempotency key). */
export async function retrySubmission(db: Db, ctx: Ctx, id: string, wake: () => void) {
  const { agencyId, userId } = ctx.actor
  await db.transaction(async (tx) => {
    const submission = await findSubmission(tx, agencyId, id, { forUpdate: true })
    if (!submission) throw notFound()
    if (submission.status !== 'failed') {
      throw new AppError('CONFLICT', {
        message: `Only a failed submission can be retried; this one is ${submission.status}.`,
      })
    }
    const [carrier] = await findAgencyCarriers(tx, agencyId, [submission.carrierId])
    if (!carrier?.effectiveActive)
      throw new AppError('CONFLICT', { message: 'This carrier is not active for your agency.' })
    await requeueSubmission(tx, submission, { userId, method: carrier.submissionMethod })
    await recordAudit(tx, ctx, {
      agencyId,
      actorUserId: userId,
      action: 'submission.retried',
      entityType: 'application_submission',
      entityId: id,
    })
  })
  wake()
  return detailOf(db, ctx, id)
}

/** The agent sent the packet of a PDF, manual (or, without SMTP, email) carrier themselves. */
export async function markSubmissionSent(
  db: Db,
  ctx: Ctx,
  id: string,
  confirmationNumber: string | undefined,
) {
  const { agencyId, userId } = ctx.actor
  await db.transaction(async (tx) => {
    const submission = await findSubmission(tx, agencyId, id, { forUpdate: true })
    if (!submission) throw notFound()
    if (submission.status !== 'action_required') {
      throw new AppError('CONFLICT', {
        message: `Only a submission waiting for you can be marked sent; this one is ${submission.status}.`,
      })
    }
    await changeSubmission(tx, submission, {
      status: 'sent',
      source: 'agent',
      message: confirmationNumber
        ? `Sent by the agent; confirmation ${confirmationNumber}`
        : 'Sent by the agent',
      ...(confirmationNumber ? { confirmationNumber } : {}),
      deliveredAt: new Date(),
    })
    await recordAudit(tx, ctx, {
      agencyId,
      actorUserId: userId,
      action: 'submission.marked_sent',
      entityType: 'application_submission',
      entityId: id,
    })
  })
  return detailOf(db, ctx, id)
}
