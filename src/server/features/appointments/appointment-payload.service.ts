import type { DirectDeposit } from '#shared/contracts/appointments-direct-deposit.contract.ts'
import type { DocumentType } from '#shared/domain/document-types.ts'
import type { AppointmentRow } from './appointments.repository.ts'

/** An upload the packet names (and, for the three required ones, appends). */
export interface PacketDocument {
  documentType: DocumentType
  fileName: string
  sizeBytes: number
  sha256: string
}

/** Everything a packet is made from, read once when the submission is queued. */
export interface AppointmentPacketSource {
  appointment: AppointmentRow
  agencyName: string
  /** The agent who sent it (their account and name go on the packet). */
  sender: { name: string; email: string } | null
  directDeposit: DirectDeposit | null
  documents: PacketDocument[]
}

/** The JSON an API carrier receives: the application, the signature's evidence, and masked bank details. */
export function appointmentPayload(
  source: AppointmentPacketSource,
  submissionId: string,
  carrier: { id: string; code: string; name: string },
  submittedAt: string,
) {
  const { appointment: a, directDeposit } = source
  return {
    type: 'producer_appointment',
    submissionId,
    appointmentId: a.id,
    submittedAt,
    carrier,
    agency: { id: a.agencyId, name: source.agencyName },
    sentBy: source.sender,
    producer: {
      fullName: a.fullName,
      npn: a.npn,
      email: a.email,
      phone: a.phone,
      stateLicenses: a.stateLicenses,
      linesOfAuthority: a.linesOfAuthority,
      agencyAffiliation: a.agencyAffiliation || null,
      agencyCode: a.agencyCode || null,
    },
    errorsAndOmissions: {
      carrier: a.eoInsuranceCarrier,
      amount: a.eoInsuranceAmount,
      expirationDate: a.eoExpirationDate,
    },
    background: {
      felonyConviction: a.felonyConviction,
      disciplinaryAction: a.disciplinaryAction,
      details: a.backgroundDetails || null,
    },
    attestations: {
      w9Signed: a.w9Signed,
      eoDocumentSigned: a.eoDocumentSigned,
      voidedCheckSubmitted: a.voidedCheckSubmitted,
    },
    signature: {
      eSignature: a.eSignature,
      signedAt: a.createdAt.toISOString(),
      ipAddress: a.requestIpAddress,
      reportedIpAddress: a.ipAddress,
      userAgent: a.requestUserAgent ?? a.userAgent,
      geoLocation: a.geoLocation || null,
      termsVersion: a.termsVersion,
      termsAccepted: a.termsAccepted,
      privacyPolicyAccepted: a.privacyPolicyAccepted,
      consentToElectronicSignature: a.consentToElectronicSignature,
    },
    directDeposit: directDeposit && {
      bankName: directDeposit.bankName,
      accountType: directDeposit.accountType,
      routingNumber: directDeposit.routingNumberMasked,
      accountNumber: directDeposit.accountNumberMasked,
      accountHolderName: directDeposit.accountHolderName,
    },
    documents: source.documents,
  }
}
export type AppointmentPayload = ReturnType<typeof appointmentPayload>
