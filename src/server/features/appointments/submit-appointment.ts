import type { Db } from '#server/db/connect.ts'
import { invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { undoableStorage } from '#server/platform/storage/undoable-storage.ts'
import { APPOINTMENT_TEXTS, type CarrierResult } from '#shared/contracts/appointments.contract.ts'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { outcomeOf } from '#shared/domain/submission-status.ts'
import { findSubmissionsByIds, waitForFirstAttempts } from '../carrier-delivery/carrier-delivery.service.ts'
import { QUEUED_TEXTS } from '../carrier-delivery/change-submission.ts'
import { sendToCarriers } from '../carrier-delivery/send-to-carriers.ts'
import { findAgencyCarriers } from '../carriers/carriers.service.ts'
import { findAppointment } from './appointments.repository.ts'
import { notFound } from './appointments.service.ts'
import { buildAppointmentPacket } from './build-appointment-packet.ts'

export interface SubmitAppointmentDeps {
  storage: FileStorage
  /** Ask the in-process worker to run now. */
  wake: () => void
  /** How long the answer waits for first delivery outcomes. */
  waitMs: number
}

const DEFAULT_MESSAGE = {
  success: 'Delivered to the carrier',
  pending: QUEUED_TEXTS.first,
  failed: 'Delivery failed',
} as const

function toResult(submission: CarrierSubmission): CarrierResult {
  const status = outcomeOf(submission.status)
  const message = submission.message ?? DEFAULT_MESSAGE[status]
  return {
    carrierId: submission.carrierId,
    carrierName: submission.carrierName,
    result: {
      status,
      message,
      confirmationNumber: submission.confirmationNumber,
      errors: status === 'failed' ? [message] : [],
    },
  }
}

/**
 * Sends the agent's own application to carriers: one submission per carrier with its packet,
 * all in one transaction (no appointment submission is half-written, and the packets stored for
 * a transaction that rolled back are removed). Answers each carrier's first delivery outcome, or
 * pending when it is still under way.
 */
export async function submitAppointment(
  db: Db,
  ctx: Ctx,
  id: string,
  carrierIds: string[],
  deps: SubmitAppointmentDeps,
): Promise<CarrierResult[]> {
  const { agencyId, userId } = ctx.actor
  const wanted = [...new Set(carrierIds)]
  const since = new Date()
  const files = undoableStorage(deps.storage)
  let submissionIds: string[]
  try {
    submissionIds = await db.transaction(async (tx) => {
      const appointment = await findAppointment(tx, agencyId, id, { forUpdate: true })
      if (appointment?.userId !== userId) throw notFound()
      const found = await findAgencyCarriers(tx, agencyId, wanted)
      const active = new Map(found.filter((carrier) => carrier.effectiveActive).map((c) => [c.id, c]))
      const inactive = carrierIds.findIndex((carrierId) => !active.has(carrierId))
      if (inactive >= 0) throw invalidField(`carrierIds.${inactive}`, APPOINTMENT_TEXTS.carrierNotActive)
      const targets = wanted.map((carrierId) => active.get(carrierId)!)
      const packet = await buildAppointmentPacket(tx, files.storage, agencyId, id, targets)
      if (!packet) throw notFound()
      const sent = await sendToCarriers(tx, files.storage, {
        agencyId,
        requestedByUserId: userId,
        packet,
        targets,
      })
      await recordAudit(tx, ctx, {
        action: 'appointment.submitted_to_carriers',
        entity: { type: 'appointment', id: id },
        details: {
          carriers: targets.length,
          queued: sent.queued,
          alreadySubmitted: sent.alreadySubmitted.size,
        },
      })
      return wanted.map((carrierId) => sent.submissionIds.get(carrierId)!)
    })
  } catch (error) {
    await files.undo()
    throw error
  }
  deps.wake()
  await waitForFirstAttempts(db, agencyId, submissionIds, since, deps.waitMs)
  const details = await findSubmissionsByIds(db, agencyId, submissionIds)
  const byId = new Map(details.map((detail) => [detail.id, detail]))
  return submissionIds.flatMap((submissionId) => {
    const detail = byId.get(submissionId)
    return detail ? [toResult(detail)] : []
  })
}
