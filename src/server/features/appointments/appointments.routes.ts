import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  createAppointmentCall,
  listAppointmentsCall,
  submitAppointmentCall,
  updateAppointmentStatusCall,
} from '#shared/contracts/appointments.contract.ts'
import {
  getDirectDepositCall,
  postDirectDepositCall,
  revealDirectDepositCall,
  saveDirectDepositCall,
} from '#shared/contracts/appointments-direct-deposit.contract.ts'
import { getProducerProfileCall } from '#shared/contracts/appointments-producer-profile.contract.ts'
import { AGENCY_ADMIN_ROLES } from '#shared/domain/roles.ts'
import type { DeliverySettings } from '../carrier-delivery/carrier-delivery.service.ts'
import { updateAppointmentStatus } from './appointment-status.service.ts'
import { createAppointment, getProducerProfile, listAppointments } from './appointments.service.ts'
import { getDirectDeposit, revealDirectDeposit, saveDirectDeposit } from './direct-deposit.service.ts'
import { submitAppointment } from './submit-appointment.ts'

export function appointmentsRoutes(
  app: FastifyInstance,
  deps: { db: Db; cipher: FieldCipher; storage: FileStorage; delivery: DeliverySettings },
): void {
  const { db, cipher, delivery } = deps
  registerCall(app, createAppointmentCall, {}, async ({ raw, body }) =>
    createAppointment(db, requireCtx(raw), body),
  )
  registerCall(app, listAppointmentsCall, {}, async ({ raw, query }) => ({
    data: await listAppointments(db, requireCtx(raw), query.scope),
  }))
  registerCall(app, getProducerProfileCall, {}, async ({ raw }) => getProducerProfile(db, requireCtx(raw)))
  registerCall(app, submitAppointmentCall, {}, async ({ raw, params, body }) =>
    submitAppointment(db, requireCtx(raw), params.id, body.carrierIds, {
      storage: deps.storage,
      wake: delivery.wake,
      waitMs: delivery.submitWaitMs,
    }),
  )
  registerCall(
    app,
    updateAppointmentStatusCall,
    { roles: AGENCY_ADMIN_ROLES },
    async ({ raw, params, body }) =>
      updateAppointmentStatus(
        db,
        requireCtx(raw),
        { appointmentId: params.id, carrierId: params.carrierId },
        body,
      ),
  )
  for (const call of [saveDirectDepositCall, postDirectDepositCall]) {
    registerCall(app, call, {}, async ({ raw, body }) => saveDirectDeposit(db, cipher, requireCtx(raw), body))
  }
  registerCall(app, getDirectDepositCall, {}, async ({ raw }) => {
    const { agencyId, userId } = requireCtx(raw).actor
    return { directDeposit: await getDirectDeposit(db, agencyId, userId) }
  })
  registerCall(app, revealDirectDepositCall, {}, async ({ raw }) =>
    revealDirectDeposit(db, cipher, requireCtx(raw)),
  )
}
