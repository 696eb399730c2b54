import type { Db } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { Appointment } from '#shared/contracts/appointments.contract.ts'
import {
  type ManualAppointmentStatus,
  refusedAppointmentMove,
  SUBMISSION_STATUS_FOR,
} from '#shared/domain/appointment-status.ts'
import { recordCarrierAnswer } from '../carrier-delivery/record-carrier-answer.ts'
import { findAppointment } from './appointments.repository.ts'
import { findAppointmentView, notFound } from './appointments.service.ts'

/**
 * An agency admin moves one carrier's appointment along (submitted → pending → approved |
 * rejected) when the carrier answered outside the API. The appointment's state machine decides;
 * a move it forbids is a 409 naming both states.
 */
export async function updateAppointmentStatus(
  db: Db,
  ctx: Ctx,
  ids: { appointmentId: string; carrierId: string },
  change: { status: ManualAppointmentStatus; message?: string },
): Promise<Appointment> {
  const { agencyId } = ctx.actor
  await db.transaction(async (tx) => {
    if (!(await findAppointment(tx, agencyId, ids.appointmentId))) throw notFound()
    await recordCarrierAnswer(tx, ctx, { type: 'appointment', id: ids.appointmentId }, ids.carrierId, {
      status: SUBMISSION_STATUS_FOR[change.status],
      message: change.message,
      refuse: (from) => refusedAppointmentMove(from, change.status),
    })
  })
  return findAppointmentView(db, agencyId, ids.appointmentId)
}
