import type { Executor } from '#server/db/connect.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { DocumentType } from '#shared/domain/document-types.ts'
import { findUserContact } from '../auth/auth.service.ts'
import { findCarriersOf } from '../carrier-delivery/carrier-delivery.service.ts'
import type { PacketCarrier, PacketSource, RecordPacket } from '../carrier-delivery/carrier-packet.service.ts'
import { latestUploadsByType, readDocumentBytes } from '../documents/documents.service.ts'
import { appointmentPayload, type PacketDocument } from './appointment-payload.service.ts'
import { findAppointment } from './appointments.repository.ts'
import { getDirectDeposit } from './direct-deposit.service.ts'
import { type Attachment, renderAppointmentPacket } from './render-appointment-packet.ts'

/** The uploads every carrier's contracting team asks for, appended to the PDF in this order. */
const APPENDED: readonly DocumentType[] = ['w9', 'eo_certificate', 'voided_check']

function packetFilename(fullName: string, carrierCode: string): string {
  return `appointment-${fullName}-${carrierCode}.pdf`.replace(/[^\w.-]+/g, '-').toLowerCase()
}

/**
 * An appointment's packet for carrier delivery: the JSON an API carrier receives and, for the
 * others, the PDF with the W-9, E&O certificate and voided check appended. The agent's uploads are
 * read once, however many carriers it goes to. Null when the appointment is not the agency's.
 */
export async function buildAppointmentPacket(
  executor: Executor,
  storage: FileStorage,
  agencyId: string,
  appointmentId: string,
  carriers: PacketCarrier[],
): Promise<RecordPacket | null> {
  const appointment = await findAppointment(executor, agencyId, appointmentId)
  if (!appointment) return null
  const agent = await findUserContact(executor, agencyId, appointment.userId)
  const uploads = await latestUploadsByType(executor, agencyId, appointment.userId)
  const documents: PacketDocument[] = [...uploads].map(([documentType, upload]) => ({
    documentType,
    fileName: upload.fileName,
    sizeBytes: upload.fileSize,
    sha256: upload.sha256,
  }))
  const attachments: Attachment[] = []
  for (const documentType of APPENDED) {
    const upload = uploads.get(documentType)
    if (!upload) continue
    attachments.push({
      documentType,
      fileName: upload.fileName,
      mimeType: upload.contentType,
      bytes: await readDocumentBytes(executor, storage, agencyId, upload.id),
    })
  }
  const source = {
    appointment,
    agencyName: agent?.agencyName ?? '',
    sender: agent ? { name: agent.name, email: agent.email } : null,
    directDeposit: await getDirectDeposit(executor, agencyId, appointment.userId),
    documents,
  }
  const record = { type: 'appointment', id: appointmentId } as const
  const byId = new Map(
    [...(await findCarriersOf(executor, agencyId, record)), ...carriers].map((c) => [c.id, c]),
  )
  const everyCarrier = [...byId.values()].map((c) => c.name).sort((a, b) => a.localeCompare(b))
  const submittedAt = new Date().toISOString()
  return {
    record,
    subject: `Producer appointment application: ${appointment.fullName} (NPN ${appointment.npn})`,
    summary: `a producer appointment application for ${appointment.fullName} (NPN ${appointment.npn}), submitted by ${source.agencyName}`,
    documentKind: 'carrier_packet',
    ownerUserId: appointment.userId,
    contentFor(submissionId, carrier) {
      const payload = appointmentPayload(
        source,
        submissionId,
        { id: carrier.id, code: carrier.code, name: carrier.name },
        submittedAt,
      )
      return {
        body: payload as unknown as Record<string, unknown>,
        renderPdf: async () => ({
          content: await renderAppointmentPacket(payload, everyCarrier, attachments),
          filename: packetFilename(appointment.fullName, carrier.code),
        }),
      }
    },
  }
}

/** How carrier delivery rebuilds an appointment's packet for a retry (features/index.ts registers it). */
export function appointmentPacketSource(storage: FileStorage): PacketSource {
  return (executor, agencyId, appointmentId) =>
    buildAppointmentPacket(executor, storage, agencyId, appointmentId, [])
}
