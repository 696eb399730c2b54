import type { SubmissionStatus } from './submission-status.ts'

/**
 * An appointment with one carrier (issue #12), as the agent sees it: submitted → pending →
 * approved | rejected. It is read from the carrier submission underneath (carrier delivery's
 * own, finer machine): delivered or waiting on the agent is submitted; acknowledged or under
 * review is pending; approved is approved; declined is rejected. A delivery that failed is
 * 'failed' (the spec's "anything else", a yellow warning) until the agent retries it.
 */
export const APPOINTMENT_STATUSES = ['submitted', 'pending', 'approved', 'rejected'] as const
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]
export type CarrierAppointmentStatus = AppointmentStatus | 'failed'

/** Where each status may go: forward only, and approved and rejected are final. */
export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  submitted: ['pending', 'approved', 'rejected'],
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
}

/** The statuses an agency admin may set by hand (a carrier told them by phone or letter). */
export const MANUAL_APPOINTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ManualAppointmentStatus = (typeof MANUAL_APPOINTMENT_STATUSES)[number]

export function appointmentStatusOf(status: SubmissionStatus): CarrierAppointmentStatus {
  switch (status) {
    case 'failed':
      return 'failed'
    case 'acknowledged':
    case 'under_review':
      return 'pending'
    case 'approved':
      return 'approved'
    case 'declined':
      return 'rejected'
    default:
      return 'submitted'
  }
}

/** The carrier submission status that records an admin's manual update. */
export const SUBMISSION_STATUS_FOR: Record<ManualAppointmentStatus, SubmissionStatus> = {
  pending: 'under_review',
  approved: 'approved',
  rejected: 'declined',
}

/**
 * Null when an admin may record this answer, else the 409's message naming both states. A packet
 * still queued has not reached the carrier (and a recorded answer would stop its delivery), and a
 * failed one must be retried first.
 */
export function refusedAppointmentMove(from: SubmissionStatus, to: AppointmentStatus): string | null {
  if (from === 'queued')
    return `This packet is still being delivered, so the appointment cannot become ${to} yet: record the carrier's answer once it is sent.`
  const current = appointmentStatusOf(from)
  if (current === 'failed')
    return `This appointment's delivery failed, so it cannot become ${to}: retry the delivery first.`
  if (APPOINTMENT_TRANSITIONS[current].includes(to)) return null
  return `An appointment that is ${current} cannot become ${to}.`
}

/**
 * The application's badge across its carriers: the furthest any carrier has come (approved, then
 * pending), rejected only when every carrier rejected it, and submitted otherwise (also before it
 * went to any carrier: it is submitted to the agency).
 */
export function summarizeAppointment(statuses: readonly CarrierAppointmentStatus[]): AppointmentStatus {
  if (statuses.includes('approved')) return 'approved'
  if (statuses.includes('pending')) return 'pending'
  if (statuses.length > 0 && statuses.every((status) => status === 'rejected')) return 'rejected'
  return 'submitted'
}

export const APPOINTMENT_STATUS_LABELS: Record<CarrierAppointmentStatus, string> = {
  submitted: 'Submitted',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  failed: 'Delivery failed',
}
