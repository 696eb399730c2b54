import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { Appointment, AppointmentInputSchema } from '#shared/contracts/appointments.contract.ts'
import type { ProducerProfile } from '#shared/contracts/appointments-producer-profile.contract.ts'
import { appointmentStatusOf } from '#shared/domain/appointment-status.ts'
import { DOCUMENT_TYPES } from '#shared/domain/document-types.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { listSubmissionsOfRecords } from '../carrier-delivery/carrier-delivery.service.ts'
import { latestUploadsByType } from '../documents/documents.service.ts'
import { toAppointment } from './appointment-view.service.ts'
import * as repository from './appointments.repository.ts'

type AppointmentInput = z.output<typeof AppointmentInputSchema>

export const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

/**
 * Records the agent's signed application with the evidence of the signature: what the form
 * reported (its IP, often 'unknown', its user agent and location) beside the address and user
 * agent the server saw. No third-party IP lookup is made: it would tell a stranger where the
 * agent is.
 */
export async function createAppointment(db: Db, ctx: Ctx, input: AppointmentInput): Promise<Appointment> {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const row = await repository.insertAppointment(tx, {
      ...input,
      agencyId,
      userId,
      requestIpAddress: ctx.ipAddress,
      requestUserAgent: ctx.userAgent,
    })
    await recordAudit(tx, ctx, {
      action: 'appointment.created',
      entity: { type: 'appointment', id: row.id },
      details: { termsVersion: row.termsVersion, states: row.stateLicenses.length },
    })
    const [listed] = await listWithCarriers(tx, agencyId, { id: row.id })
    return listed!
  })
}

async function listWithCarriers(
  executor: Executor,
  agencyId: string,
  only: { userId?: string; id?: string },
) {
  const rows = await repository.listAppointments(executor, agencyId, only)
  const [agents, submissions] = await Promise.all([
    findUserNames(
      executor,
      rows.map((row) => row.userId),
    ),
    listSubmissionsOfRecords(
      executor,
      agencyId,
      'appointment',
      rows.map((row) => row.id),
    ),
  ])
  return rows.flatMap((appointment) => {
    const agent = agents.get(appointment.userId)
    if (!agent) return []
    return [
      toAppointment(
        appointment,
        `${agent.firstName} ${agent.lastName}`.trim(),
        submissions.filter((submission) => submission.recordId === appointment.id),
      ),
    ]
  })
}

/** The agent's applications, newest first (the last 100); an agency admin may ask for everyone's. */
export async function listAppointments(db: Db, ctx: Ctx, scope: 'mine' | 'agency'): Promise<Appointment[]> {
  const { agencyId, userId, role } = ctx.actor
  if (scope === 'agency' && !isAgencyAdmin(role))
    throw new AppError('FORBIDDEN', { message: GENERIC_MESSAGES.forbidden })
  return listWithCarriers(db, agencyId, scope === 'agency' ? {} : { userId })
}

/** One application as the history shows it (the caller checked it is the agency's). */
export async function findAppointmentView(executor: Executor, agencyId: string, id: string) {
  const [view] = await listWithCarriers(executor, agencyId, { id })
  if (!view) throw notFound()
  return view
}

/** Whether the id is one of this agent's own applications (an upload may name one). */
export async function isOwnAppointment(executor: Executor, agencyId: string, userId: string, id: string) {
  const row = await repository.findAppointment(executor, agencyId, id)
  return row?.userId === userId
}

const today = () => new Date().toISOString().slice(0, 10)

/** What a new application starts from, and which documents are on file. */
export async function getProducerProfile(db: Db, ctx: Ctx): Promise<ProducerProfile> {
  const { agencyId, userId } = ctx.actor
  const latest = await repository.findLatestAppointment(db, agencyId, userId)
  const uploads = await latestUploadsByType(db, agencyId, userId)
  const documents = DOCUMENT_TYPES.map((documentType) => {
    const upload = uploads.get(documentType)
    const expiresOn = documentType === 'eo_certificate' && upload ? (latest?.eoExpirationDate ?? null) : null
    return {
      documentType,
      document: upload
        ? {
            id: upload.id,
            fileName: upload.fileName,
            fileSize: upload.fileSize,
            uploadedAt: upload.uploadedAt,
          }
        : null,
      expiresOn,
      expired: expiresOn !== null && expiresOn < today(),
    }
  })
  const prefill = latest
    ? {
        fullName: latest.fullName,
        npn: latest.npn,
        email: latest.email,
        phone: latest.phone,
        stateLicenses: latest.stateLicenses,
        linesOfAuthority: latest.linesOfAuthority,
        eoInsuranceCarrier: latest.eoInsuranceCarrier,
        eoInsuranceAmount: latest.eoInsuranceAmount,
        eoExpirationDate: latest.eoExpirationDate,
        agencyAffiliation: latest.agencyAffiliation,
        agencyCode: latest.agencyCode,
      }
    : null
  return { prefill, documents }
}

/**
 * Which of these users have a carrier appointment approved by at least one carrier (the
 * onboarding checklist's carrier appointments), read from the carriers' answers.
 */
export async function findUsersWithApprovedAppointment(
  executor: Executor,
  agencyId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  // Read by agency (its index) and narrowed here: a list of 2,000 user ids would cost more to send.
  const wanted = new Set(userIds)
  const owners = (await repository.listAppointmentOwners(executor, agencyId)).filter((owner) =>
    wanted.has(owner.userId),
  )
  if (owners.length === 0) return new Set()
  const submissions = await listSubmissionsOfRecords(
    executor,
    agencyId,
    'appointment',
    owners.map((owner) => owner.id),
  )
  const approved = new Set(
    submissions
      .filter((submission) => appointmentStatusOf(submission.status) === 'approved')
      .map((submission) => submission.recordId),
  )
  return new Set(owners.filter((owner) => approved.has(owner.id)).map((owner) => owner.userId))
}
