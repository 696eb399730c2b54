import type { Appointment, AppointmentCarrier } from '#shared/contracts/appointments.contract.ts'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { appointmentStatusOf, summarizeAppointment } from '#shared/domain/appointment-status.ts'
import type { AppointmentRow } from './appointments.repository.ts'

export function toAppointmentCarrier(submission: CarrierSubmission): AppointmentCarrier {
  return {
    carrierId: submission.carrierId,
    carrierName: submission.carrierName,
    submissionId: submission.id,
    status: appointmentStatusOf(submission.status),
    submissionStatus: submission.status,
    message: submission.message,
    confirmationNumber: submission.confirmationNumber,
    documentId: submission.documentId,
    updatedAt: submission.updatedAt,
  }
}

/** An application as the history shows it: its fields, its carriers, and the badge across them. */
export function toAppointment(
  row: AppointmentRow,
  agentName: string,
  submissions: readonly CarrierSubmission[],
): Appointment {
  const carriers = submissions.map(toAppointmentCarrier)
  return {
    id: row.id,
    status: summarizeAppointment(carriers.map((carrier) => carrier.status)),
    createdAt: row.createdAt.toISOString(),
    agentName,
    fullName: row.fullName,
    npn: row.npn,
    email: row.email,
    phone: row.phone,
    stateLicenses: row.stateLicenses,
    linesOfAuthority: row.linesOfAuthority,
    eoInsuranceCarrier: row.eoInsuranceCarrier,
    eoInsuranceAmount: row.eoInsuranceAmount,
    eoExpirationDate: row.eoExpirationDate,
    felonyConviction: row.felonyConviction,
    disciplinaryAction: row.disciplinaryAction,
    backgroundDetails: row.backgroundDetails,
    agencyAffiliation: row.agencyAffiliation,
    agencyCode: row.agencyCode,
    eSignature: row.eSignature,
    termsVersion: row.termsVersion,
    ipAddress: row.ipAddress,
    requestIpAddress: row.requestIpAddress,
    geoLocation: row.geoLocation,
    carriers,
  }
}
